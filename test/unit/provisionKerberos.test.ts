// code-server's install without libkrb5-dev: VS Code's `kerberos` dependency becomes optional in
// both its package.json and its shrinkwrap (npm then drops it where it cannot be compiled), and
// nothing else in either file changes.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { makeKerberosOptional } from '../host/provision.mjs';

let dir: string;
const read = (name: string) => JSON.parse(readFileSync(path.join(dir, name), 'utf8'));

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hde-kerberos-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('provision: kerberos made optional', () => {
  it('moves kerberos to optionalDependencies in package.json and the shrinkwrap, marking its node optional', () => {
    const manifest = { name: 'code-server', dependencies: { 'node-pty': '^1.1.0', kerberos: '2.1.1', yazl: '^2.4.3' }, type: 'module' };
    const shrinkwrap = {
      lockfileVersion: 3,
      packages: {
        '': { name: 'code-server', dependencies: { ...manifest.dependencies } },
        'node_modules/kerberos': { version: '2.1.1', hasInstallScript: true },
        'node_modules/node-pty': { version: '1.1.0', hasInstallScript: true },
      },
    };
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest));
    writeFileSync(path.join(dir, 'npm-shrinkwrap.json'), JSON.stringify(shrinkwrap));

    makeKerberosOptional(dir);

    const after = read('package.json');
    assert.deepEqual(after.dependencies, { 'node-pty': '^1.1.0', yazl: '^2.4.3' });
    assert.deepEqual(after.optionalDependencies, { kerberos: '2.1.1' });
    assert.equal(after.type, 'module');
    const lock = read('npm-shrinkwrap.json');
    assert.deepEqual(lock.packages[''].dependencies, { 'node-pty': '^1.1.0', yazl: '^2.4.3' });
    assert.deepEqual(lock.packages[''].optionalDependencies, { kerberos: '2.1.1' });
    assert.equal(lock.packages['node_modules/kerberos'].optional, true);
    assert.equal(lock.packages['node_modules/node-pty'].optional, undefined);
  });

  it('leaves a manifest without kerberos (a later code-server) as it was, with or without a shrinkwrap', () => {
    const manifest = { name: 'code-server', dependencies: { 'node-pty': '^1.1.0' } };
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest));
    makeKerberosOptional(dir);
    assert.deepEqual(read('package.json'), manifest);
  });
});
