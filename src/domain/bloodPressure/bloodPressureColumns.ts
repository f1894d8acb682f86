// One cursor page of blood-pressure readings as columns: per source (provider, source type) typed
// arrays of time, systolic, diastolic and zone day, plus small string tables for the per-reading
// text: unit, offsets, device and app.
// The host builds them from the page it has just parsed and posts them to the webview, which then
// appends them without creating an object per reading (typed arrays cross postMessage as buffers).
import type { GroupedBloodPressure } from '../../api/schemas';
import { sourceKey } from './bloodPressureGroups';
import { parseTimestamp, type ZoneCalendar } from '../zonedTime';

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

interface Pending {
  provider: string;
  sourceType: string | undefined;
  epochMs: number[];
  systolic: number[];
  diastolic: number[];
  text: Record<TextField, string[]>;
  sorted: boolean;
}

export function columnsOfPage(groups: GroupedBloodPressure['groups'], zone: ZoneCalendar): PageColumns {
  const bySource = new Map<string, Pending>();
  let unreadable = 0;
  for (const sourceGroups of Object.values(groups)) {
    for (const group of sourceGroups) {
      const sourceType = group.source.type ?? undefined;
      const key = sourceKey(group.source.provider, sourceType);
      let pending: Pending | undefined = bySource.get(key);
      if (!pending) {
        pending = {
          provider: group.source.provider,
          sourceType,
          epochMs: [],
          systolic: [],
          diastolic: [],
          text: { unit: [], offset: [], ownOffset: [], device: [], app: [] },
          sorted: true,
        };
        bySource.set(key, pending);
      }
      const device = group.source.device_id ?? '';
      const app = group.source.app_id ?? '';
      for (const reading of group.data) {
        const parsed = parseTimestamp(reading.timestamp, zone);
        if (!parsed) {
          unreadable++;
          continue;
        }
        const previous = pending.epochMs[pending.epochMs.length - 1];
        if (previous !== undefined && previous > parsed.epochMs) pending.sorted = false;
        pending.epochMs.push(parsed.epochMs);
        pending.systolic.push(reading.systolic);
        pending.diastolic.push(reading.diastolic);
        // '' stands for a unit not sent (or null): the text columns keep strings only.
        pending.text.unit.push(reading.unit ?? '');
        pending.text.offset.push(parsed.originalOffset ?? '');
        pending.text.ownOffset.push(typeof reading.timezone_offset === 'number' ? String(reading.timezone_offset) : '');
        pending.text.device.push(device);
        pending.text.app.push(app);
      }
    }
  }
  const kept = [...bySource.values()].filter((pending) => pending.epochMs.length > 0);
  // Every column of the page is a view on one buffer: one block to copy across postMessage (and
  // one ArrayBuffer in VS Code's webview IPC), not one per column and source.
  const bytesPerReading = 3 * 8 + 4 + 4 * TEXT_FIELDS.length;
  const buffer = new ArrayBuffer(kept.reduce((sum, p) => sum + alignTo8(p.epochMs.length * bytesPerReading), 0));
  let offset = 0;
  const take = <T>(make: (buffer: ArrayBuffer, at: number, length: number) => T, length: number, bytes: number): T => {
    const view = make(buffer, offset, length);
    offset += length * bytes;
    return view;
  };
  const sources = kept.map((pending) => {
    const length = pending.epochMs.length;
    const views = {
      epochMs: take((b, at, n) => new Float64Array(b, at, n), length, 8),
      systolic: take((b, at, n) => new Float64Array(b, at, n), length, 8),
      diastolic: take((b, at, n) => new Float64Array(b, at, n), length, 8),
      text: Object.fromEntries(TEXT_FIELDS.map((field) => [field, take((b, at, n) => new Uint32Array(b, at, n), length, 4)])) as Record<TextField, Uint32Array>,
      day: take((b, at, n) => new Int32Array(b, at, n), length, 4),
    };
    offset = alignTo8(offset);
    return toColumns(pending, zone, views);
  });
  return { sources, unreadable };
}

function alignTo8(bytes: number): number {
  return Math.ceil(bytes / 8) * 8;
}

interface ColumnViews {
  epochMs: Float64Array;
  systolic: Float64Array;
  diastolic: Float64Array;
  text: Record<TextField, Uint32Array>;
  day: Int32Array;
}

function toColumns(pending: Pending, zone: ZoneCalendar, views: ColumnViews): ReadingColumns {
  const length = pending.epochMs.length;
  const order = sortedOrder(pending.epochMs, pending.sorted);
  const at = (i: number): number => (order ? (order[i] ?? 0) : i);
  const columns: ReadingColumns = {
    provider: pending.provider,
    sourceType: pending.sourceType,
    epochMs: views.epochMs,
    systolic: views.systolic,
    diastolic: views.diastolic,
    day: views.day,
    text: Object.fromEntries(TEXT_FIELDS.map((field) => [field, textColumn(pending.text[field], at, views.text[field])])) as Record<TextField, TextColumn>,
  };
  for (let i = 0; i < length; i++) {
    const from = at(i);
    const epochMs = pending.epochMs[from] ?? 0;
    columns.epochMs[i] = epochMs;
    columns.systolic[i] = pending.systolic[from] ?? 0;
    columns.diastolic[i] = pending.diastolic[from] ?? 0;
    columns.day[i] = zone.dayIndex(epochMs);
  }
  return columns;
}

function textColumn(values: readonly string[], at: (i: number) => number, index: Uint32Array): TextColumn {
  const column: TextColumn = { index, values: [] };
  const ids = new Map<string, number>();
  // Neighbours mostly share a value (a group's device, a page's unit): no map lookup for a repeat.
  let previous: string | undefined;
  let previousId = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[at(i)] ?? '';
    if (value !== previous) {
      previous = value;
      previousId = internString(value, ids, column.values);
    }
    column.index[i] = previousId;
  }
  return column;
}

/** A stable by-time permutation, or undefined when the readings already are in time order. */
function sortedOrder(epochMs: readonly number[], sorted: boolean): Uint32Array | undefined {
  if (sorted) return undefined;
  const order = Uint32Array.from(epochMs.keys());
  // Array.prototype.sort is stable; equal instants keep the order the service sent them in.
  return Uint32Array.from([...order].sort((a, b) => (epochMs[a] ?? 0) - (epochMs[b] ?? 0)));
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
