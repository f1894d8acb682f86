// A page that loads the notebook renderer the way VS Code's notebook output page does: the ES module
// is imported, `activate(context)` called, and each output item rendered into an element of its
// own. Served over 127.0.0.1 (Chromium refuses module scripts from file://), with a strict CSP and
// a theme's variables on <html> and its class on <body>, as a VS Code webview has them. The bundle
// is the one the packaged extension ships (read from the .vsix the e2e runner built), or dist/ when
// the file runs on its own after `npm run build`.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { REPO_ROOT } from '../host/provision.mjs';

export type Theme = 'light' | 'dark' | 'high-contrast';

const COMMON: Record<string, string> = {
  '--vscode-font-family': 'system-ui, sans-serif',
  '--vscode-font-size': '13px',
  '--vscode-font-weight': 'normal',
  '--vscode-editor-font-family': 'monospace',
  '--vscode-editor-font-size': '13px',
};

/** The variables of VS Code's default Light Modern, Dark Modern and High Contrast themes the renderer uses. */
const THEMES: Record<Theme, Record<string, string>> = {
  light: {
    '--vscode-foreground': '#3b3b3b',
    '--vscode-editor-foreground': '#3b3b3b',
    '--vscode-editor-background': '#ffffff',
    '--vscode-descriptionForeground': '#6a6a6a',
    '--vscode-textPreformat-background': '#0000001f',
    '--vscode-errorForeground': '#a1260d',
    '--vscode-focusBorder': '#005fb8',
    '--vscode-panel-border': '#e5e5e5',
    '--vscode-textLink-foreground': '#005fb8',
    '--vscode-textLink-activeForeground': '#005fb8',
    '--vscode-inputValidation-warningBackground': '#f6f5d2',
    '--vscode-inputValidation-warningBorder': '#b89500',
    '--vscode-inputValidation-errorBackground': '#f2dede',
    '--vscode-inputValidation-errorBorder': '#be1100',
    '--vscode-testing-iconPassed': '#388a34',
    '--vscode-button-background': '#005fb8',
    '--vscode-button-foreground': '#ffffff',
    '--vscode-button-secondaryBackground': '#e5e5e5',
    '--vscode-button-secondaryForeground': '#3b3b3b',
    '--vscode-button-secondaryHoverBackground': '#cccccc',
    '--vscode-list-activeSelectionBackground': '#e8e8e8',
    '--vscode-list-activeSelectionForeground': '#000000',
    '--vscode-list-inactiveSelectionBackground': '#e4e6f1',
    '--vscode-charts-blue': '#1a85ff',
    '--vscode-charts-purple': '#652d90',
    '--vscode-charts-orange': '#d18616',
    '--vscode-charts-green': '#388a34',
    '--vscode-charts-red': '#e51400',
    '--vscode-charts-yellow': '#bf8803',
    '--vscode-charts-lines': 'rgba(128,128,128,0.3)',
  },
  dark: {
    '--vscode-foreground': '#cccccc',
    '--vscode-editor-foreground': '#cccccc',
    '--vscode-editor-background': '#1f1f1f',
    '--vscode-descriptionForeground': '#9d9d9d',
    '--vscode-textPreformat-background': '#3c3c3c',
    '--vscode-errorForeground': '#f85149',
    '--vscode-focusBorder': '#0078d4',
    '--vscode-panel-border': '#2b2b2b',
    '--vscode-textLink-foreground': '#4daafc',
    '--vscode-textLink-activeForeground': '#4daafc',
    '--vscode-inputValidation-warningBackground': '#352a05',
    '--vscode-inputValidation-warningBorder': '#b89500',
    '--vscode-inputValidation-errorBackground': '#5a1d1d',
    '--vscode-inputValidation-errorBorder': '#be1100',
    '--vscode-testing-iconPassed': '#73c991',
    '--vscode-button-background': '#0078d4',
    '--vscode-button-foreground': '#ffffff',
    '--vscode-button-secondaryBackground': '#313131',
    '--vscode-button-secondaryForeground': '#cccccc',
    '--vscode-button-secondaryHoverBackground': '#3c3c3c',
    '--vscode-list-activeSelectionBackground': '#04395e',
    '--vscode-list-activeSelectionForeground': '#ffffff',
    '--vscode-list-inactiveSelectionBackground': '#37373d',
    '--vscode-charts-blue': '#3794ff',
    '--vscode-charts-purple': '#b180d7',
    '--vscode-charts-orange': '#d18616',
    '--vscode-charts-green': '#89d185',
    '--vscode-charts-red': '#f14c4c',
    '--vscode-charts-yellow': '#cca700',
    '--vscode-charts-lines': 'rgba(128,128,128,0.3)',
  },
  'high-contrast': {
    '--vscode-foreground': '#ffffff',
    '--vscode-editor-foreground': '#ffffff',
    '--vscode-editor-background': '#000000',
    '--vscode-descriptionForeground': '#ffffff',
    '--vscode-textPreformat-border': '#6fc3df',
    '--vscode-errorForeground': '#f48771',
    '--vscode-focusBorder': '#f38518',
    '--vscode-contrastBorder': '#6fc3df',
    '--vscode-contrastActiveBorder': '#f38518',
    '--vscode-panel-border': '#6fc3df',
    '--vscode-textLink-foreground': '#21a6ff',
    '--vscode-textLink-activeForeground': '#21a6ff',
    '--vscode-inputValidation-warningBackground': '#000000',
    '--vscode-inputValidation-warningBorder': '#ff8c00',
    '--vscode-inputValidation-errorBackground': '#000000',
    '--vscode-inputValidation-errorBorder': '#f48771',
    '--vscode-testing-iconPassed': '#73c991',
    '--vscode-button-background': '#000000',
    '--vscode-button-foreground': '#ffffff',
    '--vscode-button-border': '#6fc3df',
    '--vscode-button-secondaryBackground': '#000000',
    '--vscode-button-secondaryForeground': '#ffffff',
    '--vscode-list-activeSelectionBackground': '#000000',
    '--vscode-list-activeSelectionForeground': '#ffffff',
    '--vscode-list-inactiveSelectionBackground': '#000000',
    '--vscode-charts-blue': '#3794ff',
    '--vscode-charts-purple': '#b180d7',
    '--vscode-charts-orange': '#d18616',
    '--vscode-charts-green': '#89d185',
    '--vscode-charts-red': '#f14c4c',
    '--vscode-charts-yellow': '#cca700',
    '--vscode-charts-lines': 'rgba(255,255,255,0.4)',
  },
};

const BODY_CLASS: Record<Theme, string> = { light: 'vscode-light', dark: 'vscode-dark', 'high-contrast': 'vscode-high-contrast' };
const RENDERER_ENTRY = 'dist/webview/notebookRenderer.js';

/** The renderer bundle and where it came from. */
export function rendererBundle(): { source: string; code: string } {
  const vsix = process.env.HDE_VSIX;
  if (vsix && existsSync(vsix)) return { source: vsix, code: readZipFile(vsix, `extension/${RENDERER_ENTRY}`).toString('utf8') };
  const built = join(REPO_ROOT, RENDERER_ENTRY);
  if (!existsSync(built)) throw new Error(`${RENDERER_ENTRY} is missing: run "npm run build" (or "npm run test:e2e -- notebookRenderer", which packages the extension).`);
  return { source: built, code: readFileSync(built, 'utf8') };
}

/** One file of a .zip (a .vsix is one), stored or deflated. */
function readZipFile(file: string, name: string): Buffer {
  const zip = readFileSync(file);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error(`${file} is not a zip file`);
  let offset = zip.readUInt32LE(end + 16);
  for (let i = 0, count = zip.readUInt16LE(end + 10); i < count; i++) {
    const method = zip.readUInt16LE(offset + 10);
    const compressed = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const local = zip.readUInt32LE(offset + 42);
    if (zip.toString('utf8', offset + 46, offset + 46 + nameLength) === name) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + compressed);
      return method === 0 ? Buffer.from(data) : inflateRawSync(data);
    }
    offset += 46 + nameLength + extraLength + commentLength;
  }
  throw new Error(`${file} does not ship ${name}`);
}

function page(theme: Theme, nonce: string): string {
  const variables = Object.entries({ ...COMMON, ...THEMES[theme] })
    .map(([name, value]) => `${name}: ${value}`)
    .join('; ');
  // The page's own script: a fake renderer context whose messaging the test drives.
  return `<!DOCTYPE html>
<html lang="en" style="${variables}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'nonce-${nonce}' 'self'; style-src 'unsafe-inline'; img-src data:; font-src data:">
<title>Notebook renderer harness</title>
<style nonce="${nonce}">body { margin: 0; padding: 8px 16px; background: var(--vscode-editor-background); color: var(--vscode-foreground); } .cell-output { margin: 0 0 16px; }</style>
</head>
<body class="${BODY_CLASS[theme]}">
<main id="outputs" aria-label="Notebook outputs"></main>
<script type="module" nonce="${nonce}">
  import { activate } from '/notebookRenderer.js';
  const listeners = [];
  window.__sent = [];
  window.__receive = (message) => listeners.forEach((listener) => listener(message));
  const api = activate({
    workspace: { isTrusted: true },
    postMessage: (message) => window.__sent.push(message),
    onDidReceiveMessage: (listener) => { listeners.push(listener); return { dispose() {} }; },
  });
  window.__render = (id, json) => {
    let element = document.querySelector('[data-output-id="' + id + '"]');
    if (!element) {
      element = document.createElement('div');
      element.className = 'cell-output';
      element.dataset.outputId = id;
      document.getElementById('outputs').append(element);
    }
    const started = performance.now();
    api.renderOutputItem({ id, mime: 'application/vnd.health-data.result+json', text: () => JSON.stringify(json), json: () => json }, element);
    return performance.now() - started;
  };
  window.__dispose = (id) => {
    api.disposeOutputItem(id);
    document.querySelector('[data-output-id="' + id + '"]')?.remove();
  };
  window.__ready = true;
</script>
</body>
</html>`;
}

export interface HarnessServer {
  url(theme: Theme): string;
  close(): Promise<void>;
}

export async function serveHarness(code: string): Promise<HarnessServer> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/notebookRenderer.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      response.end(code);
      return;
    }
    const theme = (url.searchParams.get('theme') ?? 'light') as Theme;
    if (url.pathname !== '/' || !(theme in THEMES)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page(theme, Math.random().toString(36).slice(2)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (theme) => `http://127.0.0.1:${port}/?theme=${theme}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
