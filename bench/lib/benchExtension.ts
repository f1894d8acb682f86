// Packages a throwaway extension for a benchmark's baseline (the activation benchmark's no-op, the
// Users view's bare TreeDataProvider) with vsce, like ours, into a temporary folder.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './productionBuild';

export interface BenchExtensionSource {
  /** The package name, also the folder's prefix. */
  name: string;
  displayName: string;
  description: string;
  /** Manifest fields beyond the ones every extension needs (activationEvents, contributes…). */
  manifest: Record<string, unknown>;
  /** extension.js, the whole of its code. */
  main: string;
  /** Further files by relative path (an activity-bar icon…). */
  files?: Record<string, string>;
}

export interface PackagedBenchExtension {
  /** Remove it when done. */
  dir: string;
  vsix: string;
}

export function packageBenchExtension(source: BenchExtensionSource): PackagedBenchExtension {
  const dir = mkdtempSync(join(tmpdir(), `${source.name}-`));
  const manifest = {
    name: source.name,
    displayName: source.displayName,
    description: source.description,
    version: '0.0.1',
    publisher: 'health-data-tools',
    license: 'MIT',
    engines: { vscode: '^1.100.0' },
    main: './extension.js',
    ...source.manifest,
  };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  writeFileSync(join(dir, 'extension.js'), source.main);
  writeFileSync(join(dir, 'README.md'), `# ${source.displayName}\n\n${source.description}\n`);
  writeFileSync(join(dir, 'LICENSE'), 'MIT\n');
  for (const [path, text] of Object.entries(source.files ?? {})) writeFileSync(join(dir, path), text);
  const vsix = join(dir, `${source.name}.vsix`);
  const vsce = join(REPO_ROOT, 'node_modules', '.bin', 'vsce');
  const packaged = spawnSync(vsce, ['package', '--no-dependencies', '--allow-missing-repository', '--out', vsix], { cwd: dir, encoding: 'utf8' });
  if (packaged.status !== 0) throw new Error(`vsce package of ${source.name} failed:\n${packaged.stdout}\n${packaged.stderr}`);
  return { dir, vsix };
}
