// The panel's real localized strings (src/l10n/panelStrings.ts) for a webview driven outside VS
// Code. The file calls vscode.l10n.t, which returns its message unchanged when no translation is
// loaded; this bundles it with exactly that one function standing in for the `vscode` module.
import { build } from 'esbuild';
import { join } from 'node:path';
import type { BloodPressureStrings } from '../../src/shared/bloodPressureProtocol';
import type { CoverageScanStrings } from '../../src/shared/coverageScanProtocol';
import { REPO_ROOT } from './productionBuild';

export async function bloodPressureStrings(): Promise<BloodPressureStrings> {
  return (await untranslated<{ bloodPressureStrings(): BloodPressureStrings }>('panelStrings.ts')).bloodPressureStrings();
}

/** Scan Data Coverage's strings (src/l10n/coverageScanStrings.ts), the same way. */
export async function coverageScanStrings(): Promise<CoverageScanStrings> {
  return (await untranslated<{ coverageScanStrings(): CoverageScanStrings }>('coverageScanStrings.ts')).coverageScanStrings();
}

async function untranslated<TModule>(file: string): Promise<TModule> {
  const result = await build({
    entryPoints: [join(REPO_ROOT, 'src', 'l10n', file)],
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'node',
    logLevel: 'silent',
    plugins: [
      {
        name: 'untranslated-l10n',
        setup(plugin) {
          plugin.onResolve({ filter: /^vscode$/ }, () => ({ path: 'vscode', namespace: 'untranslated-l10n' }));
          plugin.onLoad({ filter: /.*/, namespace: 'untranslated-l10n' }, () => ({
            contents: 'exports.l10n = { t: (message) => message };',
            loader: 'js',
          }));
        },
      },
    ],
  });
  const module = { exports: {} as TModule };
  new Function('module', 'exports', 'require', result.outputFiles[0]!.text)(module, module.exports, require);
  return module.exports;
}
