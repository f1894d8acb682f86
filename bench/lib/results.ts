// One benchmark figure: what was measured, the baseline measured in the same run, and their ratio.
// Each benchmark script prints its figures as one `BENCH_RESULTS <json>` line for bench/run.ts.

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
  /** The spread of the per-repetition ratios (each repetition's figure ÷ its own baseline): p25–p75. */
  ratioSpread?: { p25: number; p75: number; reps: number };
  /** The goal from issue 7, e.g. "ratio ≤ 1.10"; never a test threshold. */
  target?: string;
  /** Whether the target is met; undefined when there is none. */
  meetsTarget?: boolean;
  /** Per-repetition samples and anything else worth keeping. */
  details?: Record<string, unknown>;
  note?: string;
}

export const RESULT_PREFIX = 'BENCH_RESULTS ';

export function emitResults(benchmark: string, figures: BenchFigure[]): void {
  process.stdout.write(`${RESULT_PREFIX}${JSON.stringify({ benchmark, figures })}\n`);
}

export function describeFigure(f: BenchFigure): string {
  const value = `${formatNumber(f.figure.value)} ${f.figure.unit}`;
  const baseline = f.baseline ? ` | baseline ${formatNumber(f.baseline.value)} ${f.baseline.unit} (${f.baseline.what})` : '';
  const spread = f.ratioSpread ? ` (p25–p75 ${f.ratioSpread.p25.toFixed(2)}–${f.ratioSpread.p75.toFixed(2)} over ${f.ratioSpread.reps} reps)` : '';
  const ratio = f.ratio === undefined ? '' : ` | ratio ${f.ratio.toFixed(2)}×${spread}`;
  const target = f.target ? ` | target ${f.target}${f.meetsTarget === undefined ? '' : f.meetsTarget ? ' ✓' : ' ✗'}` : '';
  return `${f.title}: ${value}${baseline}${ratio}${target}`;
}

export function formatNumber(value: number): string {
  if (!Number.isFinite(value) || Number.isInteger(value)) return Number.isInteger(value) && Math.abs(value) >= 1000 ? value.toLocaleString("en-US") : String(value);
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-US');
  if (Math.abs(value) >= 10) return value.toFixed(1);
  return value.toFixed(2);
}
