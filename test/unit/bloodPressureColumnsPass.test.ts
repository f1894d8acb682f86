// The host's pass over a page (columnsOfPage) against the walk it replaced: a list per column, then
// a pass per column and per text column. Random pages, the very same columns, byte for byte.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import type { GroupedBloodPressure } from '../../src/api/schemas';
import { sourceKey } from '../../src/domain/bloodPressure/bloodPressureGroups';
import {
  columnsOfPage,
  internString,
  TEXT_FIELDS,
  type PageColumns,
  type ReadingColumns,
  type TextColumn,
  type TextField,
} from '../../src/domain/bloodPressure/bloodPressureColumns';
import { parseTimestamp, ZoneCalendar } from '../../src/domain/zonedTime';

// ── The former columnsOfPage, as it was before the one-pass rewrite ──
interface Pending {
  provider: string;
  sourceType: string | undefined;
  epochMs: number[];
  systolic: number[];
  diastolic: number[];
  text: Record<TextField, string[]>;
  sorted: boolean;
}

function columnsOfPageByColumnPasses(groups: GroupedBloodPressure['groups'], zone: ZoneCalendar): PageColumns {
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


// ── The property ──

/** Everything a page's columns say, including the buffer layout the webview receives. */
function described(page: PageColumns): unknown {
  const buffers = new Set(page.sources.flatMap((s) => [s.epochMs.buffer, s.day.buffer, ...TEXT_FIELDS.map((f) => s.text[f].index.buffer)]));
  return {
    unreadable: page.unreadable,
    buffers: buffers.size,
    bytes: [...buffers].map((b) => b.byteLength),
    sources: page.sources.map((s: ReadingColumns) => ({
      provider: s.provider,
      sourceType: s.sourceType,
      epochMs: [...s.epochMs],
      systolic: [...s.systolic],
      diastolic: [...s.diastolic],
      day: [...s.day],
      layout: [s.epochMs, s.systolic, s.diastolic, ...TEXT_FIELDS.map((f) => s.text[f].index), s.day].map((v) => [v.byteOffset, v.length]),
      text: Object.fromEntries(TEXT_FIELDS.map((f) => [f, { index: [...s.text[f].index], values: s.text[f].values }])),
    })),
  };
}

const zones = ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'UTC', 'America/Santiago'].map((z) => new ZoneCalendar(z));
const START = Date.UTC(2024, 0, 1);

/** Timestamps in the forms services send: Z, z, ±HH:MM, ±HHMM, -00:00, no offset, fractions, and text that is no date. */
const timestamp = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(fc.integer({ min: 0, max: 400 * 24 * 4 }), fc.constantFrom('Z', 'z', '+02:00', '-05:00', '+0530', '-0000', '-00:00', '+00:00', '+13:45', '', '.123Z', '.5+01:00')) },
  { weight: 1, arbitrary: fc.constantFrom('not a date', '2024-13-45T99:00:00Z', '', '2024-02-30') },
).map((value) => {
  if (typeof value === 'string') return value;
  const [quarter, suffix] = value;
  const iso = new Date(START + quarter * 15 * 60_000).toISOString().slice(0, 19);
  return suffix.startsWith('.') ? `${iso}${suffix}` : suffix === '' ? iso.replace('T', ' ') : `${iso}${suffix}`;
});

const reading = fc.record(
  {
    timestamp,
    systolic: fc.oneof(fc.integer({ min: 60, max: 220 }), fc.double({ min: 8, max: 30, noNaN: true })),
    diastolic: fc.integer({ min: 30, max: 140 }),
    unit: fc.constantFrom('mmHg', 'kPa', null, undefined),
    timezone_offset: fc.constantFrom(7200, -18000, 0, 19800, null, undefined),
  },
  { requiredKeys: ['timestamp', 'systolic', 'diastolic'] },
);

const group = fc.record({
  source: fc.record(
    {
      provider: fc.constantFrom('omron', 'withings', 'apple_health_kit'),
      type: fc.constantFrom('cuff', 'app', null, undefined),
      device_id: fc.constantFrom('d1', 'd2', null, undefined),
      app_id: fc.constantFrom('a1', null, undefined),
    },
    { requiredKeys: ['provider'] },
  ),
  data: fc.oneof(
    fc.array(reading, { maxLength: 12 }),
    // A run in time order, as services mostly send them.
    fc.array(reading, { maxLength: 40 }).map((list) => [...list].sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0))),
  ),
});

const page = fc.array(group, { maxLength: 6 }).map((groups) => {
  const page: GroupedBloodPressure['groups'] = {};
  for (const g of groups) (page[g.source.provider] ??= []).push(g as GroupedBloodPressure['groups'][string][number]);
  return page;
});

describe('columnsOfPage in one pass', () => {
  test('random pages: the same columns, text tables and buffer layout as the former walk (property)', () => {
    fc.assert(
      fc.property(page, fc.constantFrom(...zones), (groups, zone) => {
        assert.deepEqual(described(columnsOfPage(groups, zone)), described(columnsOfPageByColumnPasses(groups, zone)));
      }),
      { numRuns: 1500 },
    );
  });

  test('a source whose readings come out of time order, and one whose readings are all unreadable', () => {
    const zone = zones[0]!;
    const groups: GroupedBloodPressure['groups'] = {
      omron: [
        { source: { provider: 'omron', type: 'cuff', device_id: 'b' }, data: [{ timestamp: '2024-05-02T06:00:00-0000', systolic: 1, diastolic: 1, unit: 'kPa' }, { timestamp: '2024-05-01T06:00:00+02:00', systolic: 2, diastolic: 2, unit: 'mmHg', timezone_offset: 7200 }] },
        { source: { provider: 'omron', type: 'cuff', device_id: 'a' }, data: [{ timestamp: '2024-04-01T06:00:00Z', systolic: 3, diastolic: 3 }] },
      ],
      withings: [{ source: { provider: 'withings', type: 'cuff' }, data: [{ timestamp: 'never', systolic: 4, diastolic: 4 }] }],
    };
    const columns = columnsOfPage(groups, zone);
    assert.deepEqual(described(columns), described(columnsOfPageByColumnPasses(groups, zone)));
    const [omron] = columns.sources;
    assert.equal(columns.sources.length, 1);
    assert.equal(columns.unreadable, 1);
    assert.deepEqual([...omron!.systolic], [3, 2, 1]);
    assert.deepEqual(omron!.text.device.values, ['a', 'b']);
    assert.deepEqual(omron!.text.offset.values, ['+00:00', '+02:00', '-00:00']);
  });
});
