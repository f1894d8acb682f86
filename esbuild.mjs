// Builds every bundle: the extension's bootstrap and its shell (node/cjs), the sandbox CLI, the HTTP client, the agent tools
// and the MCP server (node/cjs, loaded lazily or run on their own) and one browser bundle per webview panel.
// Flags: --watch, --production, --only=<name>[,<name>…], --outdir=DIR (the bundles go there instead of dist/:
// the command-line package is built apart, src/cli/package/pack.mjs).
import * as esbuild from 'esbuild';
import { existsSync } from 'node:fs';

const args = process.argv.slice(2);
const production = args.includes('--production');
const watch = args.includes('--watch');
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const outdir = args.find((a) => a.startsWith('--outdir='))?.slice('--outdir='.length);

const common = {
  bundle: true,
  minify: production,
  sourcemap: production ? false : 'linked',
  logLevel: 'info',
  legalComments: 'none',
};

// `import * as vscode from 'vscode'` of an external CommonJS module makes esbuild wrap require('vscode')
// in __toESM in every importing module: a fresh object with a getter per API member (several hundred),
// 11 times in extension.js and about 100 in shell.js, measured at ~1 ms each on a loaded machine, in
// the require that activation times. Every import of 'vscode' goes instead through one re-export per
// bundle: one copy, and the same namespace (no module here uses a default import of 'vscode').
const vscodeApiOnce = {
  name: 'vscode-api-once',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, ({ namespace }) =>
      namespace === 'vscode-api-once' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-api-once' },
    );
    build.onLoad({ filter: /.*/, namespace: 'vscode-api-once' }, () => ({ contents: "export * from 'vscode';", loader: 'js' }));
  },
};

const targets = [
  {
    name: 'extension',
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    plugins: [vscodeApiOnce],
  },
  {
    // The shell: views, connection, request log, commands, panels' stand-ins, notebooks, agents' hosts.
    // The bootstrap (dist/extension.js) requires it when VS Code first calls one of its stand-ins.
    name: 'shell',
    entryPoints: ['src/shell.ts'],
    outfile: 'dist/shell.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    plugins: [vscodeApiOnce],
  },
  {
    // The HTTP client with undici and the schemas: required on the first request, not at activation.
    name: 'apiClient',
    entryPoints: ['src/api/client.ts'],
    outfile: 'dist/apiClient.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
  },
  {
    // The panels' host code (four webview panels, the diagnosis, the scan): required when the first
    // panel opens or is restored (src/panels/panels.ts), not at activation.
    name: 'panels',
    entryPoints: ['src/panels/openPanels.ts'],
    outfile: 'dist/panels.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    plugins: [vscodeApiOnce],
  },
  {
    // The CLI also exports startSandbox: the extension require()s this file only when the
    // local sandbox environment is used, so it never weighs on activation.
    name: 'sandbox',
    entryPoints: ['src/sandbox/cli.ts'],
    outfile: 'dist/sandbox.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // Resolved only when the worker's entry is a .ts file (tests and benchmarks under tsx); the bundle's is not.
    external: ['tsx/cjs'],
  },
  {
    // The agent tool catalogue (zod schemas, the tools): required on the first language-model tool call.
    name: 'agents',
    entryPoints: ['src/agents/catalogue.ts'],
    outfile: 'dist/agents.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
  },
  {
    // The MCP server (`node dist/mcp.js --sandbox`): the catalogue and the MCP SDK; it loads
    // dist/sandbox.js itself when started with --sandbox. Nothing of it is in extension.js.
    name: 'mcp',
    entryPoints: ['src/mcp/server.ts'],
    outfile: 'dist/mcp.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
  },
  {
    // The command line (`node dist/cli.js run|scrub|capture …`): notebooks in CI, the scrubber, fixtures.
    // It loads dist/sandbox.js itself when a command starts the sandbox.
    name: 'cli',
    entryPoints: ['src/cli/main.ts'],
    outfile: 'dist/cli.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
  },
  ...['bloodPressure', 'labMarkers', 'diagnosis', 'coverageScan']
    .filter((panel) => existsSync(`src/webview/${panel}/main.ts`))
    .map((panel) => ({
      name: `webview:${panel}`,
      entryPoints: [`src/webview/${panel}/main.ts`],
      outfile: `dist/webview/${panel}.js`,
      platform: 'browser',
      format: 'iife',
      target: 'es2022',
      tsconfig: 'src/webview/tsconfig.json',
      loader: { '.css': 'css' },
    })),
  {
    // The notebook's output renderer: an ES module VS Code imports, exporting `activate`. Its CSS
    // (the panels' and its own) is bundled as text and adopted into each output's shadow root.
    name: 'webview:notebookRenderer',
    entryPoints: ['src/webview/notebook/main.ts'],
    outfile: 'dist/webview/notebookRenderer.js',
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    tsconfig: 'src/webview/tsconfig.json',
    loader: { '.css': 'text' },
    // chart.ts's side-effect `import 'uplot/…css'` is for the panel's bundle; here main.ts imports that CSS as text.
    logOverride: { 'ignored-bare-import': 'silent' },
  },
];

const selected = targets
  .filter((t) => !only || only.some((name) => t.name === name || t.name.startsWith(`${name}:`)))
  .map((t) => (outdir ? { ...t, outfile: t.outfile.replace(/^dist\//, `${outdir}/`) } : t));
if (selected.length === 0) {
  console.error(`No build target matches --only=${only}`);
  process.exit(1);
}

const contexts = await Promise.all(
  selected.map(({ name: _name, ...options }) => esbuild.context({ ...common, ...options })),
);
if (watch) {
  await Promise.all(contexts.map((ctx) => ctx.watch()));
} else {
  await Promise.all(contexts.map((ctx) => ctx.rebuild()));
  await Promise.all(contexts.map((ctx) => ctx.dispose()));
}
