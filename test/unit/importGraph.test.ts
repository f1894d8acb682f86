// The import graph of src/, read with TypeScript's own pre-processor (type-only and dynamic imports
// included: a cycle of types is still a cycle): no file imports itself back through others, and every
// import points to the same floor or one below. ESLint keeps `vscode` out of the pure layers; this
// holds the order of the floors, the shell's included.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';

const SRC = resolve(import.meta.dirname, '../../src');

/** Bottom to top. A folder of src/ (or a file at its root, without .ts) and the floor it stands on. */
const FLOORS: readonly (readonly string[])[] = [
  ['api', 'sandbox'],
  // The scrubber: what leaves the machine identifies no one.
  ['domain', 'shared', 'scrub'],
  // The agent tools' catalogue and the notebooks' runner: the client and the domain, nothing of the shell.
  ['agents', 'notebook'],
  // The MCP server and the command line (dist/cli.js) run in their own process.
  ['mcp', 'cli'],
  // The webviews are a browser bundle of their own: above the pure core, below nothing of the shell.
  ['webview'],
  // The shell, from its contracts up to the composition root.
  ['constants', 'services', 'l10n'],
  ['storage', 'jsonDocuments', 'ui'],
  ['connection'],
  ['views', 'panels', 'lookup', 'lm', 'notebookEditor'],
  ['commands', 'bootstrap'],
  // The shell's composition root (dist/shell.js) and the bootstrap's (dist/extension.js), which loads it.
  ['extension', 'extensionApi', 'shell'],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** File → the src files it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((imported) => imported.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => resolve(dirname(file), name))
      .flatMap((base) => [`${base}.ts`, join(base, 'index.ts')].filter((candidate) => existsSync(candidate)).slice(0, 1));
    graph.set(file, targets);
  }
  return graph;
}

function unitOf(file: string): string {
  const [first = ''] = relative(SRC, file).split('/');
  return first.replace(/\.ts$/, '');
}

function floorOf(file: string): number {
  const floor = FLOORS.findIndex((units) => units.includes(unitOf(file)));
  if (floor < 0) throw new Error(`${relative(SRC, file)}: ${unitOf(file)} stands on no floor; add it to FLOORS`);
  return floor;
}

function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'done') return undefined;
    if (state.get(node) === 'visiting') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'visiting');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

const name = (file: string): string => relative(SRC, file);

describe('the import graph of src/', () => {
  const graph = importGraph();

  test('is read: files, their imports, type-only ones included', () => {
    assert.ok(graph.size > 100, `${graph.size} files`);
    assert.ok(graph.get(join(SRC, 'shell.ts'))?.includes(join(SRC, 'services.ts')), 'shell.ts imports services.ts (type-only)');
    // The bootstrap knows the shell's types only: dist/shell.js is required at run time by a computed path.
    assert.ok(graph.get(join(SRC, 'extension.ts'))?.includes(join(SRC, 'shell.ts')), 'extension.ts imports shell.ts (type-only)');
  });

  test('has no cycle', () => {
    const cycle = findCycle(graph);
    assert.equal(cycle, undefined, `import cycle: ${cycle?.map(name).join(' → ')}`);
  });

  test('points down only: every import is on the same floor or below', () => {
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      for (const target of targets) {
        if (floorOf(target) > floorOf(file)) upward.push(`${name(file)} → ${name(target)}`);
      }
    }
    assert.deepEqual(upward, []);
  });

  test('the webview bundle is imported by webview code only', () => {
    const intoWebview = [...graph].flatMap(([file, targets]) =>
      unitOf(file) === 'webview' ? [] : targets.filter((target) => unitOf(target) === 'webview').map((target) => `${name(file)} → ${name(target)}`),
    );
    assert.deepEqual(intoWebview, []);
  });

  test('the checks fail on what they must catch', () => {
    const a = join(SRC, 'panels', 'a.ts');
    const b = join(SRC, 'commands', 'b.ts');
    assert.deepEqual(findCycle(new Map([[a, [b]], [b, [a]]])), [a, b, a]);
    assert.ok(floorOf(a) < floorOf(b), 'a panel importing a command points up');
  });
});
