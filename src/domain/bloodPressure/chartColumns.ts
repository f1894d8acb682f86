// One provider's chart columns: per pixel column and per series, the first, lowest, highest and
// last reading (see chartDecimation.ts for why these four), in typed arrays, fed one reading or one
// run of readings in the same column at a time.

/** Where an instant falls among the window's columns (the decimator answers). */
export interface ColumnLocator {
  /** The column of an instant; -1 outside the window. */
  columnOf(t: number): number;
  /** An instant near the end of column `c` that is in column c; -Infinity when the guess is not. */
  lastInstantOf(c: number): number;
}

export interface Edge {
  t: number;
  s: number;
  d: number;
}

/** One series key's columns as the chart reads them (chartSeriesPath.ts draws from these, not from rows). */
export interface ColumnExtremes {
  readonly count: Uint32Array;
  readonly firstT: Float64Array;
  readonly firstS: Float64Array;
  readonly firstD: Float64Array;
  readonly lastT: Float64Array;
  readonly lastS: Float64Array;
  readonly lastD: Float64Array;
  readonly minS: Float64Array;
  readonly minSt: Float64Array;
  readonly maxS: Float64Array;
  readonly maxSt: Float64Array;
  readonly minD: Float64Array;
  readonly minDt: Float64Array;
  readonly maxD: Float64Array;
  readonly maxDt: Float64Array;
  readonly before: Readonly<Edge> | undefined;
  readonly after: Readonly<Edge> | undefined;
}

/** One provider's columns: typed arrays, one slot per column. */
export class ProviderColumns implements ColumnExtremes {
  readonly count: Uint32Array;
  readonly firstT: Float64Array;
  readonly firstS: Float64Array;
  readonly firstD: Float64Array;
  readonly lastT: Float64Array;
  readonly lastS: Float64Array;
  readonly lastD: Float64Array;
  readonly minS: Float64Array;
  readonly minSt: Float64Array;
  readonly maxS: Float64Array;
  readonly maxSt: Float64Array;
  readonly minD: Float64Array;
  readonly minDt: Float64Array;
  readonly maxD: Float64Array;
  readonly maxDt: Float64Array;
  /** The nearest readings outside the window, so a zoomed line enters and leaves at the edges. */
  before: Edge | undefined;
  after: Edge | undefined;

  constructor(columns: number) {
    this.count = new Uint32Array(columns);
    const slot = (): Float64Array => new Float64Array(columns);
    this.firstT = slot();
    this.firstS = slot();
    this.firstD = slot();
    this.lastT = slot();
    this.lastS = slot();
    this.lastD = slot();
    this.minS = slot();
    this.minSt = slot();
    this.maxS = slot();
    this.maxSt = slot();
    this.minD = slot();
    this.minDt = slot();
    this.maxD = slot();
    this.maxDt = slot();
  }

  /**
   * Adds readings `from`.. of column `c` (readings may come in any order: the result is the same),
   * as long as they fall in that column; returns the index of the first one that does not. A page
   * is in time order, so its readings come in runs of one column: the column's state is held in
   * locals over the run, read and written once instead of once per reading.
   */
  putRun(c: number, decimator: ColumnLocator, epochMs: ArrayLike<number>, systolic: ArrayLike<number>, diastolic: ArrayLike<number>, from: number, to: number): number {
    let n = this.count[c]!;
    let firstT = this.firstT[c]!;
    let firstS = this.firstS[c]!;
    let firstD = this.firstD[c]!;
    let lastT = this.lastT[c]!;
    let lastS = this.lastS[c]!;
    let lastD = this.lastD[c]!;
    let minS = this.minS[c]!;
    let minSt = this.minSt[c]!;
    let maxS = this.maxS[c]!;
    let maxSt = this.maxSt[c]!;
    let minD = this.minD[c]!;
    let minDt = this.minDt[c]!;
    let maxD = this.maxD[c]!;
    let maxDt = this.maxDt[c]!;
    // Instants from the run's first to `inColumn` are in column c (the column grows with the instant), so
    // most readings are placed without a division.
    const low = epochMs[from]!;
    const inColumn = decimator.lastInstantOf(c);
    let i = from;
    for (; i < to; i++) {
      const t = epochMs[i]!;
      if (i > from && !(t >= low && t <= inColumn) && decimator.columnOf(t) !== c) break;
      const s = systolic[i]!;
      const d = diastolic[i]!;
      if (n++ === 0) {
        firstT = lastT = minSt = maxSt = minDt = maxDt = t;
        firstS = lastS = minS = maxS = s;
        firstD = lastD = minD = maxD = d;
        continue;
      }
      // Readings at one instant (two sources of a provider) are ordered by value, not by which page came
      // first: a streamed load draws what a fresh one draws.
      if (t < firstT || (t === firstT && before(s, d, firstS, firstD))) {
        firstT = t;
        firstS = s;
        firstD = d;
      }
      if (t > lastT || (t === lastT && before(lastS, lastD, s, d))) {
        lastT = t;
        lastS = s;
        lastD = d;
      }
      if (s < minS || (s === minS && t < minSt)) {
        minS = s;
        minSt = t;
      }
      if (s > maxS || (s === maxS && t < maxSt)) {
        maxS = s;
        maxSt = t;
      }
      if (d < minD || (d === minD && t < minDt)) {
        minD = d;
        minDt = t;
      }
      if (d > maxD || (d === maxD && t < maxDt)) {
        maxD = d;
        maxDt = t;
      }
    }
    this.count[c] = n;
    this.firstT[c] = firstT;
    this.firstS[c] = firstS;
    this.firstD[c] = firstD;
    this.lastT[c] = lastT;
    this.lastS[c] = lastS;
    this.lastD[c] = lastD;
    this.minS[c] = minS;
    this.minSt[c] = minSt;
    this.maxS[c] = maxS;
    this.maxSt[c] = maxSt;
    this.minD[c] = minD;
    this.minDt[c] = minDt;
    this.maxD[c] = maxD;
    this.maxDt[c] = maxDt;
    return i;
  }

  putBefore(t: number, s: number, d: number): void {
    if (!this.before || t > this.before.t || (t === this.before.t && before(this.before.s, this.before.d, s, d))) this.before = { t, s, d };
  }

  putAfter(t: number, s: number, d: number): void {
    if (!this.after || t < this.after.t || (t === this.after.t && before(s, d, this.after.s, this.after.d))) this.after = { t, s, d };
  }
}

/** The order of two readings at one instant: by systolic, then diastolic. */
function before(s: number, d: number, otherS: number, otherD: number): boolean {
  return s < otherS || (s === otherS && d < otherD);
}
