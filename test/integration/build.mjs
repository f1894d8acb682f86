// Bundles the extension-host test suite into out/integration/: index.js (the mocha entry that
// VS Code loads as extensionTestsPath) plus one bundle per test/integration/*.test.ts.
// `vscode` is the host's real API and mocha is loaded from node_modules, so both stay external.
import * as esbuild from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const INTEGRATION_OUT_DIR = resolve(here, '..', '..', 'out', 'integration');

export async function buildIntegrationTests() {
  rmSync(INTEGRATION_OUT_DIR, { recursive: true, force: true });
  const tests = readdirSync(here).filter((name) => name.endsWith('.test.ts'));
  await esbuild.build({
    entryPoints: ['index.ts', ...tests].map((name) => join(here, name)),
    outdir: INTEGRATION_OUT_DIR,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
  return { outDir: INTEGRATION_OUT_DIR, tests };
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  const { tests } = await buildIntegrationTests();
  console.log(`built ${tests.length} integration test file(s) into ${INTEGRATION_OUT_DIR}`);
}
