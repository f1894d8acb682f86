// The host matrix (test/host/hosts.mjs): which VS Code builds a run uses (HDE_HOSTS), which e2e
// files run where, and the version test an integration test asks before using a newer API.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { e2ePlan, HOSTS, MINIMUM_HOST, NEWEST_HOST, nodeMajor, selectHost, selectHosts, SMOKE_E2E, versionAtLeast } from '../host/hosts.mjs';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { vscode: string } };

describe('test hosts: the matrix', () => {
  it('spans the engine minimum of package.json and a newer VS Code, oldest first', () => {
    assert.equal(`^${MINIMUM_HOST.vscode.replace(/\.\d+$/, '.0')}`, manifest.engines.vscode);
    assert.ok(versionAtLeast(NEWEST_HOST.vscode, MINIMUM_HOST.vscode) && NEWEST_HOST.vscode !== MINIMUM_HOST.vscode);
    assert.deepEqual(HOSTS.map((host) => host.name), ['minimum', 'newest']);
  });

  it('only builds that ignore the test payload without it start in smoke-test-driver mode', () => {
    assert.deepEqual(MINIMUM_HOST.testPayloadArgs, []);
    assert.deepEqual(NEWEST_HOST.testPayloadArgs, ['--vscode-option', 'enable-smoke-test-driver']);
  });
});

describe('test hosts: HDE_HOSTS', () => {
  it('falls back when unset or blank', () => {
    assert.deepEqual(selectHosts(undefined, HOSTS), [...HOSTS]);
    assert.deepEqual(selectHosts(' , ', [NEWEST_HOST]), [NEWEST_HOST]);
  });

  it('accepts names, VS Code and code-server versions, any case, in matrix order without repeats', () => {
    assert.deepEqual(selectHosts('Newest', HOSTS), [NEWEST_HOST]);
    assert.deepEqual(selectHosts(`${NEWEST_HOST.codeServer}, ${MINIMUM_HOST.vscode}, minimum`, HOSTS), [MINIMUM_HOST, NEWEST_HOST]);
    assert.deepEqual(selectHosts('all', [MINIMUM_HOST]), [...HOSTS]);
  });

  it('names what it accepts when a host is unknown', () => {
    assert.throws(() => selectHosts('1.95.0', HOSTS), /HDE_HOSTS: no host "1\.95\.0"\. Use all, or one or more of: minimum \(1\.100\.3, 4\.100\.3\), newest/);
  });

  it('a single-host run takes the first selected host, else the fallback', () => {
    assert.equal(selectHost(undefined, NEWEST_HOST), NEWEST_HOST);
    assert.equal(selectHost('minimum,newest', NEWEST_HOST), MINIMUM_HOST);
  });
});

describe('test hosts: which e2e files run where', () => {
  it('every file in the newest selected host, the smoke file in each other one', () => {
    assert.deepEqual(e2ePlan(HOSTS), [
      { host: MINIMUM_HOST, files: [SMOKE_E2E] },
      { host: NEWEST_HOST, files: 'all' },
    ]);
  });

  it('a single selected host runs every file, and named files run in every selected host', () => {
    assert.deepEqual(e2ePlan([MINIMUM_HOST]), [{ host: MINIMUM_HOST, files: 'all' }]);
    assert.deepEqual(e2ePlan(HOSTS, ['tree']), [
      { host: MINIMUM_HOST, files: ['tree'] },
      { host: NEWEST_HOST, files: ['tree'] },
    ]);
  });
});

describe('test hosts: versions', () => {
  it('compares numerically, ignoring a v prefix and a pre-release suffix', () => {
    assert.equal(versionAtLeast('1.139.1', '1.101.0'), true);
    assert.equal(versionAtLeast('1.100.3', '1.101.0'), false);
    assert.equal(versionAtLeast('1.100.3', '1.100.3'), true);
    assert.equal(versionAtLeast('1.100.10', '1.100.9'), true);
    assert.equal(versionAtLeast('1.101.0-insider', '1.101'), true);
    assert.equal(versionAtLeast('v24.21.0', '24.0.0'), true);
    assert.equal(nodeMajor('v20.20.2'), 20);
    assert.equal(nodeMajor(NEWEST_HOST.node), 24);
  });
});
