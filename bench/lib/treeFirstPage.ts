// treeFirstPage's two sides in the workbench: clicking a view container's activity-bar entry until
// its tree's first rows are painted, after a window reload with another container shown (so the
// view is created afresh by the click). Ours and the bare TreeDataProvider are timed alike.
import { CONTAINER_TITLE, type Workbench } from '../../test/e2e/workbench';
import { BARE_CONTAINER_TITLE, BARE_READY } from './bareUsersTree';
import type { RequestTime } from './sandboxChild';
import type { SandboxProcess } from './sandboxProcess';
import { median, percentile } from './stats';

const FIRST_PAGE_PATH = '/v2/user/?';

/** Our window, its environment set, and what says our extension is active after a reload. */
export interface OurSide {
  workbench: Workbench;
  ready: () => Promise<unknown>;
}

export interface FirstRowsSample {
  ms: number;
  /** When the click was sent, epoch ms (comparable with the sandbox's request times). */
  clickedAt: number;
}

/** The legs of one open on the click's timeline, from the sandbox's record of the first-page request. */
export interface FirstRowsLegs {
  /** Click → the request at the sandbox: view creation, activation leftovers, key and client. */
  toRequestMs: number;
  /** At the sandbox: request in → response written. */
  sandboxMs: number;
  /** Response written → rows painted: transfer, parse and checks, tree items, the workbench's rendering. */
  afterResponseMs: number;
}

/**
 * Reloads the window with the Explorer in the side bar, so the container `title` is created afresh
 * by the next click (the window restores whichever container was shown; its state is saved on a
 * timer, hence the pause). `ready` waits for what the window must show before the click.
 */
export async function reloadWithContainerClosed(workbench: Workbench, title: string, ready: () => Promise<unknown>): Promise<void> {
  await workbench.openViewContainer('Explorer');
  await workbench.page.waitForTimeout(1500);
  await workbench.page.reload();
  await workbench.page.locator('.monaco-workbench .part.statusbar').waitFor();
  await ready();
  const open = await workbench.activityBarEntry(title).evaluate((el) => el.parentElement?.classList.contains('checked') ?? false);
  if (open) throw new Error(`${title} was restored open after the reload: the first-rows timing would be void`);
}

/** Clicks the entry `title` and waits until the side bar's root rows say there are `rows` of them, painted. */
export async function timeFirstRows(workbench: Workbench, title: string, rows: number): Promise<FirstRowsSample> {
  const entry = workbench.activityBarEntry(title);
  await entry.waitFor();
  const clickedAt = Date.now();
  await entry.click();
  await waitForRootSize(workbench, rows).catch(async (error: unknown) => {
    await workbench.screenshot(`bench-first-rows-${title.replace(/\W+/g, '-')}-failure`);
    throw error;
  });
  await nextPaint(workbench);
  return { ms: Date.now() - clickedAt, clickedAt };
}

/** The legs of `sample` from the first request to `path` among `requests` (undefined if none was made). */
export function firstRowsLegs(sample: FirstRowsSample, requests: readonly RequestTime[], path: string): FirstRowsLegs | undefined {
  const request = requests.find((time) => time.url.startsWith(path) && time.arrivedAt >= sample.clickedAt);
  if (!request?.finishedAt) return undefined;
  return {
    toRequestMs: Math.round(request.arrivedAt - sample.clickedAt),
    sandboxMs: Math.round(request.finishedAt - request.arrivedAt),
    afterResponseMs: Math.round(sample.clickedAt + sample.ms - request.finishedAt),
  };
}

/** Root rows all carry the root's child count as aria-setsize. */
export function waitForRootSize(workbench: Workbench, size: number): Promise<unknown> {
  return workbench.page.waitForFunction(
    (n) => document.querySelector(`.part.sidebar .monaco-list-row[aria-level="1"][aria-setsize="${n}"]`) !== null,
    size,
    { polling: 'raf', timeout: 120_000 },
  );
}

export function nextPaint(workbench: Workbench): Promise<void> {
  return workbench.page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

export interface FirstPages {
  ours: number[];
  bare: number[];
  oursLegs: FirstRowsLegs[];
  bareLegs: FirstRowsLegs[];
}

/**
 * Ours and the bare provider opened in turn, each in its own window (never one extension host), `reps`
 * times: the first open, then after reloads with the view closed. Each click waits until its
 * extension says it is active.
 */
export async function timeFirstPages(ours: OurSide, bare: Workbench, sandbox: SandboxProcess, reps: number, page: number): Promise<FirstPages> {
  const result: FirstPages = { ours: [], bare: [], oursLegs: [], bareLegs: [] };
  const bareReady = () => bare.page.locator('.part.statusbar .statusbar-item', { hasText: BARE_READY }).first().waitFor({ timeout: 60_000 });
  await bareReady();
  const sides = [
    { workbench: ours.workbench, title: CONTAINER_TITLE, rows: page + 1, ready: ours.ready, samples: result.ours, legs: result.oursLegs },
    { workbench: bare, title: BARE_CONTAINER_TITLE, rows: page, ready: bareReady, samples: result.bare, legs: result.bareLegs },
  ];
  for (let rep = 0; rep < reps; rep++) {
    const line: string[] = [];
    for (const side of sides) {
      if (rep > 0) await reloadWithContainerClosed(side.workbench, side.title, side.ready);
      await sandbox.requestTimes();
      const sample = await timeFirstRows(side.workbench, side.title, side.rows);
      const legs = firstRowsLegs(sample, await sandbox.requestTimes(), FIRST_PAGE_PATH);
      side.samples.push(sample.ms);
      if (legs) side.legs.push(legs);
      line.push(`${side.title} ${sample.ms} ms${legs ? ` (request at ${legs.toRequestMs}, answered ${legs.sandboxMs}, then ${legs.afterResponseMs})` : ''}`);
    }
    process.stderr.write(`  ${rep === 0 ? 'first open' : `reload ${rep}`}: ${line.join('; ')}\n`);
  }
  return result;
}

export function quartiles(samples: readonly number[]): { p25: number; p75: number } {
  return { p25: percentile(samples, 25), p75: percentile(samples, 75) };
}

export function medianLegs(legs: readonly FirstRowsLegs[]): Record<keyof FirstRowsLegs, number> | undefined {
  if (legs.length === 0) return undefined;
  const of = (key: keyof FirstRowsLegs) => median(legs.map((leg) => leg[key]));
  return { toRequestMs: of('toRequestMs'), sandboxMs: of('sandboxMs'), afterResponseMs: of('afterResponseMs') };
}
