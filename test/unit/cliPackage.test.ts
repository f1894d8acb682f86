// `npm run package:cli` as a CI job uses its result: the tarball is built once, installed from the
// file into an empty folder outside the repository with npm --offline (it has no dependency to fetch),
// and `npx health-data run|scrub|capture` work there against a real sandbox on 127.0.0.1.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';

const ROOT = path.resolve(__dirname, '..', '..');
const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const KEY = 'cli-package-key-77a0';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

let work: string;
let consumer: string;
let tarball: string;
let sandbox: SandboxHandle;

/** Only what a CI runner's shell has: no npm_* variables pointing back into this repository. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'HOME', 'USERPROFILE', 'APPDATA', 'LOCALAPPDATA', 'TMPDIR', 'TEMP', 'TMP', 'SystemRoot']) if (process.env[name] !== undefined) env[name] = process.env[name];
  return { ...env, ...extra };
}

/** Asynchronous: the sandbox `capture` asks runs in this process and must keep answering. */
function healthData(args: string[], options: { input?: string; env?: Record<string, string> } = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(npx, ['--offline', 'health-data', ...args], { cwd: consumer, env: cleanEnv(options.env), shell: process.platform === 'win32', timeout: 120_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

before(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'hde-cli-package-'));
  const packed = spawnSync(npm, ['run', '-s', 'package:cli', '--', '--destination', path.join(work, 'dist')], { cwd: ROOT, encoding: 'utf8', timeout: 300_000, shell: process.platform === 'win32' });
  assert.equal(packed.status, 0, `${packed.stdout}${packed.stderr}`);
  tarball = packed.stdout.trim().split('\n').at(-1)!;
  consumer = path.join(work, 'consumer');
  mkdirSync(consumer);
  const installed = spawnSync(npm, ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: consumer, encoding: 'utf8', timeout: 300_000, env: cleanEnv(), shell: process.platform === 'win32' });
  assert.equal(installed.status, 0, `${installed.stdout}${installed.stderr}`);
  sandbox = await startSandbox({ port: 0, apiKey: KEY });
});

after(async () => {
  await sandbox?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('the health-data-cli package', () => {
  test('health-data-cli-<version>.tgz: a bin named health-data with a shebang, no dependencies, its own README and licence', () => {
    assert.equal(path.basename(tarball), `health-data-cli-${VERSION}.tgz`);
    const installed = path.join(consumer, 'node_modules', 'health-data-cli');
    const manifest = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
    assert.deepEqual(manifest.bin, { 'health-data': 'cli.js' });
    assert.equal(manifest.version, VERSION);
    assert.equal(manifest.license, 'MIT');
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies', 'bundleDependencies']) assert.equal(manifest[field], undefined, field);
    assert.deepEqual(readdirSync(installed).sort(), ['LICENSE', 'README.md', 'apiClient.js', 'cli.js', 'package.json', 'sandbox.js']);
    assert.match(readFileSync(path.join(installed, 'cli.js'), 'utf8'), /^#!\/usr\/bin\/env node\n/);
    assert.match(readFileSync(path.join(installed, 'README.md'), 'utf8'), /^# health-data-cli/);
    assert.equal(readFileSync(path.join(installed, 'LICENSE'), 'utf8'), readFileSync(path.join(ROOT, 'LICENSE'), 'utf8'));
    assert.equal(existsSync(path.join(consumer, 'node_modules', '.bin', process.platform === 'win32' ? 'health-data.cmd' : 'health-data')), true);
  });

  test('npx health-data run: the sample notebook against the bundled sandbox, and help in the installed name', async () => {
    copyFileSync(path.join(ROOT, 'media', 'notebook', 'sample.hdnb.md'), path.join(consumer, 'sample.hdnb.md'));
    const { code, stdout, stderr } = await healthData(['run', 'sample.hdnb.md', '--sandbox', '--junit', 'report.xml']);
    assert.equal(code, 0, stdout + stderr);
    assert.match(stdout, /^sample\.hdnb\.md: 5 request cells against Local sandbox \(sample data\)$/m);
    assert.match(stdout, /^\d+ passed, 0 failed$/m);
    assert.match(readFileSync(path.join(consumer, 'report.xml'), 'utf8'), /<testcase classname="sample\.hdnb\.md" name="line \d+: expect status 200" file="sample\.hdnb\.md" line="\d+"/);
    const help = await healthData(['--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^Usage: health-data <command> \[options\]/);
    assert.match((await healthData(['run', '--help'])).stdout, /^Usage: health-data run FILE…/);
  });

  test('npx health-data scrub: a body with an e-mail address as client_user_id comes back without it', async () => {
    const body = { users: [{ user_id: '5b1d2c3e-0000-4000-8000-00000000a001', team_id: '5b1d2c3e-0000-4000-8000-00000000b001', client_user_id: 'maria.garcia@example.com', created_on: '2025-04-01T10:00:00+00:00', connected_sources: [] }], total: 1, offset: 0, limit: 1 };
    const { code, stdout, stderr } = await healthData(['scrub'], { input: JSON.stringify(body), env: { HEALTH_DATA_SCRUB_SECRET: 'package-test' } });
    assert.equal(code, 0, stderr);
    const scrubbed = JSON.parse(stdout) as typeof body;
    assert.equal(scrubbed.users.length, 1);
    assert.notEqual(scrubbed.users[0]!.client_user_id, body.users[0]!.client_user_id);
    assert.ok(!stdout.includes('maria.garcia') && !stdout.includes(body.users[0]!.user_id), stdout);
    assert.match(stderr, /^Scrubbed listUsers/);
  });

  test('npx health-data capture: one request to a sandbox on 127.0.0.1 written as a fixture, the key never printed', async () => {
    const { code, stdout, stderr } = await healthData(['capture', '--base-url', sandbox.url, '--operation', 'listUsers', '--limit', '2', '--out', 'fixtures'], { env: { HEALTH_DATA_API_KEY: KEY } });
    assert.equal(code, 0, stdout + stderr);
    assert.match(stdout, /^Wrote .*fixtures.* \(HTTP 200; scrubbed: /m);
    assert.ok(readdirSync(path.join(consumer, 'fixtures')).length >= 1, 'a fixture file');
    assert.ok(!stdout.includes(KEY) && !stderr.includes(KEY));
    // The sandbox it names is the package's own, as reached from the folder the command ran in.
    const [, sandboxFile] = /^node (\S+) --fixtures fixtures now answers: GET \/v2\/user/m.exec(stdout) ?? assert.fail(`the sandbox's command: ${stdout}`);
    assert.equal(existsSync(path.join(consumer, sandboxFile!)), true, `${sandboxFile} is there to run`);
  });
});
