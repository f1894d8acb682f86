// `npm run package` as a new user runs it: in a copy of the working tree as a fresh clone has it
// (no out/, no dist/; node_modules linked in place of `npm ci`), it builds and writes the .vsix the
// README promises. Before the script created out/ itself this ended with ENOENT.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

const ROOT = path.resolve(__dirname, '..', '..');
const VSIX = path.join('out', 'health-data-explorer.vsix');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let clone: string;

before(() => {
  clone = mkdtempSync(path.join(tmpdir(), 'hde-package-'));
  // What a clone holds: tracked files plus new ones not ignored (this change's own files).
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(listed.status, 0, `git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(path.join(ROOT, file))) continue; // deleted in the working tree, not yet committed
    mkdirSync(path.dirname(path.join(clone, file)), { recursive: true });
    copyFileSync(path.join(ROOT, file), path.join(clone, file));
  }
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(clone, 'node_modules'), 'dir');
});

after(() => rmSync(clone, { recursive: true, force: true }));

describe('npm run package from a fresh clone', () => {
  it('creates out/ and writes out/health-data-explorer.vsix holding the production bundles', () => {
    assert.equal(existsSync(path.join(clone, 'out')), false, 'a fresh clone has no out/ folder');
    const result = spawnSync(npm, ['run', '-s', 'package'], { cwd: clone, encoding: 'utf8', timeout: 180_000, env: { ...process.env, CI: 'true' } });
    const output = `${result.stdout}${result.stderr}`;
    assert.equal(result.status, 0, output);
    assert.doesNotMatch(output, /ENOENT/);
    const vsix = readFileSync(path.join(clone, VSIX));
    assert.equal(vsix.subarray(0, 2).toString('latin1'), 'PK', 'the .vsix is a zip archive');
    // Zip entries carry their names in plain text: the manifest and the bundles are in it, the sources are not.
    const names = vsix.toString('latin1');
    for (const entry of ['extension.vsixmanifest', 'extension/package.json', 'extension/dist/extension.js', 'extension/dist/shell.js', 'extension/dist/mcp.js', 'extension/readme.md']) {
      assert.ok(names.includes(entry), `${entry} is in the .vsix`);
    }
    assert.ok(!names.includes('extension/src/'), 'no sources in the .vsix');
    // The command line runs from a clone in CI, never from the installed extension.
    assert.ok(!names.includes('extension/dist/cli.js'), 'no dist/cli.js in the .vsix');
  });
});
