// Benchmark: activation in the real host, against a baseline activated beside it. code-server
// (VS Code 1.100.3) in headless Chromium, with two extensions installed in the same profile: the
// production .vsix and a no-op extension this benchmark packages (it requires `vscode` like any
// extension, then its activate() does nothing; the same onStartupFinished event). After the first
// load and after each reload, "Developer: Show Running Extensions" gives both activation times
// (code loading + the activate() call, the host's own timing); the figure is the median of ours,
// the ratio the median of per-load ratios. The host's load moves both alike, so the ratio holds
// across machines where the milliseconds do not.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser, type LaunchedBrowser } from '../test/host/browser.mjs';
import { createProfile, installExtension, startCodeServer, type CodeServer } from '../test/host/codeServer.mjs';
import { describeHost, MINIMUM_HOST, selectHost } from '../test/host/hosts.mjs';
import { Workbench } from '../test/e2e/workbench';
import { productionBuild, REPO_ROOT } from './lib/productionBuild';
import { describeFigure, emitResults, type BenchFigure } from './lib/results';
import { median, round } from './lib/stats';

const REPS = Number(process.env.HDE_BENCH_REPS ?? 7);
const TARGET = 1.5;
const EXTENSION_NAME = 'Health Data Explorer';
const NOOP_NAME = 'HDE Bench No-op';

async function main(): Promise<void> {
  const build = productionBuild();
  const noop = packageNoopExtension();
  // VS Code 1.100.3 like the other workbench figures, so they compare with earlier runs.
  const host = selectHost(process.env.HDE_HOSTS, MINIMUM_HOST);
  console.error(`[bench] activation: ${describeHost(host)}`);
  const profile = createProfile();
  await installExtension(profile, build.vsix, host);
  await installExtension(profile, noop.vsix, host);
  let server: CodeServer | undefined;
  let browser: LaunchedBrowser | undefined;
  try {
    server = await startCodeServer({ profile, vscodeHost: host });
    browser = await launchBrowser();
    const workbench = new Workbench(server, browser);
    await workbench.load();
    const ours: number[] = [];
    const baseline: number[] = [];
    const ratios: number[] = [];
    for (let rep = 0; rep < REPS; rep++) {
      if (rep > 0) {
        await workbench.page.reload();
        await workbench.page.locator('.monaco-workbench .part.statusbar').waitFor();
      }
      const times = await activationTimes(workbench, [EXTENSION_NAME, NOOP_NAME]);
      const [mine, theirs] = [times[EXTENSION_NAME]!, times[NOOP_NAME]!];
      ours.push(mine);
      baseline.push(theirs);
      // A no-op can read 0 ms: compare with at least 1 ms, the display's resolution.
      ratios.push(round(mine / Math.max(1, theirs), 2));
      log(`${rep === 0 ? 'first load' : `reload ${rep}`}: ${EXTENSION_NAME} ${mine} ms, no-op ${theirs} ms`);
    }
    const ratio = median(ratios);
    const figure: BenchFigure = {
      id: 'activation',
      title: 'Activation in code-server (code loading + activate()), beside a no-op extension',
      figure: { value: median(ours), unit: 'ms' },
      baseline: { value: median(baseline), unit: 'ms', what: 'a no-op extension (empty activate(), onStartupFinished) activated in the same host, same loads' },
      ratio: round(ratio, 2),
      target: `ratio ≤ ${TARGET}`,
      meetsTarget: ratio <= TARGET,
      details: { samplesMs: ours, baselineSamplesMs: baseline, ratios },
      note: 'From "Developer: Show Running Extensions" after the first load and each reload. Ratio: median of per-load ratios (the no-op counted as at least 1 ms).',
    };
    console.log(describeFigure(figure));
    emitResults('activation', [figure]);
  } finally {
    await browser?.close();
    await server?.stop();
    rmSync(noop.dir, { recursive: true, force: true });
  }
}

/** A one-file extension whose activate() does nothing, packaged with vsce like ours. */
function packageNoopExtension(): { dir: string; vsix: string } {
  const dir = mkdtempSync(join(tmpdir(), 'hde-bench-noop-'));
  const manifest = {
    name: 'hde-bench-noop',
    displayName: NOOP_NAME,
    description: 'The baseline of the activation benchmark: activates and does nothing.',
    version: '0.0.1',
    publisher: 'health-data-tools',
    license: 'MIT',
    engines: { vscode: '^1.100.0' },
    main: './extension.js',
    activationEvents: ['onStartupFinished'],
  };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  // It takes the API as every extension does (the host builds an API object per extension on the
  // first require), then does nothing.
  writeFileSync(
    join(dir, 'extension.js'),
    "'use strict';\nconst vscode = require('vscode');\nexports.activate = function activate() { return vscode.version ? undefined : undefined; };\nexports.deactivate = function deactivate() {};\n",
  );
  writeFileSync(join(dir, 'README.md'), '# HDE Bench No-op\n\nThe baseline of the activation benchmark.\n');
  writeFileSync(join(dir, 'LICENSE'), 'MIT\n');
  const vsix = join(dir, 'noop.vsix');
  const vsce = join(REPO_ROOT, 'node_modules', '.bin', 'vsce');
  const packaged = spawnSync(vsce, ['package', '--no-dependencies', '--allow-missing-repository', '--out', vsix], { cwd: dir, encoding: 'utf8' });
  if (packaged.status !== 0) throw new Error(`vsce package of the no-op extension failed:\n${packaged.stdout}\n${packaged.stderr}`);
  return { dir, vsix };
}

/** Each named extension's activation time from the Running Extensions editor, which is then closed. */
async function activationTimes(workbench: Workbench, names: string[]): Promise<Record<string, number>> {
  await workbench.runCommand('Developer: Show Running Extensions');
  const times: Record<string, number> = {};
  for (const name of names) {
    const row = workbench.page.locator('.runtime-extensions-editor .extension').filter({ hasText: name });
    const time = row.locator('.activation-time', { hasText: /Activation: \d+ms/ });
    await time.waitFor({ timeout: 60_000 });
    times[name] = Number(/(\d+)ms/.exec(await time.innerText())?.[1]);
  }
  await workbench.runCommand('View: Close All Editors');
  return times;
}

function log(message: string): void {
  process.stderr.write(`  ${message}\n`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
