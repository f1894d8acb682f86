// `npm run test:e2e [name…]`: packages the extension as a .vsix (production build, via `npm run
// package`), makes sure the test hosts are provisioned, then runs test/e2e/*.test.ts with
// node:test, one file at a time (each file starts its own server and browser): every file in the
// newest VS Code and the smoke file in the engine minimum (test/host/hosts.mjs, e2ePlan).
// HDE_HOSTS=minimum runs every file there instead; names (`npm run test:e2e -- tree smoke`) run
// just those files in each selected host. HDE_VSIX=<file> skips packaging.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describeHost, e2ePlan, HOSTS, selectHosts } from '../host/hosts.mjs';
import { ensurePrerequisites } from '../host/preflight.mjs';
import { ensureHost, REPO_ROOT } from '../host/provision.mjs';

const E2E_DIR = join(REPO_ROOT, 'test', 'e2e');
// Files (each its own code-server and browser) run this many at a time: on 2 cores two at a time took
// the layer from 1,207 s to 991 s (docs/test-hosts.md); a workbench keeps a core busy, so more gain little.
const E2E_CONCURRENCY = Number(process.env.HDE_E2E_CONCURRENCY ?? 2);
const vsix = process.env.HDE_VSIX ?? join(REPO_ROOT, 'out', 'health-data-explorer.vsix');
// The longest files start first, so the files running side by side end close together.
// untrusted holds the three files that shared one workbench since (chartTrust, hostileData, inputValidation).
const LONGEST_FIRST = ['panels', 'requests', 'untrusted', 'bloodPressure', 'coverage', 'guidedStart', 'accessibility', 'notebook'];
const allFiles = readdirSync(E2E_DIR)
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => name.slice(0, -'.test.ts'.length))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));

function rank(name) {
  const index = LONGEST_FIRST.indexOf(name);
  return index < 0 ? LONGEST_FIRST.length : index;
}
const named = process.argv.slice(2).map((name) => name.replace(/^.*\//, '').replace(/\.test\.ts$/, ''));
const unknown = named.filter((name) => !allFiles.includes(name));
let plan;
try {
  if (unknown.length > 0) throw new Error(`e2e: no test/e2e/${unknown[0]}.test.ts (there are: ${allFiles.join(', ')})`);
  plan = e2ePlan(selectHosts(process.env.HDE_HOSTS, HOSTS), named);
} catch (error) {
  console.error(error.message);
  process.exit(2);
}

ensurePrerequisites({ browser: true, hosts: plan.map((run) => run.host) });

if (!process.env.HDE_VSIX) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const packaged = spawnSync(npm, ['run', '-s', 'package'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (packaged.status !== 0 || !existsSync(vsix)) {
    console.error('e2e: packaging the extension failed');
    process.exit(1);
  }
}

const runStarted = Date.now();
let status = 0;
for (const { host, files } of plan) {
  const names = files === 'all' ? allFiles : files;
  console.log(`\n[e2e] ── ${describeHost(host)}: ${files === 'all' ? 'every file' : names.join(', ')} ──`);
  await ensureHost(host);
  // node:test's summary (ℹ pass / ℹ fail) closes each host's run; test/runAll.mjs runs one host per call.
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', `--test-concurrency=${E2E_CONCURRENCY}`, '--test-reporter=spec', ...names.map((name) => join('test', 'e2e', `${name}.test.ts`))],
    { cwd: REPO_ROOT, stdio: 'inherit', env: { ...process.env, HDE_VSIX: vsix, HDE_HOSTS: host.name } },
  );
  console.log(`[e2e] ${describeHost(host)}: ${result.status === 0 ? 'passed' : `failed (exit ${result.status ?? result.signal})`}`);
  if (result.status !== 0) status = result.status ?? 1;
}

// The screenshots README.md and docs/ show are the e2e suite's own: `HDE_UPDATE_SCREENSHOTS=1
// npm run test:e2e` copies them from test-results/ into media/screenshots/ (docs/ pages link them as
// ../media/screenshots/…; test/unit/docsLinks.test.ts checks that every image they show exists).
const DOCS_SCREENSHOTS = [
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
  'users-tree-10k-resolved-dark',
  'labs-deviation-line',
  'bp-vendor-shape',
  'notebook-light',
];
// Only the pictures this run took: a run of some files (npm test's smoke layer) leaves the others
// in test-results/ from an earlier run, of other code.
if (status === 0 && process.env.HDE_UPDATE_SCREENSHOTS === '1') {
  const target = join(REPO_ROOT, 'media', 'screenshots');
  mkdirSync(target, { recursive: true });
  for (const name of DOCS_SCREENSHOTS) {
    const source = join(REPO_ROOT, 'test-results', `${name}.png`);
    if (existsSync(source) && statSync(source).mtimeMs >= runStarted) copyFileSync(source, join(target, `${name}.png`));
    else if (named.length === 0) console.error(`e2e: ${name}.png was not taken in this run; media/screenshots keeps the old one`);
  }
}
process.exit(status);
