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

test('a README without the markers is refused with their names', () => {
  assert.throws(() => benchTableRows('# no table', [row('x', '1×')]), /bench:start/);
});
