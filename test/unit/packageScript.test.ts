// `npm run package` as a new user runs it: in a copy of the working tree as a fresh clone has it
// (no out/, no dist/; node_modules linked in place of `npm ci`), it builds and writes the .vsix the
// README promises. Before the script created out/ itself this ended with ENOENT. The packaged README
// is what the Marketplace shows: its links to docs/ and its images point at the repository on GitHub.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { inflateRawSync } from 'node:zlib';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

const ROOT = path.resolve(__dirname, '..', '..');
const VSIX = path.join('out', 'health-data-explorer.vsix');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let clone: string;

/** One file of a zip archive, read through its central directory (stored or deflated). */
function zipEntry(zip: Buffer, name: string): string {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(end >= 0, 'the archive has an end of central directory');
  let at = zip.readUInt32LE(end + 16);
  for (let entries = zip.readUInt16LE(end + 10); entries > 0; entries--) {
    assert.equal(zip.readUInt32LE(at), 0x02014b50, 'a central directory entry');
    const nameLength = zip.readUInt16LE(at + 28);
    const entryName = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (entryName === name) {
      const method = zip.readUInt16LE(at + 10);
      const size = zip.readUInt32LE(at + 20);
      const local = zip.readUInt32LE(at + 42);
      const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const bytes = zip.subarray(data, data + size);
      return (method === 8 ? inflateRawSync(bytes) : bytes).toString('utf8');
    }
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  assert.fail(`${name} is not in the archive`);
}

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
    // docs/ stays out of the package (.vscodeignore): vsce points the README's relative links at GitHub.
    assert.ok(!names.includes('extension/docs/'), 'no docs/ in the .vsix');
    const readme = zipEntry(vsix, 'extension/readme.md');
    const targets = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
    assert.ok(targets.includes('https://github.com/health-data-tools/health-data-explorer/blob/HEAD/docs/README.md'), 'the docs index, on GitHub');
    assert.ok(targets.includes('https://github.com/health-data-tools/health-data-explorer/raw/HEAD/media/screenshots/bp-dark.png'), 'the hero image, on GitHub');
    assert.deepEqual(targets.filter((target) => !/^(https:\/\/|#)/.test(target)), [], 'every link and image of the packaged README is absolute');
  });
});
