// `npm run bench:table`: writes the figures of the last `npm run bench` (bench/results.json) into
// the README's Benchmarks table, between its two markers. A row's "Previous" is the median that row
// showed before; figures the last run did not measure keep their row as it was. Run it only after
// a quiet run (nothing else on the machine): the table says which commit and day each row is from.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './lib/productionBuild';
import { describeSpread, formatNumber, withSpread, type BenchFigure } from './lib/results';
import { benchTableRows, type TableRow } from './lib/benchTable';

interface ResultsFile {
  date: string;
  commit?: string;
  benchmarks: { name: string; loadAverageBefore: number; figures: BenchFigure[] }[];
}

const README = join(REPO_ROOT, 'README.md');
const RESULTS = process.env.HDE_BENCH_RESULTS ?? join(REPO_ROOT, 'bench', 'results.json');

function main(): void {
  const results = JSON.parse(readFileSync(RESULTS, 'utf8')) as ResultsFile;
  const measured = `${results.date.slice(0, 10)}, ${results.commit ?? 'uncommitted'}`;
  const fresh: TableRow[] = results.benchmarks.flatMap((run) =>
    run.figures.map(withSpread).map((figure) => ({
      id: figure.id,
      title: figure.title,
      // A target on the figure itself (frames, ms, KB) shows the figure; a target on the ratio, the ratio.
      median: figure.ratio === undefined || (figure.target !== undefined && !/ratio/.test(figure.target)) ? `${formatNumber(figure.figure.value)} ${figure.figure.unit}` : `${figure.ratio.toFixed(2)}×`,
      spread: figure.spread ? describeSpread(figure.spread) : '—',
      previous: '—',
      target: figure.target ?? '—',
      met: figure.meetsTarget === undefined ? '' : figure.meetsTarget ? '✓' : '✗',
      measured: `${measured}, load ${run.loadAverageBefore.toFixed(1)}`,
    })),
  );
  const readme = readFileSync(README, 'utf8');
  const updated = benchTableRows(readme, fresh);
  writeFileSync(README, updated);
  console.log(`README.md: ${fresh.length} figures from ${measured}`);
}

main();
