// The production bundles that run in the extension host take the `vscode` API as it is: one
// require('vscode') per bundle, whose namespace is copied once (esbuild.mjs's vscodeApiOnce), not once
// per module that imports it. The copy walks every member of the API and was most of the bootstrap's
// own evaluation time at activation (11 copies in extension.js, about 100 in shell.js).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import Module from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

const ROOT = path.resolve(__dirname, '..', '..');
const HOST_BUNDLES = ['extension', 'shell', 'panels'];

let mirror: string;

before(() => {
  // A throwaway mirror, so the build never touches the working tree's dist/.
  mirror = mkdtempSync(path.join(tmpdir(), 'hde-bundle-vscode-'));
  for (const name of ['src', 'node_modules']) symlinkSync(path.join(ROOT, name), path.join(mirror, name), 'dir');
  for (const name of ['esbuild.mjs', 'package.json', 'tsconfig.json']) cpSync(path.join(ROOT, name), path.join(mirror, name));
  for (const only of HOST_BUNDLES) {
    const built = spawnSync(process.execPath, ['esbuild.mjs', '--production', `--only=${only}`], { cwd: mirror, encoding: 'utf8' });
    assert.equal(built.status, 0, `${built.stdout}${built.stderr}`);
  }
});

after(() => rmSync(mirror, { recursive: true, force: true }));

/** A stand-in for the host's API object that counts how often its members are listed. */
function countingVscodeApi(): { api: object; listings: () => number } {
  let listings = 0;
  // The API's top-level names from its typings: classes (a bundle may extend one as it loads), the rest plain objects.
  const typings = readFileSync(require.resolve('@types/vscode/index.d.ts'), 'utf8');
  const members: Record<string, unknown> = {};
  for (const [, kind, name] of typings.matchAll(/^\texport (class|enum|namespace|const|function) (\w+)/gm)) {
    members[name!] = kind === 'class' ? class {} : kind === 'function' ? () => undefined : {};
  }
  assert.ok(Object.keys(members).length > 100, 'the typings list the API members');
  const api = new Proxy(members, {
    ownKeys(target) {
      listings++;
      return Reflect.ownKeys(target);
    },
  });
  return { api, listings: () => listings };
}

/** Requires a bundle with `vscode` answered by `api`. */
function requireWithApi(file: string, api: object): unknown {
  const loader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const original = loader._load;
  loader._load = function (request: string, ...rest: unknown[]) {
    return request === 'vscode' ? api : original.call(this, request, ...rest);
  };
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loading the built bundle is the test
    return require(file);
  } finally {
    loader._load = original;
  }
}

describe('the host bundles and the vscode API', () => {
  for (const name of HOST_BUNDLES) {
    it(`dist/${name}.js requires vscode once and lists its members once`, () => {
      const file = path.join(mirror, 'dist', `${name}.js`);
      assert.equal(readFileSync(file, 'utf8').split('require("vscode")').length - 1, 1);
      const { api, listings } = countingVscodeApi();
      const exports = requireWithApi(file, api);
      assert.ok(exports && typeof exports === 'object');
      assert.equal(listings(), 1, 'the API namespace is copied once when the bundle loads');
    });
  }
});
