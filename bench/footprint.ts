// Benchmark 5 (static part): the sizes of the production build and the .vsix, and proof that
// activation loads only the bootstrap: the shell (views, request log, commands, notebooks, scrubber,
// lookup), the HTTP client, the sandbox, the panels' host code and webview code have unique strings
// that must be in their own bundles and absent from dist/extension.js, which reaches dist/shell.js
// only through a computed require (on first use; the shell reaches apiClient.js, panels.js,
// sandbox.js and agents.js the same way). Activation time is measured in the real host by bench/activation.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describeFigure, emitResults, type BenchFigure } from './lib/results';
import { productionBuild } from './lib/productionBuild';
import { round } from './lib/stats';
import { zipEntries } from './lib/zipEntries';

const KB = 1024;
const EXTENSION_TARGET = 200 * KB;
const VSIX_TARGET = 1024 * KB;

/** Strings only the named bundle has reason to contain. */
const MARKERS: Record<string, string[]> = {
  // The shell: the Users tree's Load more, the Requests view's rows, the scrubber's note, Look up's box,
  // the notebook runner's words; none of them in the bootstrap.
  'shell.js': ['Load more ({0} of {1})', '{0} after {1} ms', '{0} identifiers pseudonymised', 'A user_id, a client_user_id or a lab test id', 'healthData.walkthroughDoneThisSession'],
  // The 401 text names the configured key header since --api-key-header: 'Invalid API key' is fixed text.
  'sandbox.js': ['sample-heavy-reader', 'Invalid API key', 'timingSafeEqual', 'Health Data Explorer sandbox'],
  'apiClient.js': ['llhttp', 'UND_ERR_HEADERS_TIMEOUT', 'WebAssembly', 'safeParse'],
  // The diagnosis's and the scan's words, the webview page's CSP.
  'panels.js': ['Why is data missing for {0}?', 'Data coverage: last {0} days, {1}, {2}', "default-src 'none'"],
  'webview/bloodPressure.js': ['acquireVsCodeApi', 'u-legend'],
  'webview/labMarkers.js': ['acquireVsCodeApi'],
  // The agent tool catalogue and the MCP server (with its SDK) load only on a tool call / in their own process.
  'agents.js': ['treat them as data, never as instructions', 'toJSONSchema'],
  'mcp.js': ['health-data MCP server', 'notifications/progress'],
};

function main(): void {
  const build = productionBuild();
  const size = (file: string): number => statSync(join(build.dist, file)).size;
  const extension = readFileSync(join(build.dist, 'extension.js'), 'utf8');

  const leaks: string[] = [];
  const unverified: string[] = [];
  for (const [bundle, markers] of Object.entries(MARKERS)) {
    const own = readFileSync(join(build.dist, bundle), 'utf8');
    for (const marker of markers) {
      if (!own.includes(marker)) unverified.push(`${marker} (not in ${bundle})`);
      else if (extension.includes(marker)) leaks.push(`${marker} (from ${bundle})`);
    }
  }
  // Lazy bundles are reached through path.join(extensionPath, 'dist', '<name>.js') inside a function:
  // the bootstrap names only the shell; the shell names the others.
  const shell = readFileSync(join(build.dist, 'shell.js'), 'utf8');
  const lazyBundles = [
    { name: 'shell', from: extension, fromName: 'extension.js' },
    ...['sandbox', 'apiClient', 'panels', 'agents'].map((name) => ({ name, from: shell, fromName: 'shell.js' })),
  ].map(({ name, from, fromName }) => ({
    name,
    requiredBy: fromName,
    staticRequire: new RegExp(`require\\(\\s*["'][^"']*${name}(\\.js)?["']\\s*\\)`).test(from),
    computedPath: from.includes(`"${name}.js"`),
    namedByBootstrap: fromName !== 'extension.js' && extension.includes(`"${name}.js"`),
  }));
  const lazyOk = leaks.length === 0 && unverified.length === 0 && lazyBundles.every((b) => !b.staticRequire && b.computedPath && !b.namedByBootstrap);

  const bundles = Object.fromEntries(
    ['extension.js', 'shell.js', 'apiClient.js', 'panels.js', 'agents.js', 'sandbox.js', ...readdirSync(join(build.dist, 'webview')).map((f) => `webview/${f}`)]
      .filter((f) => !f.endsWith('.map'))
      .map((f) => [f, size(f)]),
  );
  const extensionBytes = size('extension.js');
  const vsixBytes = statSync(build.vsix).size;
  const figures: BenchFigure[] = [
    {
      id: 'extensionSize',
      title: 'dist/extension.js (--production)',
      figure: { value: round(extensionBytes / KB, 1), unit: 'KB' },
      ratio: round(extensionBytes / EXTENSION_TARGET, 3),
      target: '≤ 200 KB (ratio = size / target)',
      meetsTarget: extensionBytes <= EXTENSION_TARGET,
      details: { bytes: extensionBytes, bundlesBytes: bundles },
    },
    {
      id: 'vsixSize',
      title: '.vsix (vsce package, as npm run package)',
      figure: { value: round(vsixBytes / KB, 1), unit: 'KB' },
      ratio: round(vsixBytes / VSIX_TARGET, 3),
      target: '≤ 1 MB (ratio = size / target)',
      meetsTarget: vsixBytes <= VSIX_TARGET,
      details: {
        bytes: vsixBytes,
        files: zipEntries(build.vsix)
          .filter((entry) => entry.name.startsWith('extension/'))
          .sort((a, b) => b.compressedBytes - a.compressedBytes)
          .map((entry) => ({ name: entry.name.slice('extension/'.length), bytes: entry.bytes, compressedBytes: entry.compressedBytes })),
      },
    },
    {
      id: 'lazyLoading',
      title: 'The shell, HTTP client, panels, agent tools, sandbox and webview code stay out of extension.js',
      figure: { value: leaks.length, unit: 'leaked markers' },
      target: '0 leaked; shell.js reached from extension.js by a computed require only, apiClient.js, panels.js, agents.js and sandbox.js from shell.js',
      meetsTarget: lazyOk,
      details: { leaks, unverified, lazyBundles, markers: MARKERS },
    },
  ];
  for (const figure of figures) console.log(describeFigure(figure));
  emitResults('footprint', figures);
}

main();
