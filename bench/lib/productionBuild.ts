// The production build every benchmark measures, made in a throwaway mirror of the repository
// (symlinked sources, copied manifest and docs), so `npm run bench` never touches the working
// tree's dist/ or out/ while someone else builds or tests there. `vsce package` runs the
// manifest's vscode:prepublish (esbuild --production), exactly like `npm run package`.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '..', '..');
const COPIED = ['package.json', 'tsconfig.json', 'README.md', 'CHANGELOG.md', 'LICENSE', '.vscodeignore', 'media'];
const LINKED = ['src', 'node_modules', 'esbuild.mjs'];

export interface ProductionBuild {
  root: string;
  dist: string;
  vsix: string;
  /** Seconds the build and packaging took. */
  seconds: number;
}

/** Reuses the build named by HDE_BENCH_BUILD (set by bench/run.ts), or makes one. */
export function productionBuild(): ProductionBuild {
  const given = process.env.HDE_BENCH_BUILD;
  if (given && existsSync(join(given, 'out', 'extension.vsix'))) {
    return { root: given, dist: join(given, 'dist'), vsix: join(given, 'out', 'extension.vsix'), seconds: 0 };
  }
  return makeProductionBuild();
}

export function makeProductionBuild(): ProductionBuild {
  const started = performance.now();
  const root = mkdtempSync(join(tmpdir(), 'hde-bench-build-'));
  for (const name of COPIED) if (existsSync(join(REPO_ROOT, name))) cpSync(join(REPO_ROOT, name), join(root, name), { recursive: true });
  for (const name of LINKED) symlinkSync(join(REPO_ROOT, name), join(root, name));
  mkdirSync(join(root, 'out'));
  const vsix = join(root, 'out', 'extension.vsix');
  const vsce = join(REPO_ROOT, 'node_modules', '.bin', 'vsce');
  const packaged = spawnSync(vsce, ['package', '--no-dependencies', '--out', vsix], { cwd: root, encoding: 'utf8' });
  if (packaged.status !== 0 || !existsSync(vsix)) {
    throw new Error(`vsce package failed in ${root}:\n${packaged.stdout}\n${packaged.stderr}`);
  }
  return { root, dist: join(root, 'dist'), vsix, seconds: (performance.now() - started) / 1000 };
}

export function removeProductionBuild(build: ProductionBuild): void {
  rmSync(build.root, { recursive: true, force: true });
}
