// One cursor page of blood-pressure readings as columns: per source (provider, source type) typed
// arrays of time, systolic, diastolic and zone day, plus small string tables for unit and offset.
// The host builds them from the page it has just parsed and posts them to the webview, which then
// appends them without creating an object per reading (typed arrays cross postMessage as buffers).
import type { GroupedBloodPressure } from '../api/schemas';
import { sourceKey } from './bloodPressureGroups';
import { parseTimestamp, type ZoneCalendar } from './zonedTime';

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
  /** Index into `units`. */
  unitIndex: Uint32Array;
  /** undefined: the reading carried no unit. */
  units: (string | undefined)[];
  /** Index into `offsets`; `''` there: the timestamp carried no offset. */
  offsetIndex: Uint32Array;
  offsets: string[];
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
  unit: (string | undefined)[];
  offset: string[];
  sorted: boolean;
}

export function columnsOfPage(groups: GroupedBloodPressure['groups'], zone: ZoneCalendar): PageColumns {
  const bySource = new Map<string, Pending>();
  let unreadable = 0;
  for (const sourceGroups of Object.values(groups)) {
    for (const group of sourceGroups) {
      const sourceType = group.source.type ?? undefined;
      const key = sourceKey(group.source.provider, sourceType);
      let pending = bySource.get(key);
      if (!pending) {
        pending = { provider: group.source.provider, sourceType, epochMs: [], systolic: [], diastolic: [], unit: [], offset: [], sorted: true };
        bySource.set(key, pending);
      }
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
        pending.unit.push(reading.unit ?? undefined);
        pending.offset.push(parsed.originalOffset ?? '');
      }
    }
  }
  const sources: ReadingColumns[] = [];
  for (const pending of bySource.values()) if (pending.epochMs.length > 0) sources.push(toColumns(pending, zone));
  return { sources, unreadable };
}

function toColumns(pending: Pending, zone: ZoneCalendar): ReadingColumns {
  const length = pending.epochMs.length;
  const order = sortedOrder(pending.epochMs, pending.sorted);
  const columns: ReadingColumns = {
    provider: pending.provider,
    sourceType: pending.sourceType,
    epochMs: new Float64Array(length),
    systolic: new Float64Array(length),
    diastolic: new Float64Array(length),
    day: new Int32Array(length),
    unitIndex: new Uint32Array(length),
    units: [],
    offsetIndex: new Uint32Array(length),
    offsets: [],
  };
  const unitIds = new Map<string | undefined, number>();
  const offsetIds = new Map<string, number>();
  for (let i = 0; i < length; i++) {
    const from = order ? (order[i] ?? 0) : i;
    const epochMs = pending.epochMs[from] ?? 0;
    columns.epochMs[i] = epochMs;
    columns.systolic[i] = pending.systolic[from] ?? 0;
    columns.diastolic[i] = pending.diastolic[from] ?? 0;
    columns.day[i] = zone.dayIndex(epochMs);
    columns.unitIndex[i] = internString(pending.unit[from], unitIds, columns.units);
    columns.offsetIndex[i] = internString(pending.offset[from] ?? '', offsetIds, columns.offsets);
  }
  return columns;
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
