// The messages the blood-pressure panel posts for the sandbox's heavy reader (init, loading, one
// `page` per cursor page, complete), fetched through the real client, plus each page's JSON text.
import { HealthApiClient } from '../../src/api/client';
import { iterateBloodPressurePages } from '../../src/api/paging';
import type { GroupedBloodPressure, User } from '../../src/api/schemas';
import { timeZoneIdOf } from '../../src/api/wireValues';
import { summariseSource } from '../../src/domain/users/userTree';
import { columnsOfPage } from '../../src/domain/bloodPressure/bloodPressureColumns';
import { readingsIn } from '../../src/domain/bloodPressure/bloodPressureGroups';
import { bloodPressureQueryOf, type BloodPressureForm } from '../../src/domain/bloodPressure/bloodPressureQuery';
import { addDays, ZoneCalendar } from '../../src/domain/zonedTime';
import { startSandbox } from '../../src/sandbox/server';
import type { BloodPressureHostMessage } from '../../src/shared/bloodPressureProtocol';
import { bloodPressureStrings } from './panelStrings';

/** The panel's messages for one heavy reader, and its pages as the JSON they came as. */
export interface Payload {
  init: BloodPressureHostMessage;
  data: BloodPressureHostMessage[];
  texts: string[];
  readings: number;
  pages: number;
  bytes: number;
  /** The host's side, in node: building every page's columns vs JSON.parse of the same pages. */
  host: { columnsMs: number; parseMs: number };
}

export interface PayloadOptions {
  /** Readings per cursor page (the sandbox's default when absent). */
  pageSize?: number;
  /** The query, from today in the user's zone (default: the last 400 days, open end). */
  form?: (today: string) => BloodPressureForm;
  /** Accept fewer readings than the reader has (a query window that leaves some out). */
  partial?: boolean;
}

/** The sandbox's heavy reader, fetched through the real client: the panel's own messages. */
export async function heavyReaderPayload(readings: number, options: PayloadOptions = {}): Promise<Payload> {
  const sandbox = await startSandbox({
    port: 0,
    users: 3,
    seed: 9,
    heavyUserReadings: readings,
    ...(options.pageSize ? { bloodPressurePageSize: options.pageSize } : {}),
  });
  const client = new HealthApiClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
  try {
    const { users } = await client.listUsers();
    const user: User | undefined = users.find((u) => u.client_user_id === 'sample-heavy-reader');
    if (!user) throw new Error('the sandbox lists no heavy reader');
    const zone = new ZoneCalendar(timeZoneIdOf(user));
    const today = zone.dayKey(Date.now());
    const form: BloodPressureForm = options.form?.(today) ?? { startDate: addDays(today, -400), endDate: '', provider: '' };
    const pages: GroupedBloodPressure[] = [];
    for await (const page of iterateBloodPressurePages(client, user.user_id, bloodPressureQueryOf(form))) pages.push(page);
    let count = 0;
    const data: BloodPressureHostMessage[] = [{ type: 'loading', form, load: 1 }];
    pages.forEach((page, index) => {
      count += readingsIn(page.groups);
      data.push({ type: 'page', columns: columnsOfPage(page.groups, zone), pageNumber: index + 1, readingsLoaded: count });
    });
    data.push({ type: 'complete', pages: pages.length, readings: count, cancelled: false });
    if (options.partial ? count === 0 || count > readings : count !== readings) throw new Error(`expected ${readings} readings, got ${count}`);
    const init: BloodPressureHostMessage = {
      type: 'init',
      strings: await bloodPressureStrings(),
      locale: 'en',
      user: {
        userId: user.user_id,
        clientUserId: user.client_user_id,
        timeZone: zone.zone,
        timeZoneFromUser: zone.usesRequestedZone,
        providers: (user.connected_sources ?? []).map((c) => summariseSource(c)).map(({ slug, name }) => ({ slug, name })),
      },
      form,
    };
    const texts = pages.map((page) => JSON.stringify(page));
    const host = hostCost(pages, texts, zone);
    return { init, data, texts, readings: count, pages: pages.length, bytes: texts.reduce((sum, t) => sum + t.length, 0), host };
  } finally {
    await client.close();
    await sandbox.close();
  }
}

/** Median over a few rounds (after a warm-up) of what the panel adds per load in the extension host. */
function hostCost(pages: readonly GroupedBloodPressure[], texts: readonly string[], zone: ZoneCalendar): { columnsMs: number; parseMs: number } {
  const columns: number[] = [];
  const parse: number[] = [];
  for (let round = 0; round < 6; round++) {
    let started = performance.now();
    for (const page of pages) columnsOfPage(page.groups, zone);
    if (round > 0) columns.push(performance.now() - started);
    started = performance.now();
    for (const text of texts) JSON.parse(text);
    if (round > 0) parse.push(performance.now() - started);
  }
  const median = (values: number[]): number => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  return { columnsMs: median(columns), parseMs: median(parse) };
}
