import assert from 'node:assert/strict';
import { test } from 'node:test';
import { benchTableRows, parseRows, TABLE_END, TABLE_START, type TableRow } from '../../bench/lib/benchTable';

const row = (id: string, median: string, extra: Partial<TableRow> = {}): TableRow => ({
  id,
  title: `the ${id} figure`,
  median,
  spread: '1.01–1.20× over 5',
  previous: '—',
  target: 'ratio ≤ 1.5',
  met: '✓',
  measured: '2026-11-28, abc1234, load 0.1',
  ...extra,
});

const readme = (table: string) => `# Title\n\n## Benchmarks\n\n${TABLE_START}\n${table}\n${TABLE_END}\n\nAfter.\n`;

test('a fresh figure replaces its row and the old median becomes Previous; rows not measured stay as they were', () => {
  const first = benchTableRows(readme(''), [row('treeHeap', '2.33×'), row('clientOverhead', '1.08×', { target: 'a | b' })]);
  const second = benchTableRows(first, [row('treeHeap', '1.40×')]);
  const rows = parseRows(second.slice(second.indexOf(TABLE_START), second.indexOf(TABLE_END)));
  assert.deepEqual(
    rows.map((r) => [r.id, r.median, r.previous, r.target]),
    [
      ['clientOverhead', '1.08×', '—', 'a | b'],
      ['treeHeap', '1.40×', '2.33×', 'ratio ≤ 1.5'],
    ],
  );
  assert.ok(second.startsWith('# Title') && second.endsWith(`${TABLE_END}\n\nAfter.\n`), 'the rest of the README is untouched');
});

test('a figure measured in two VS Code versions keeps a row for each', () => {
  const both = benchTableRows(readme(''), [row('runAll', '4.1×', { title: 'warm (VS Code 1.100.3)' }), row('runAll', '5.7×', { title: 'warm (VS Code 1.139.1)' })]);
  const again = benchTableRows(both, [row('runAll', '2.0×', { title: 'warm (VS Code 1.139.1)' })]);
  const rows = parseRows(again.slice(again.indexOf(TABLE_START), again.indexOf(TABLE_END)));
  assert.deepEqual(rows.map((r) => [r.title, r.median, r.previous]), [
    ['warm (VS Code 1.100.3)', '4.1×', '—'],
    ['warm (VS Code 1.139.1)', '2.0×', '5.7×'],
  ]);
});

test('a README without the markers is refused with their names', () => {
  assert.throws(() => benchTableRows('# no table', [row('x', '1×')]), /bench:start/);
});
