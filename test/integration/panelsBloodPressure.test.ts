// The blood-pressure panel in the real extension host: it opens from a user, receives every cursor
// page from the sandbox, and what its webview reports matches what our own client counts.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { iterateBloodPressurePages } from '../../src/api/paging';
import type { User } from '../../src/api/schemas';
import { readingsIn } from '../../src/domain/bloodPressure/bloodPressureGroups';
import { bloodPressureQueryOf, defaultBloodPressureForm, type BloodPressureForm } from '../../src/domain/bloodPressure/bloodPressureQuery';
import { CHART_PALETTES } from '../../src/domain/bloodPressure/chartColors';
import { addDays, ZoneCalendar } from '../../src/domain/zonedTime';
import { waitFor } from './helpers';
import { openPanelsFixture, panelReports, rendered, waitForPanel, type PanelReport, type PanelsFixture } from './panelsSupport';

const VIEW_TYPE = 'healthData.bloodPressure';
const HEAVY_READINGS = 100_000;

let fixture: PanelsFixture & { close(): Promise<void> };
let heavy: User;
let regular: User;

async function countReadings(user: User, form: BloodPressureForm): Promise<{ readings: number; providers: Set<string> }> {
  let readings = 0;
  const providers = new Set<string>();
  for await (const page of iterateBloodPressurePages(fixture.client, user.user_id, bloodPressureQueryOf(form))) {
    readings += readingsIn(page.groups);
    for (const groups of Object.values(page.groups)) for (const group of groups) if (group.data.length > 0) providers.add(group.source.provider);
  }
  return { readings, providers };
}

const isPanelOf = (user: User) => (report: PanelReport) => report.viewType === VIEW_TYPE && report.state?.userId === user.user_id;
const formOf = (report: PanelReport): BloodPressureForm => report.state?.form as BloodPressureForm;

/** The panel of `user` once its webview has rendered `phase` for `form`. */
function settled(user: User, phase: string, form?: BloodPressureForm): Promise<PanelReport> {
  return waitForPanel(`${user.client_user_id}'s panel in phase ${phase}`, (report) => {
    if (!isPanelOf(user)(report) || rendered<string>(report, 'phase') !== phase) return false;
    return form === undefined || JSON.stringify(report.rendered?.form) === JSON.stringify(form);
  }, 90_000);
}

suite('Panels: blood pressure', () => {
  suiteSetup(async () => {
    fixture = await openPanelsFixture({ users: 6, seed: 11, heavyUserReadings: HEAVY_READINGS, bloodPressurePageSize: 5_000 });
    const { users } = await fixture.client.listUsers({ limit: 10 });
    const byId = (id: string): User | undefined => users.find((u) => u.client_user_id === id);
    heavy = byId('sample-heavy-reader') ?? assert.fail('the heavy reader is listed');
    const now = Date.now();
    let found: User | undefined;
    for (const user of users) {
      if (user === heavy) continue;
      const form = defaultBloodPressureForm(new ZoneCalendar(user.fallback_time_zone?.id ?? undefined), now);
      if ((await countReadings(user, form)).readings > 0) {
        found = user;
        break;
      }
    }
    regular = found ?? assert.fail('some sample user has readings in the last 30 days');
  });

  suiteTeardown(async () => {
    await fixture?.close();
  });

  test('opened from a tree node, it shows the last 30 days: every reading in the table and the chart', async () => {
    await vscode.commands.executeCommand('healthData.showBloodPressure', { user: regular });
    const report = await settled(regular, 'data');
    const expectedForm = defaultBloodPressureForm(new ZoneCalendar(regular.fallback_time_zone?.id ?? undefined), Date.now());
    assert.deepEqual(formOf(report), expectedForm, 'the default query is the last 30 days');
    const expected = await countReadings(regular, formOf(report));
    assert.equal(rendered(report, 'readings'), expected.readings);
    assert.equal(rendered(report, 'tableRows'), expected.readings);
    assert.equal(rendered(report, 'chartSeries'), 2 * expected.providers.size, 'a systolic and a diastolic series per provider');
    assert.ok(rendered(report, 'chartPoints') > 0, 'the chart canvas has points');
    assert.equal(rendered(report, 'summaryProviders'), expected.providers.size);
    assert.ok(rendered(report, 'coverageProviders') >= expected.providers.size);
    assert.equal(report.title, `Blood Pressure: ${regular.client_user_id} · Sandbox US`, 'the tab names the environment');
  });

  test('its saved state holds ids and the query only, and restoring it through the serializer re-fetches', async () => {
    const [original] = (await panelReports()).filter(isPanelOf(regular));
    assert.ok(original?.state);
    assert.deepEqual(Object.keys(original.state).sort(), ['clientUserId', 'environment', 'form', 'userId', 'version']);
    assert.equal(original.state.environment, 'sandboxUs');
    const before = fixture.sandbox.requestCount();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await waitFor(async () => (await panelReports()).length === 0, 'the panel to close');
    const restored = await vscode.commands.executeCommand<boolean>('healthData.restorePanel', VIEW_TYPE, original.state);
    assert.equal(restored, true);
    const report = await settled(regular, 'data', formOf(original));
    assert.equal(rendered(report, 'readings'), rendered(original, 'readings'));
    assert.equal(rendered(report, 'tableRows'), rendered(original, 'tableRows'));
    assert.ok(fixture.sandbox.requestCount() > before, 'the restored panel asked the API again (user and readings)');
  });

  test('a state that is not ours is refused without opening anything', async () => {
    const count = (await panelReports()).length;
    const restored = await vscode.commands.executeCommand<boolean>('healthData.restorePanel', VIEW_TYPE, { version: 1, userId: 'x' });
    assert.equal(restored, false);
    assert.equal((await panelReports()).length, count);
  });

  test('all 100,000 readings of a heavy reader reach the table, over several cursor pages', async function () {
    this.timeout(180_000);
    const form: BloodPressureForm = { startDate: '2000-01-01', endDate: '', provider: '' };
    await vscode.commands.executeCommand('healthData.showBloodPressure', heavy, form);
    const report = await settled(heavy, 'data', form);
    const expected = await countReadings(heavy, form);
    assert.equal(expected.readings, HEAVY_READINGS);
    assert.equal(rendered(report, 'readings'), HEAVY_READINGS);
    assert.equal(rendered(report, 'tableRows'), HEAVY_READINGS);
    assert.equal(rendered(report, 'chartPoints'), HEAVY_READINGS, 'the chart holds every reading');
    assert.ok(rendered(report, 'chartRows') < HEAVY_READINGS / 5, `and draws them per pixel column: ${rendered(report, 'chartRows')} rows`);
  });

  test('flow control: a panel hidden mid-load (its webview gone) does not hold the load; shown again, it has every page the Requests view recorded', async function () {
    this.timeout(180_000);
    const form: BloodPressureForm = { startDate: '2001-01-01', endDate: '', provider: '' };
    const pages = HEAVY_READINGS / 5_000;
    const isGrouped = (url: string): boolean => url.includes(`/v2/timeseries/${heavy.user_id}/blood_pressure/grouped`);
    const recorded = (): number => fixture.testing.requestRecorder.records.all().filter((record) => isGrouped(record.url)).length;
    const before = recorded();
    await vscode.commands.executeCommand('healthData.showBloodPressure', heavy, form);
    await waitForPanel('the first page on screen', (report) => isPanelOf(heavy)(report) && (report.rendered?.pages as number) > 0 && JSON.stringify(report.rendered?.form) === JSON.stringify(form));
    // Another editor over the panel in its column: the webview is gone and takes nothing in.
    await vscode.commands.executeCommand('workbench.action.files.newUntitledFile');
    await waitFor(async () => recorded() - before >= pages, `the hidden panel's load to reach page ${pages}`, 90_000);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    const report = await settled(heavy, 'data', form);
    assert.equal(rendered(report, 'pages'), pages);
    assert.equal(rendered(report, 'readings'), HEAVY_READINGS);
    assert.equal(recorded() - before, pages, 'one request a page: the panel shows every page the Requests view recorded');
  });

  test('a provider keeps its chart colour when the provider filter shows it alone; no colour is a band colour', async () => {
    const lastMonth = defaultBloodPressureForm(new ZoneCalendar(regular.fallback_time_zone?.id ?? undefined), Date.now());
    await vscode.commands.executeCommand('healthData.showBloodPressure', { user: regular }, lastMonth);
    const all = await settled(regular, 'data', lastMonth);
    const colors = rendered<Record<string, string>>(all, 'chartColors');
    const providers = Object.keys(colors);
    assert.ok(providers.length > 0);
    const bandColors = Object.values(CHART_PALETTES).flatMap((palette) => Object.values(palette.bands));
    for (const color of Object.values(colors)) assert.ok(!bandColors.includes(color), color);
    assert.equal(new Set(Object.values(colors)).size, providers.length, 'each provider has its own colour');
    const last = providers[providers.length - 1] ?? assert.fail();
    const form: BloodPressureForm = { ...formOf(all), provider: last };
    await vscode.commands.executeCommand('healthData.showBloodPressure', { user: regular }, form);
    const filtered = await settled(regular, 'data', form);
    assert.deepEqual(rendered(filtered, 'chartColors'), { [last]: colors[last] });
    assert.equal(rendered(filtered, 'preset'), 'last30', 'the 30-day preset shows as the active one');
  });

  test('a range without readings is the empty state, with coverage for the nearest data', async () => {
    const form: BloodPressureForm = { startDate: '2001-01-01', endDate: '2001-01-31', provider: '' };
    await vscode.commands.executeCommand('healthData.showBloodPressure', { user: regular }, form);
    const report = await settled(regular, 'empty', form);
    assert.equal(rendered(report, 'readings'), 0);
    assert.ok(rendered(report, 'coverageProviders') > 0, 'the coverage strip is shown');
  });

  test('after the user\'s data ends, the empty state names the day of the last reading before the range', async () => {
    const zone = new ZoneCalendar(regular.fallback_time_zone?.id ?? undefined);
    const today = zone.dayKey(Date.now());
    const form: BloodPressureForm = { startDate: addDays(today, 30), endDate: addDays(today, 40), provider: '' };
    await vscode.commands.executeCommand('healthData.showBloodPressure', { user: regular }, form);
    const report = await waitForPanel('the nearest readings', (r) => isPanelOf(regular)(r) && JSON.stringify(r.rendered?.form) === JSON.stringify(form) && r.rendered?.nearest !== undefined);
    let latest = Number.NEGATIVE_INFINITY;
    const query = bloodPressureQueryOf({ startDate: addDays(today, -400), endDate: addDays(today, 1), provider: '' });
    for await (const page of iterateBloodPressurePages(fixture.client, regular.user_id, query)) {
      for (const groups of Object.values(page.groups)) for (const g of groups) for (const r of g.data) latest = Math.max(latest, Date.parse(r.timestamp));
    }
    assert.ok(Number.isFinite(latest));
    assert.deepEqual(rendered(report, 'nearest'), { beforeDay: zone.dayKey(latest) });
  });

  test('a bad query from a command argument is refused in the panel and never sent', async () => {
    const before = fixture.sandbox.requestCount();
    const form: BloodPressureForm = { startDate: '2024-02-10', endDate: '2024-02-01', provider: '' };
    await vscode.commands.executeCommand('healthData.showBloodPressure', { user: regular }, form);
    const report = await settled(regular, 'error', form);
    assert.deepEqual(rendered(report, 'error'), { actions: [], fields: [] });
    assert.equal(fixture.sandbox.requestCount(), before);
  });

  test('a rejected key (401) offers the other key header first, then "Set API key"', async () => {
    fixture.sandbox.injectFaults({ kind: 'status', status: 401, path: '/v2/timeseries/' });
    const form: BloodPressureForm = { startDate: '2024-03-01', endDate: '2024-03-31', provider: '' };
    await vscode.commands.executeCommand('healthData.showBloodPressure', { user: regular }, form);
    const report = await settled(regular, 'error', form);
    // The key went in x-service-api-key: "Try x-vital-api-key" comes first (it may be the header, not the key).
    assert.deepEqual(rendered<{ actions: string[] }>(report, 'error').actions, ['useOtherKeyHeader', 'setApiKey', 'retry']);
  });

  test('a 422 is shown field by field', async () => {
    const detail = [{ type: 'date_from_datetime_parsing', loc: ['query', 'start_date'], msg: 'Input should be a valid date', input: 'x' }];
    fixture.sandbox.injectFaults({ kind: 'status', status: 422, detail, path: '/v2/timeseries/' });
    const form: BloodPressureForm = { startDate: '2024-04-01', endDate: '2024-04-30', provider: '' };
    await vscode.commands.executeCommand('healthData.showBloodPressure', { user: regular }, form);
    const report = await settled(regular, 'error', form);
    assert.deepEqual(rendered<{ fields: string[] }>(report, 'error').fields, ['start_date (query)']);
  });
});
