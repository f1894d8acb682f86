// A blood-pressure page on its way from the host to the webview, against the vendor-shaped sandbox:
// the host's columns (columnsOfPage) in the `page` message, carried the way VS Code (≥ 1.57, for an
// extension whose engine asks for it) carries a webview message — the message as JSON text in which
// every typed array is a reference to an ArrayBuffer sent beside it as bytes — then taken into the
// webview's store. Every field the panel shows comes out as the service sent it; the readings
// travel as one buffer, never as JSON; and a burst of pages taken in by the webview's intake, in
// slices, holds what the same pages taken one by one hold.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { HealthApiClient } from '../../src/api/client';
import { iterateBloodPressurePages } from '../../src/api/paging';
import type { GroupedBloodPressure, User } from '../../src/api/schemas';
import { timeZoneIdOf } from '../../src/api/wireValues';
import { columnsOfPage, readingsInColumns, type PageColumns } from '../../src/domain/bloodPressure/bloodPressureColumns';
import { bloodPressureQueryOf, defaultBloodPressureForm } from '../../src/domain/bloodPressure/bloodPressureQuery';
import { ReadingStore } from '../../src/domain/bloodPressure/bloodPressureStore';
import { parseTimestamp, ZoneCalendar } from '../../src/domain/zonedTime';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import type { BloodPressureHostMessage } from '../../src/shared/bloodPressureProtocol';
import { replayMessages } from '../../src/panels/bloodPressureLoadMessages';
import { PageIntake } from '../../src/webview/bloodPressure/pageIntake';

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

  /** The intake of a load whose store is `store()`, slices run by setImmediate; what it reported after each. */
  function intakeOf(store: () => ReadingStore): { intake: PageIntake; reports: { pages: number; waiting: number }[] } {
    const reports: { pages: number; waiting: number }[] = [];
    const intake = new PageIntake({ store, taken: (pages, waiting) => reports.push({ pages, waiting }) }, (run) => () => setImmediate(run));
    return { intake, reports };
  }

  /** `count` pages as they arrive at the webview (carried), cycling through the sandbox's pages that hold readings. */
  function burstOf(count: number): PageColumns[] {
    const withReadings = pages.map(({ zone, page }) => columnsOfPage(page.groups, zone)).filter((columns) => readingsInColumns(columns) > 0);
    return Array.from({ length: count }, (_, i) => carried({ type: 'page', columns: withReadings[i % withReadings.length]!, pageNumber: i + 1, readingsLoaded: 0 }).message.columns);
  }

  test('a burst of pages goes into the store in arrival order, the first on arrival, and holds what the pages taken one by one hold', async () => {
    const zone = pages[0]!.zone;
    const burst = burstOf(300);
    const oneByOne = new ReadingStore();
    for (const page of burst) oneByOne.add(page);
    const store = new ReadingStore();
    const { intake, reports } = intakeOf(() => store);
    for (const page of burst) intake.arrive(page);
    assert.deepEqual(reports, [{ pages: 1, waiting: 0 }], 'the first page is in the store on arrival, the others wait');
    assert.equal(intake.waiting, burst.length - 1);
    const left = await new Promise<number>((resolve) => intake.afterLast(() => resolve(intake.waiting)));
    assert.equal(left, 0, 'the load ends once every page is in');
    const slices = reports.slice(1);
    assert.ok(slices.length > 0);
    assert.deepEqual(
      slices.map((r) => r.pages + r.waiting),
      slices.map(() => burst.length),
      'each slice counts every page of the burst: in the store or waiting',
    );
    assert.ok(reports.every((r, i) => i === 0 || r.pages > reports[i - 1]!.pages), 'each slice takes pages in');
    assert.equal(reports.at(-1)!.pages, burst.length);
    assert.equal(store.readingCount, oneByOne.readingCount);
    assert.deepEqual(storedReadings(store, zone), storedReadings(oneByOne, zone));
    assert.deepEqual(store.summaries(), oneByOne.summaries());
    const range = { firstDay: zone.dayKey(Date.parse(`${TODAY}T12:00:00Z`) - 29 * 86_400_000), lastDay: TODAY };
    assert.deepEqual(store.coverage(range), oneByOne.coverage(range));
    assert.deepEqual(store.chartData(), oneByOne.chartData());
  });

  test('a new load drops the pages still waiting from the last one, and the last one never ends', async () => {
    const zone = pages[0]!.zone;
    const [a, b, c, d] = burstOf(4) as [PageColumns, PageColumns, PageColumns, PageColumns];
    let store = new ReadingStore();
    const { intake, reports } = intakeOf(() => store);
    intake.arrive(a);
    intake.arrive(b);
    let oldLoadEnded = false;
    intake.afterLast(() => (oldLoadEnded = true));
    store = new ReadingStore();
    intake.restart();
    intake.arrive(c);
    intake.arrive(d);
    await new Promise<void>((resolve) => intake.afterLast(resolve));
    assert.equal(oldLoadEnded, false);
    assert.deepEqual(reports.map((r) => r.pages), [1, 1, 2], 'the old load counted 1; the new one 1 on arrival, then 2');
    const expected = new ReadingStore();
    expected.add(c);
    expected.add(d);
    assert.deepEqual(storedReadings(store, zone), storedReadings(expected, zone));
  });

  test('a webview made again is sent the load over again: loading, each page with the readings so far, complete, the nearest readings', () => {
    const { user, zone } = pages[0]!;
    const held = pages.filter((p) => p.user === user).map((p) => p.page);
    const form = defaultBloodPressureForm(zone, Date.parse(`${TODAY}T12:00:00Z`));
    const nearest = { type: 'nearest', coverage: undefined, beforeDay: '2026-01-02', afterDay: undefined } as const;
    const messages = replayMessages({ pages: held, finished: { cancelled: true }, nearest }, form, 7, zone);
    assert.deepEqual(messages.map((m) => m.type), ['loading', ...held.map(() => 'page'), 'complete', 'nearest']);
    assert.deepEqual(messages[0], { type: 'loading', form, load: 7 });
    const store = new ReadingStore();
    messages.forEach((message, index) => {
      if (message.type !== 'page') return;
      store.add(message.columns);
      assert.equal(message.pageNumber, index);
      assert.equal(message.readingsLoaded, store.readingCount);
    });
    const sent = held.reduce((sum, page) => sum + [...sentReadings(page, zone).values()].reduce((n, rows) => n + rows.length, 0), 0);
    assert.ok(sent > 0);
    assert.deepEqual(messages.at(-2), { type: 'complete', pages: held.length, readings: sent, cancelled: true });
    assert.equal(store.readingCount, sent);
    assert.equal(messages.at(-1), nearest);
  });
});
