// One cursor page of blood-pressure readings as columns: per source (provider, source type) typed
// arrays of time, systolic, diastolic and zone day, plus small string tables for the per-reading
// text: unit, offsets, device and app.
// The host builds them from the page it has just parsed and posts them to the webview, which then
// appends them without creating an object per reading (typed arrays cross postMessage as buffers).
import type { GroupedBloodPressure } from '../../api/schemas';
import { sourceKey } from './bloodPressureGroups';
import { offsetText, readTimestamp, timestampFields, type ZoneCalendar } from '../zonedTime';

/**
 * A per-reading text field, as indexes into a small table of the distinct values (a page has a
 * handful of units and offsets, not one string per reading). A new field (a device, an app, a
 * reading's own time-zone offset) is one more name here and one more line in `columnsOfPage`.
 */
export const TEXT_FIELDS = ['unit', 'offset', 'ownOffset', 'device', 'app'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export interface TextColumn {
  index: Uint32Array;
  values: string[];
}

/** The readings of one source in one page, oldest first. */
export interface ReadingColumns {
  provider: string;
  /** undefined: the service sent no source type. */
  sourceType: string | undefined;
  epochMs: Float64Array;
  systolic: Float64Array;
  diastolic: Float64Array;
  /** Calendar day in the user's zone (ZoneCalendar.dayIndex). */
  day: Int32Array;
  /**
   * `''` stands for a value not sent (or null). `unit` as sent; `offset` as written in the
   * timestamp; `ownOffset` the reading's `timezone_offset` (seconds east of UTC, in decimal);
   * `device` and `app` its source's `device_id` and `app_id`.
   */
  text: Record<TextField, TextColumn>;
}

export interface PageColumns {
  /** Sources in the order the page listed them. */
  sources: ReadingColumns[];
  /** Readings whose timestamp is no date: left out of every view, counted for the status line. */
  unreadable: number;
}

const BYTES_PER_READING = 3 * 8 + 4 + 4 * TEXT_FIELDS.length;

/**
 * The page's columns in one pass over its readings. Each timestamp is read into one reused record
 * (readTimestamp: no object per reading) and every value goes straight into typed arrays sized
 * beforehand from the groups' lengths, all views on one buffer (one block to copy across
 * postMessage, and one ArrayBuffer in VS Code's webview IPC). Text is interned as it is met, by
 * number where the text stands for one (an offset's digits, a `timezone_offset`): no string per
 * reading either. Two rare cases take a second pass over a source: readings out of time order
 * (sorted stably, their text ids given again in the new order) and unreadable timestamps (the
 * columns moved to a buffer of the exact size). A property test holds the result equal to the
 * former walk's (a list per column, then a pass per column).
 */
export function columnsOfPage(groups: GroupedBloodPressure['groups'], zone: ZoneCalendar): PageColumns {
  // The sources in the order the page lists them, each with room for all its groups' readings.
  const bySource = new Map<string, SourceBuilder>();
  const builders: SourceBuilder[] = [];
  for (const sourceGroups of Object.values(groups)) {
    for (const group of sourceGroups) {
      const sourceType = group.source.type ?? undefined;
      const key = sourceKey(group.source.provider, sourceType);
      let builder = bySource.get(key);
      if (!builder) {
        builder = new SourceBuilder(group.source.provider, sourceType);
        bySource.set(key, builder);
        builders.push(builder);
      }
      builder.capacity += group.data.length;
    }
  }
  const buffer = new ArrayBuffer(builders.reduce((sum, b) => sum + alignTo8(b.capacity * BYTES_PER_READING), 0));
  let at = 0;
  for (const builder of builders) at = builder.layOut(buffer, at, builder.capacity);

  const fields = timestampFields();
  let unreadable = 0;
  for (const sourceGroups of Object.values(groups)) {
    for (const group of sourceGroups) {
      const b = bySource.get(sourceKey(group.source.provider, group.source.type ?? undefined))!;
      const device = group.source.device_id ?? '';
      const app = group.source.app_id ?? '';
      const { text } = b;
      for (const reading of group.data) {
        const timestamp = reading.timestamp;
        if (!readTimestamp(timestamp, zone, fields)) {
          unreadable++;
          continue;
        }
        const i = b.length++;
        const epochMs = fields.epochMs;
        if (i > 0 && (b.epochMs[i - 1] ?? 0) > epochMs) b.sorted = false;
        b.epochMs[i] = epochMs;
        b.systolic[i] = reading.systolic ?? 0;
        b.diastolic[i] = reading.diastolic ?? 0;
        b.day[i] = zone.dayIndex(epochMs);
        // '' stands for a value not sent (or null): the text columns keep strings only.
        text.unit.index[i] = b.unit.id(reading.unit ?? '', text.unit.values);
        const length = fields.offsetLength;
        text.offset.index[i] = b.offset.id(offsetKey(timestamp, length), text.offset.values, timestamp, length, offsetValue);
        const own = reading.timezone_offset;
        text.ownOffset.index[i] = b.ownOffset.id(typeof own === 'number' ? own : Number.NaN, text.ownOffset.values, '', 0, ownOffsetValue);
        text.device.index[i] = b.device.id(device, text.device.values);
        text.app.index[i] = b.app.id(app, text.app.values);
      }
    }
  }

  const kept = builders.filter((b) => b.length > 0);
  for (const b of kept) if (!b.sorted) b.sortByTime();
  if (builders.some((b) => b.length < b.capacity)) {
    // Unreadable readings (or sources with none left): the columns as large as what was kept.
    const exact = new ArrayBuffer(kept.reduce((sum, b) => sum + alignTo8(b.length * BYTES_PER_READING), 0));
    let to = 0;
    for (const b of kept) to = b.moveTo(exact, to);
  }
  return { sources: kept.map((b) => b.columns()), unreadable };
}

function alignTo8(bytes: number): number {
  return Math.ceil(bytes / 8) * 8;
}

/** The text of an offset key (below): the offset as written, `+02:00` style; '' for none. */
function offsetValue(timestamp: string, offsetLength: number): string {
  return offsetText(timestamp, offsetLength) ?? '';
}

/** A reading's `timezone_offset` as text: decimal seconds; '' when none was sent (the NaN key). */
function ownOffsetValue(_timestamp: string, _length: number, key: number): string {
  return Number.isNaN(key) ? '' : String(key);
}

/**
 * One number per distinct offset text (as offsetText writes it): -1 none; else the sign (10000 for
 * `-`) plus its four digits, so `Z`, `+00:00` and `+0000` are 0 and `-00:00` is 10000.
 */
function offsetKey(timestamp: string, offsetLength: number): number {
  if (offsetLength === 0) return -1;
  if (offsetLength === 1) return 0;
  const start = timestamp.length - offsetLength;
  const minutesAt = offsetLength === 6 ? start + 4 : start + 3;
  // No closure here: this runs per reading (and a bundle that keeps names pays for each one made).
  const digits =
    (timestamp.charCodeAt(start + 1) - 48) * 1000 +
    (timestamp.charCodeAt(start + 2) - 48) * 100 +
    (timestamp.charCodeAt(minutesAt) - 48) * 10 +
    (timestamp.charCodeAt(minutesAt + 1) - 48);
  return (timestamp.charCodeAt(start) === 45 ? 10000 : 0) + digits;
}

/** Ids of a source's text values in the order they are met; a repeat of the last value costs no lookup. */
class TextIds {
  private readonly ids = new Map<string, number>();
  private previous: string | undefined;
  private previousId = 0;

  id(value: string, values: string[]): number {
    if (value !== this.previous) {
      this.previous = value;
      this.previousId = internString(value, this.ids, values);
    }
    return this.previousId;
  }
}

/** TextIds keyed by a number that stands for the text: the text is written only for a new number. */
class NumberIds {
  private readonly ids = new Map<number, number>();
  private previous = Number.NaN;
  private previousId = -1;

  id(key: number, values: string[], timestamp: string, length: number, text: (timestamp: string, length: number, key: number) => string): number {
    // Object.is: NaN (no value) repeats too, and a key met before is never confused with -0.
    if (this.previousId >= 0 && Object.is(key, this.previous)) return this.previousId;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = values.length;
      values.push(text(timestamp, length, key));
      this.ids.set(key, id);
    }
    this.previous = key;
    this.previousId = id;
    return id;
  }
}

class SourceBuilder {
  /** Readings the source's groups hold (unreadable ones included): the views' length. */
  capacity = 0;
  /** Readings written so far. */
  length = 0;
  sorted = true;
  epochMs = new Float64Array(0);
  systolic = new Float64Array(0);
  diastolic = new Float64Array(0);
  day = new Int32Array(0);
  readonly text = Object.fromEntries(TEXT_FIELDS.map((field) => [field, { index: new Uint32Array(0), values: [] as string[] }])) as Record<TextField, TextColumn>;
  readonly unit = new TextIds();
  readonly offset = new NumberIds();
  readonly ownOffset = new NumberIds();
  readonly device = new TextIds();
  readonly app = new TextIds();

  constructor(
    readonly provider: string,
    readonly sourceType: string | undefined,
  ) {}

  /** Views of `length` readings on `buffer` from byte `at`; returns where the next source starts. */
  layOut(buffer: ArrayBuffer, at: number, length: number): number {
    this.epochMs = new Float64Array(buffer, at, length);
    this.systolic = new Float64Array(buffer, at + length * 8, length);
    this.diastolic = new Float64Array(buffer, at + length * 16, length);
    let next = at + length * 24;
    for (const field of TEXT_FIELDS) {
      this.text[field].index = new Uint32Array(buffer, next, length);
      next += length * 4;
    }
    this.day = new Int32Array(buffer, next, length);
    return alignTo8(next + length * 4);
  }

  /** Copies the readings written to views of exactly their number on `buffer`. */
  moveTo(buffer: ArrayBuffer, at: number): number {
    const n = this.length;
    const old = { epochMs: this.epochMs, systolic: this.systolic, diastolic: this.diastolic, day: this.day, index: TEXT_FIELDS.map((f) => this.text[f].index) };
    const next = this.layOut(buffer, at, n);
    this.epochMs.set(old.epochMs.subarray(0, n));
    this.systolic.set(old.systolic.subarray(0, n));
    this.diastolic.set(old.diastolic.subarray(0, n));
    this.day.set(old.day.subarray(0, n));
    TEXT_FIELDS.forEach((field, f) => this.text[field].index.set(old.index[f]!.subarray(0, n)));
    return next;
  }

  /** Puts the readings in time order (stable: equal instants keep the order the service sent them in). */
  sortByTime(): void {
    const n = this.length;
    const epochMs = this.epochMs;
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => (epochMs[a] ?? 0) - (epochMs[b] ?? 0));
    const permute = <T extends Float64Array | Int32Array | Uint32Array>(column: T): void => {
      const copy = column.slice(0, n);
      for (let i = 0; i < n; i++) column[i] = copy[order[i]!]!;
    };
    permute(this.epochMs);
    permute(this.systolic);
    permute(this.diastolic);
    permute(this.day);
    for (const field of TEXT_FIELDS) {
      const column = this.text[field];
      permute(column.index);
      // Ids in the order values are first met in time order, as a walk in that order gives them.
      const renumbered = new Int32Array(column.values.length).fill(-1);
      const values: string[] = [];
      for (let i = 0; i < n; i++) {
        const old = column.index[i]!;
        if (renumbered[old] === -1) {
          renumbered[old] = values.length;
          values.push(column.values[old]!);
        }
        column.index[i] = renumbered[old]!;
      }
      column.values = values;
    }
  }

  /** The columns (by now views of exactly `length` readings). */
  columns(): ReadingColumns {
    return { provider: this.provider, sourceType: this.sourceType, epochMs: this.epochMs, systolic: this.systolic, diastolic: this.diastolic, day: this.day, text: this.text };
  }
}

export function internString<T extends string | undefined>(value: T, ids: Map<T, number>, table: T[]): number {
  let id = ids.get(value);
  if (id === undefined) {
    id = table.length;
    table.push(value);
    ids.set(value, id);
  }
  return id;
}

/** Readings held by a page's columns. */
export function readingsInColumns(page: PageColumns): number {
  return page.sources.reduce((sum, source) => sum + source.epochMs.length, 0);
}
