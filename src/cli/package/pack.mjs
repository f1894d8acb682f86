// `npm run package:cli [-- --destination DIR]`: the command line as an npm package of its own,
// health-data-cli-<version>.tgz (at the repository root unless --destination says where). It holds the
// bundles `run`, `scrub` and `capture` need (cli.js with its shebang, the sandbox, the HTTP client: every
// dependency bundled in, none to install), its README and the licence. Built in a folder of its own, so
// dist/ and a running watch are left alone.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const PACKAGE_NAME = 'health-data-cli';
const BUNDLES = ['cli', 'sandbox', 'apiClient'];

const root = resolve(import.meta.dirname, '..', '..', '..');
const args = process.argv.slice(2);
const at = args.findIndex((arg) => arg === '--destination' || arg.startsWith('--destination='));
const destination = resolve(at < 0 ? root : args[at].includes('=') ? args[at].slice(args[at].indexOf('=') + 1) : (args[at + 1] ?? ''));

function run(command, commandArgs, cwd) {
  const result = spawnSync(command, commandArgs, { cwd, encoding: 'utf8', shell: process.platform === 'win32' });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

const extension = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const stage = mkdtempSync(join(tmpdir(), `${PACKAGE_NAME}-`));
try {
  run(process.execPath, ['esbuild.mjs', '--production', `--only=${BUNDLES.join(',')}`, `--outdir=${stage}`], root);
  const manifest = {
    name: PACKAGE_NAME,
    version: extension.version,
    description: 'Health Data notebooks (*.hdnb.md) in CI, the scrubber and sandbox fixtures, from the command line: run, scrub, capture.',
    license: extension.license,
    repository: extension.repository,
    homepage: extension.homepage,
    bugs: extension.bugs,
    keywords: ['health', 'api', 'notebook', 'junit', 'ci', 'sandbox', 'scrub'],
    engines: { node: extension.engines.node },
    bin: { 'health-data': 'cli.js' },
    files: BUNDLES.map((bundle) => `${bundle}.js`),
  };
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  copyFileSync(join(root, 'src', 'cli', 'package', 'README.md'), join(stage, 'README.md'));
  copyFileSync(join(root, 'LICENSE'), join(stage, 'LICENSE'));
  mkdirSync(destination, { recursive: true });
  const packed = JSON.parse(run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['pack', '--json', '--pack-destination', destination], stage));
  console.log(join(destination, packed[0].filename));
} finally {
  rmSync(stage, { recursive: true, force: true });
}
