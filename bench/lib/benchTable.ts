// The README's Benchmarks table as text: parsed from between its markers, merged with a run's
// figures, written back. Pure, so a unit test can hold it.

export interface TableRow {
  id: string;
  title: string;
  /** The ratio to the baseline, or the figure itself when it has none. */
  median: string;
  spread: string;
  previous: string;
  target: string;
  met: string;
  measured: string;
}

export const TABLE_START = '<!-- bench:start -->';
export const TABLE_END = '<!-- bench:end -->';
const HEADER = ['Figure', 'Median', 'p25–p75', 'Previous', 'Target', 'Met', 'Measured'];

/** The README with its table rewritten: fresh rows replace theirs (the old median becomes Previous). */
export function benchTableRows(readme: string, fresh: readonly TableRow[]): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${TABLE_START} … ${TABLE_END} markers`);
  const old = parseRows(readme.slice(start + TABLE_START.length, end));
  const byKey = new Map(old.map((row) => [rowKey(row), row]));
  for (const row of fresh) byKey.set(rowKey(row), { ...row, previous: byKey.get(rowKey(row))?.median ?? row.previous });
  const rows = [...byKey.values()].sort((a, b) => rowKey(a).localeCompare(rowKey(b)));
  return `${readme.slice(0, start + TABLE_START.length)}\n${renderRows(rows)}\n${readme.slice(end)}`;
}

/** A figure measured in each VS Code version has one row per version (its title names the version). */
function rowKey(row: TableRow): string {
  const version = /VS Code (\d+\.\d+\.\d+)/.exec(row.title)?.[1];
  return version ? `${row.id} ${version}` : row.id;
}

export function parseRows(table: string): TableRow[] {
  return table
    .split('\n')
    .filter((line) => line.startsWith('|') && /^\| `/.test(line))
    .map((line) => {
      const cells = line.slice(1, -1).split(/(?<!\\)\|/).map((cell) => cell.trim().replaceAll('\\|', '|'));
      const [figure = '', median = '', spread = '', previous = '', target = '', met = '', measured = ''] = cells;
      const id = /^`([^`]+)`/.exec(figure)?.[1] ?? figure;
      const title = figure.replace(/^`[^`]+`\s*/, '');
      return { id, title, median, spread, previous, target, met, measured };
    });
}

function renderRows(rows: readonly TableRow[]): string {
  const lines = [`| ${HEADER.join(' | ')} |`, `|${HEADER.map(() => ' --- ').join('|')}|`];
  for (const row of rows) {
    const cells = [`\`${row.id}\` ${row.title}`, row.median, row.spread, row.previous, row.target, row.met, row.measured];
    lines.push(`| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`);
  }
  return lines.join('\n');
}
