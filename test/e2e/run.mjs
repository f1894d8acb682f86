// `npm run test:e2e`: packages the extension as a .vsix (production build, via `npm run package`),
// makes sure code-server is provisioned, then runs every test/e2e/*.test.ts with node:test, one
// file at a time (each file starts its own server and browser). HDE_VSIX=<file> skips packaging.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrerequisites } from '../host/preflight.mjs';
import { ensureCodeServer, REPO_ROOT } from '../host/provision.mjs';

const E2E_DIR = join(REPO_ROOT, 'test', 'e2e');
const vsix = process.env.HDE_VSIX ?? join(REPO_ROOT, 'out', 'health-data-explorer.vsix');

ensurePrerequisites({ browser: true });

if (!process.env.HDE_VSIX) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const packaged = spawnSync(npm, ['run', '-s', 'package'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (packaged.status !== 0 || !existsSync(vsix)) {
    console.error('e2e: packaging the extension failed');
    process.exit(1);
  }
}
await ensureCodeServer();

const files = readdirSync(E2E_DIR)
  .filter((name) => name.endsWith('.test.ts'))
  .sort()
  .map((name) => join('test', 'e2e', name));
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...files],
  { cwd: REPO_ROOT, stdio: 'inherit', env: { ...process.env, HDE_VSIX: vsix } },
);

// The README's screenshots are the e2e suite's own: `HDE_UPDATE_SCREENSHOTS=1 npm run test:e2e`
// copies the ones the README shows from test-results/ into media/screenshots/.
const README_SCREENSHOTS = [
  'tree-light',
  'tree-dark',
  'bp-light',
  'bp-dark',
  'labs-light',
  'labs-dark',
  'walkthrough-light',
  'lookup-editor-context-menu-dark',
  'requests-document-dark',
  'bp-production-dark',
  'diagnosis-dark',
  'scan-heatmap-light',
  'users-tree-100k-resolved-dark',
];
if (result.status === 0 && process.env.HDE_UPDATE_SCREENSHOTS === '1') {
  const target = join(REPO_ROOT, 'media', 'screenshots');
  mkdirSync(target, { recursive: true });
  for (const name of README_SCREENSHOTS) {
    const source = join(REPO_ROOT, 'test-results', `${name}.png`);
    if (existsSync(source)) copyFileSync(source, join(target, `${name}.png`));
    else console.error(`e2e: ${name}.png was not taken; media/screenshots keeps the old one`);
  }
}
process.exit(result.status ?? 1);
