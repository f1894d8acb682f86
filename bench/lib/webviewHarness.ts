// A plain page that runs a production webview bundle the way VS Code would: `acquireVsCodeApi`
// is provided, host messages arrive as window `message` events, and what the webview posts back
// is recorded on window.__posted. No VS Code around it: the measured code is only the webview's.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import type { Payload } from './bloodPressurePayload';

/** Theme variables a VS Code webview gets on <html>; enough for the toolkit and the chart. */
const THEME_VARIABLES: Record<string, string> = {
  '--vscode-font-family': 'system-ui, sans-serif',
  '--vscode-font-size': '13px',
  '--vscode-font-weight': 'normal',
  '--vscode-editor-font-family': 'monospace',
  '--vscode-editor-font-size': '14px',
  '--vscode-foreground': '#3b3b3b',
  '--vscode-editor-foreground': '#3b3b3b',
  '--vscode-editor-background': '#ffffff',
  '--vscode-charts-blue': '#1a85ff',
  '--vscode-charts-purple': '#652d90',
  '--vscode-charts-orange': '#d18616',
  '--vscode-charts-green': '#388a34',
  '--vscode-charts-red': '#e51400',
  '--vscode-charts-yellow': '#bf8803',
  '--vscode-charts-lines': 'rgba(128,128,128,0.3)',
};

/**
 * Writes the harness page for dist/webview/<bundle>.js and returns its file:// URL. `doNothing`:
 * the same page with a view that says `ready` and ignores every message (a benchmark's baseline:
 * the cost of the messages themselves in the same harness).
 */
export function writeWebviewHarness(distDir: string, bundle: string, { doNothing = false } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'hde-bench-webview-'));
  const asset = (file: string): string => pathToFileURL(join(distDir, 'webview', file)).href;
  const style = Object.entries(THEME_VARIABLES)
    .map(([name, value]) => `${name}: ${value}`)
    .join('; ');
  const html = `<!DOCTYPE html>
<html lang="en" style="${style}">
<head>
<meta charset="UTF-8">
<link rel="stylesheet" href="${asset(`${bundle}.css`)}">
<script>
  // tsx compiles the benchmark with esbuild's keepNames: functions it passes to page.evaluate call __name.
  window.__name = (target) => target;
  window.__posted = [];
  window.__arrivals = {};
  // Registered before the bundle's own listener, so it runs first for every message.
  window.addEventListener('message', (event) => {
    const type = event.data && event.data.type;
    (window.__arrivals[type] ??= []).push(performance.now());
  });
  let state;
  window.acquireVsCodeApi = () => ({
    postMessage: (message) => window.__posted.push(message),
    getState: () => state,
    setState: (value) => { state = value; },
  });
</script>
</head>
<body class="vscode-light">
${
  doNothing
    ? `<script>
  window.addEventListener('message', () => undefined);
  window.acquireVsCodeApi().postMessage({ type: 'ready' });
</script>`
    : `<script src="${asset(`${bundle}.js`)}"></script>`
}
</body>
</html>`;
  const file = join(dir, `${bundle}${doNothing ? '-doNothing' : ''}.html`);
  writeFileSync(file, html);
  return pathToFileURL(file).href;
}

interface LoadedHarness {
  __posted: Array<{ type: string }>;
  __messages: unknown[];
  __texts: string[];
}

/**
 * Opens the harness at `url`, waits for the webview's `ready`, hands it the payload's messages
 * (played by the page when asked) and posts the payload's `init`. The messages and texts go in in
 * slices: a million readings in one evaluate is more than the DevTools protocol carries.
 */
export async function openHarnessWith(page: Page, url: string, payload: Payload, { texts = true } = {}): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as LoadedHarness).__posted.some((m) => m.type === 'ready'));
  await page.evaluate(() => {
    const w = window as unknown as LoadedHarness;
    w.__messages = [];
    w.__texts = [];
  });
  const SLICE = 20;
  for (let i = 0; i < payload.data.length; i += SLICE) {
    await page.evaluate((data) => (window as unknown as LoadedHarness).__messages.push(...data), payload.data.slice(i, i + SLICE));
  }
  if (texts) {
    for (let i = 0; i < payload.texts.length; i += SLICE) {
      await page.evaluate((slice) => (window as unknown as LoadedHarness).__texts.push(...slice), payload.texts.slice(i, i + SLICE));
    }
  }
  await page.evaluate((init) => window.postMessage(init, '*'), payload.init);
}
