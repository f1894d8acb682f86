// Launches the system's Debian Chromium through playwright-core. Never `playwright install`:
// browsers cannot be downloaded here. Playwright gives each launch a fresh temporary profile.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import { unstickWebviewWorkers } from './webviewWorkerUnstick.mjs';

const { install: installShiftedClock } = createRequire(import.meta.url)('../clock/shiftedClock.cjs');

export const CHROMIUM_PATH = process.env.HDE_CHROMIUM ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * A headless browser plus one page sized like a laptop screen. Under `npm run test:clock`
 * (HDE_CLOCK_OFFSET_MS, TZ) every frame, webviews included, reads the same faked clock and zone as
 * the node processes.
 */
export async function launchBrowser({ viewport = { width: 1400, height: 900 } } = {}) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} not found: install it with "apt-get install -y chromium" (or set HDE_CHROMIUM).`);
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const offsetMs = Number(process.env.HDE_CLOCK_OFFSET_MS ?? 0);
  const context = await browser.newContext({ viewport, ...(offsetMs && process.env.TZ ? { timezoneId: process.env.TZ } : {}) });
  if (offsetMs) await context.addInitScript(`(${installShiftedClock.toString()})(globalThis, ${offsetMs});`);
  unstickWebviewWorkers(context);
  const page = await context.newPage();
  return {
    browser,
    context,
    page,
    async close() {
      await browser.close().catch(() => undefined);
    },
  };
}
