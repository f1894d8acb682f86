// A blood-pressure page on its way from the host to the webview, against the vendor-shaped sandbox:
// the host's columns (columnsOfPage) in the `page` message, carried the way VS Code (≥ 1.57, for an
// extension whose engine asks for it) carries a webview message — the message as JSON text in which
// every typed array is a reference to an ArrayBuffer sent beside it as bytes — then taken into the
// webview's store. Every field the panel shows comes out as the service sent it; the readings
// travel as one buffer, never as JSON.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { HealthApiClient } from '../../src/api/client';
import { iterateBloodPressurePages } from '../../src/api/paging';
import type { GroupedBloodPressure, User } from '../../src/api/schemas';
import { timeZoneIdOf } from '../../src/api/wireValues';
import { columnsOfPage, readingsInColumns } from '../../src/domain/bloodPressure/bloodPressureColumns';
import { bloodPressureQueryOf, defaultBloodPressureForm } from '../../src/domain/bloodPressure/bloodPressureQuery';
import { ReadingStore } from '../../src/domain/bloodPressure/bloodPressureStore';
import { parseTimestamp, ZoneCalendar } from '../../src/domain/zonedTime';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import type { BloodPressureHostMessage } from '../../src/shared/bloodPressureProtocol';

const API_KEY = 'unit-bp-transfer-key';
/** The sandbox's data is placed around this day, and the query ends on it: the test holds on any date. */
const TODAY = '2026-03-10';

type PageMessage = Extract<BloodPressureHostMessage, { type: 'page' }>;

/** The message as the workbench delivers it: JSON text with buffer references, and the buffers' bytes copied. */
function carried(message: PageMessage): { message: PageMessage; json: string; buffers: ArrayBuffer[] } {
  const buffers: ArrayBuffer[] = [];
  const json = JSON.stringify(message, (_key, value: unknown) => {
    if (!ArrayBuffer.isView(value)) return value;
    let index = buffers.indexOf(value.buffer as ArrayBuffer);
    if (index < 0) index = buffers.push(value.buffer as ArrayBuffer) - 1;
    return { bufferRef: index, view: value.constructor.name, byteOffset: value.byteOffset, byteLength: value.byteLength };
  });
  const copies = buffers.map((buffer) => buffer.slice(0));
  const views: Record<string, new (buffer: ArrayBuffer, offset: number, length: number) => ArrayBufferView & { BYTES_PER_ELEMENT?: number }> = {
    Float64Array,
    Int32Array,
    Uint32Array,
  };
  const revived = JSON.parse(json, (_key, value: unknown) => {
    const ref = value as { bufferRef?: number; view: string; byteOffset: number; byteLength: number } | null;
    if (!ref || typeof ref !== 'object' || ref.bufferRef === undefined) return value;
    const View = views[ref.view];
    assert.ok(View, `a typed array VS Code knows: ${ref.view}`);
    const bytesPer = (View as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT;
    return new View(copies[ref.bufferRef]!, ref.byteOffset, ref.byteLength / bytesPer);
  }) as PageMessage;
  return { message: revived, json, buffers };
}

/** Every reading of a page as the panel shows it, per source, in time order (stable), from the wire objects. */
function sentReadings(page: GroupedBloodPressure, zone: ZoneCalendar): Map<string, string[]> {
  const bySource = new Map<string, { epochMs: number; text: string }[]>();
  for (const groups of Object.values(page.groups)) {
    for (const group of groups) {
      const key = `${group.source.provider}/${group.source.type ?? '—'}`;
      const list = bySource.get(key) ?? bySource.set(key, []).get(key)!;
      for (const reading of group.data) {
        const parsed = parseTimestamp(reading.timestamp, zone);
        if (!parsed) continue;
        const offset = /(Z|[+-]\d\d:?\d\d)$/.exec(reading.timestamp)?.[1];
        const written = offset === undefined ? '' : offset === 'Z' ? '+00:00' : offset.length === 5 ? `${offset.slice(0, 3)}:${offset.slice(3)}` : offset;
        const fields = [
          parsed.epochMs,
          reading.systolic,
          reading.diastolic,
          reading.unit ?? '',
          written,
          typeof reading.timezone_offset === 'number' ? reading.timezone_offset : '',
          group.source.device_id ?? '',
          group.source.app_id ?? '',
          zone.dayKey(parsed.epochMs),
        ];
        list.push({ epochMs: parsed.epochMs, text: fields.join(' | ') });
      }
    }
  }
  return new Map([...bySource].map(([key, list]) => [key, list.sort((a, b) => a.epochMs - b.epochMs).map((r) => r.text)]));
}

/** The same, read back from the webview's store. */
function storedReadings(store: ReadingStore, zone: ZoneCalendar): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const source of store.sources()) {
    const rows: string[] = [];
    for (let i = 0; i < source.length; i++) {
      const epochMs = source.timeAt(i);
      const fields = [
        epochMs,
        source.systolicAt(i),
        source.diastolicAt(i),
        source.unit(i) ?? '',
        source.originalOffset(i) ?? '',
        source.ownOffsetSeconds(i) ?? '',
        source.textOf('device', i),
        source.textOf('app', i),
        zone.dayKey(epochMs),
      ];
      rows.push(fields.join(' | '));
    }
    result.set(`${source.provider}/${source.sourceType ?? '—'}`, rows);
  }
  return result;
}

describe('a blood-pressure page carried to the webview as columns (vendor-shaped sandbox)', () => {
  let sandbox: SandboxHandle;
  let client: HealthApiClient;
  const pages: { user: User; zone: ZoneCalendar; page: GroupedBloodPressure }[] = [];

  before(async () => {
    sandbox = await startSandbox({ port: 0, users: 8, seed: 35, apiKey: API_KEY, shape: 'vendor', today: TODAY });
    client = new HealthApiClient({ baseUrl: sandbox.url, apiKey: API_KEY });
    const { users } = await client.listUsers({ limit: 8 });
    for (const user of users) {
      const zone = new ZoneCalendar(timeZoneIdOf(user));
      const query = bloodPressureQueryOf(defaultBloodPressureForm(zone, Date.parse(`${TODAY}T12:00:00Z`)));
      for await (const page of iterateBloodPressurePages(client, user.user_id, query, {})) pages.push({ user, zone, page });
    }
  });

  after(async () => {
    await client?.close();
    await sandbox?.close();
  });

  test('every field the panel shows arrives as sent: time, values, unit, offsets, device, app, day, source', () => {
    const sent = { readings: 0, otherUnits: 0, ownOffsets: 0, withoutDevice: 0, withApp: 0, withoutSourceType: 0 };
    for (const { zone, page } of pages) {
      const message: PageMessage = { type: 'page', columns: columnsOfPage(page.groups, zone), pageNumber: 1, readingsLoaded: 0 };
      const { message: arrived } = carried(message);
      const store = new ReadingStore();
      store.add(arrived.columns);
      assert.deepEqual(storedReadings(store, zone), sentReadings(page, zone));
      assert.equal(arrived.columns.unreadable, message.columns.unreadable);
      for (const groups of Object.values(page.groups)) {
        for (const group of groups) {
          sent.readings += group.data.length;
          if (group.source.device_id == null) sent.withoutDevice += group.data.length;
          if (group.source.app_id != null) sent.withApp += group.data.length;
          if (group.source.type == null) sent.withoutSourceType += group.data.length;
          sent.otherUnits += group.data.filter((r) => r.unit != null && r.unit !== 'mmHg').length;
          sent.ownOffsets += group.data.filter((r) => typeof r.timezone_offset === 'number').length;
        }
      }
    }
    // The vendor-shaped sandbox sends each kind of value, so each was compared above.
    assert.ok(sent.readings > 0 && sent.otherUnits > 0 && sent.ownOffsets > 0 && sent.withoutDevice > 0, JSON.stringify(sent));
  });

  test('the readings travel as one buffer of exactly their columns; the JSON text carries only the small tables', () => {
    const { zone, page } = pages.reduce((a, b) => (readingsInColumns(columnsOfPage(b.page.groups, b.zone)) > readingsInColumns(columnsOfPage(a.page.groups, a.zone)) ? b : a));
    const columns = columnsOfPage(page.groups, zone);
    const readings = readingsInColumns(columns);
    assert.ok(readings >= 20, `a page with readings: ${readings}`);
    const { json, buffers } = carried({ type: 'page', columns, pageNumber: 1, readingsLoaded: readings });
    assert.equal(buffers.length, 1, 'one ArrayBuffer for every column of every source');
    // Time, systolic, diastolic (8 bytes each), zone day and five text indexes (4 each), each source's block 8-aligned.
    const expected = columns.sources.reduce((sum, s) => sum + Math.ceil((s.epochMs.length * 48) / 8) * 8, 0);
    assert.equal(buffers[0]!.byteLength, expected, 'nothing beside the columns in the buffer');
    const tableChars = columns.sources.reduce((sum, s) => sum + Object.values(s.text).reduce((n, t) => n + JSON.stringify(t.values).length, 0), 0);
    assert.ok(json.length < 1_200 * columns.sources.length + tableChars, `JSON text ${json.length} chars for ${readings} readings`);
  });
});
