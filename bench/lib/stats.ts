// Small timing and statistics helpers shared by the benchmarks.

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Milliseconds `task` takes (high-resolution clock). */
export async function timeMs(task: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await task();
  return performance.now() - started;
}

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Wall-clock and CPU time of one side of a repetition. */
export interface TimedSample {
  ms: number;
  cpu: number;
}

/** A benchmark's samples next to its baseline's, repetition by repetition (ratios per repetition). */
export class PairedSamples {
  readonly ms: number[] = [];
  readonly baselineMs: number[] = [];
  readonly ratios: number[] = [];
  readonly cpuMs: number[] = [];
  readonly baselineCpuMs: number[] = [];
  readonly cpuRatios: number[] = [];

  add(sample: TimedSample, baseline: TimedSample): void {
    this.ms.push(round(sample.ms));
    this.baselineMs.push(round(baseline.ms));
    this.ratios.push(round(sample.ms / baseline.ms, 3));
    this.cpuMs.push(round(sample.cpu));
    this.baselineCpuMs.push(round(baseline.cpu));
    this.cpuRatios.push(round(sample.cpu / baseline.cpu, 3));
  }
}
