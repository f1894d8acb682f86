// `npm run test:integration`: builds the extension and the suite, then runs the suite inside a real
// VS Code extension host through @vscode/test-electron's runTests().
// Default host: code-server (VS Code 1.100.3 from npm, installed under .vscode-test/ on first use),
// driven by test/host/vscodeLauncher.mjs, because desktop VS Code cannot be downloaded offline.
// HDE_VSCODE_HOST=desktop lets runTests download and use desktop VS Code instead (needs internet).
import { runTests } from '@vscode/test-electron';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrerequisites } from '../host/preflight.mjs';
import { ensureCodeServer, REPO_ROOT } from '../host/provision.mjs';
import { buildIntegrationTests } from './build.mjs';

const LAUNCHER = join(REPO_ROOT, 'test', 'host', 'vscodeLauncher.mjs');
const useDesktop = process.env.HDE_VSCODE_HOST === 'desktop';

// The launcher drives code-server's workbench in Chromium; desktop VS Code needs neither.
if (!useDesktop) ensurePrerequisites({ browser: true });

// test/runAll.mjs builds once for every layer and sets HDE_SKIP_BUILD.
if (!process.env.HDE_SKIP_BUILD) {
  const build = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const { outDir } = await buildIntegrationTests();
if (!useDesktop) await ensureCodeServer();

let exitCode = 0;
try {
  await runTests({
    ...(useDesktop ? {} : { vscodeExecutablePath: LAUNCHER }),
    extensionDevelopmentPath: REPO_ROOT,
    extensionTestsPath: join(outDir, 'index.js'),
    launchArgs: ['--disable-extensions'],
  });
} catch (error) {
  console.error(`integration tests failed: ${error instanceof Error ? error.message : error}`);
  exitCode = 1;
}

const resultsFile = join(outDir, 'results.json');
if (!existsSync(resultsFile)) {
  console.error('integration tests reported no results: the suite did not run (see the log above)');
  process.exit(1);
}
const { passed, failed } = JSON.parse(readFileSync(resultsFile, 'utf8'));
if (failed > 0 || passed === 0) exitCode = 1;
process.exit(exitCode);
