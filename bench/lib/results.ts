// One benchmark figure: what was measured, the baseline measured in the same run, and their ratio.
// Each benchmark script prints its figures as one `BENCH_RESULTS <json>` line for bench/run.ts.
import { percentile, round } from './stats';

export interface Measure {
  value: number;
  unit: string;
}

export interface BenchFigure {
  id: string;
  title: string;
  figure: Measure;
  /** What the figure is compared with, measured in the same run; absent for plain sizes. */
  baseline?: Measure & { what: string };
  /** figure / baseline (for sizes: figure / target). */
  ratio?: number;
  /** The goal from issue 7, e.g. "ratio ≤ 1.10"; never a test threshold. */
  target?: string;
  /** Whether the target is met; undefined when there is none. */
  meetsTarget?: boolean;
  /** The middle half of the repetitions behind the figure (of `ratio` when there is a baseline). */
  spread?: Spread;
  /** Per-repetition samples and anything else worth keeping. */
  details?: Record<string, unknown>;
  note?: string;
}

export interface Spread {
  p25: number;
  p75: number;
  repetitions: number;
  of: 'ratio' | 'figure';
}

export const RESULT_PREFIX = 'BENCH_RESULTS ';

export function emitResults(benchmark: string, figures: BenchFigure[]): void {
  process.stdout.write(`${RESULT_PREFIX}${JSON.stringify({ benchmark, figures })}\n`);
}

export function describeFigure(f: BenchFigure): string {
  const value = `${formatNumber(f.figure.value)} ${f.figure.unit}`;
  const baseline = f.baseline ? ` | baseline ${formatNumber(f.baseline.value)} ${f.baseline.unit} (${f.baseline.what})` : '';
  const ratio = f.ratio === undefined ? '' : ` | ratio ${f.ratio.toFixed(2)}×`;
  const spread = f.spread ? ` (p25–p75 ${describeSpread(f.spread)})` : '';
  const target = f.target ? ` | target ${f.target}${f.meetsTarget === undefined ? '' : f.meetsTarget ? ' ✓' : ' ✗'}` : '';
  return `${f.title}: ${value}${baseline}${ratio}${spread}${target}`;
}

export function formatNumber(value: number): string {
  if (!Number.isFinite(value) || Number.isInteger(value)) return Number.isInteger(value) && Math.abs(value) >= 1000 ? value.toLocaleString("en-US") : String(value);
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-US');
  if (Math.abs(value) >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

export function describeSpread(spread: Spread): string {
  const unit = spread.of === 'ratio' ? '×' : '';
  return `${formatNumber(spread.p25)}–${formatNumber(spread.p75)}${unit} over ${spread.repetitions}`;
}

/**
 * The figure's spread: its own when the benchmark gave one, else the middle half of the
 * per-repetition ratios most benchmarks keep in `details.ratios`.
 */
export function withSpread(figure: BenchFigure): BenchFigure {
  if (figure.spread) return figure;
  const ratios = figure.details?.ratios;
  if (!Array.isArray(ratios) || ratios.length < 2 || !ratios.every((value) => typeof value === 'number')) return figure;
  return { ...figure, spread: spreadOf(ratios as number[], 'ratio') };
}

export function spreadOf(values: readonly number[], of: Spread['of']): Spread {
  return { p25: round(percentile(values, 25), 3), p75: round(percentile(values, 75), 3), repetitions: values.length, of };
}
