import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';

const USERS_DIR = resolve(import.meta.dirname, '../../src/views/users');

/** Relative imports of each file in the folder, type-only ones included (a cycle of types is still a cycle). */
function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
    const source = readFileSync(join(dir, file), 'utf8');
    const targets = [...source.matchAll(/from '(\.\/[^']+)'/g)].map((match) => `${resolve(dirname(join(dir, file)), match[1]!)}.ts`);
    graph.set(join(dir, file), targets.filter((target) => target.startsWith(dir)));
  }
  return graph;
}

function findCycle(graph: Map<string, string[]>): string[] | undefined {
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

test('the Users tree node files import each other in one direction only (no cycle)', () => {
  const graph = importGraph(USERS_DIR);
  assert.ok(graph.get(join(USERS_DIR, 'userNode.ts'))?.some((target) => target.endsWith('sourcesGroupNode.ts')), 'the graph is read');
  const cycle = findCycle(graph);
  assert.equal(cycle, undefined, `import cycle: ${cycle?.map((file) => file.slice(USERS_DIR.length + 1)).join(' → ')}`);
});
