// The lab-markers panel in the real extension host: a lab test's and an order set's markers with
// their LOINC codes, as our own client gets them from the same sandbox; restore; bad input.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MarkerPage } from '../../src/api/schemas';
import { filterMarkers } from '../../src/domain/labs/markerTable';
import { waitFor } from './helpers';
import { openPanelsFixture, panelReports, rendered, waitForPanel, type PanelReport, type PanelsFixture } from './panelsSupport';

const VIEW_TYPE = 'healthData.labMarkers';

let fixture: PanelsFixture & { close(): Promise<void> };

const loincCodesOf = (page: MarkerPage): string[] =>
  [...new Set(page.markers.flatMap((m) => (m.expected_results ?? []).map((r) => r.loinc?.code ?? '')))].sort();

interface LabSource {
  kind: string;
  labTestId?: string;
  labTestIds?: string[];
}

function labPanel(what: string, accept: (source: LabSource, report: PanelReport) => boolean): Promise<PanelReport> {
  return waitForPanel(what, (report) => {
    if (report.viewType !== VIEW_TYPE) return false;
    const source = (report.rendered?.form as { source?: LabSource } | undefined)?.source;
    return source !== undefined && accept(source, report);
  });
}

const inPhase = (phase: string) => (report: PanelReport) => rendered<string>(report, 'phase') === phase;

suite('Panels: lab markers', () => {
  suiteSetup(async () => {
    fixture = await openPanelsFixture({ users: 2, seed: 5 });
  });

  suiteTeardown(async () => {
    await fixture?.close();
  });

  test('a lab test\'s markers arrive with every LOINC code of their expected results', async () => {
    const labTest = fixture.sandbox.labTests[0] ?? assert.fail('the sandbox has sample lab tests');
    await vscode.commands.executeCommand('healthData.showLabTestMarkers', { labTestId: labTest.id });
    const report = await labPanel('the lab test panel', (source, r) => source.labTestId === labTest.id && inPhase('data')(r));
    const page = await fixture.client.listLabTestMarkers(labTest.id, { page: 1, size: 50 });
    assert.ok(page.markers.length > 0);
    assert.equal(rendered(report, 'markers'), page.markers.length);
    assert.equal(rendered(report, 'visibleMarkers'), page.markers.length);
    assert.equal(rendered(report, 'total'), page.total);
    assert.deepEqual([...rendered<string[]>(report, 'loincCodes')].sort(), loincCodesOf(page));
  });

  test('restoring its saved state through the serializer lists the same markers again', async () => {
    const [original] = (await panelReports()).filter((r) => r.viewType === VIEW_TYPE);
    assert.ok(original?.state);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await waitFor(async () => (await panelReports()).length === 0, 'the panel to close');
    assert.equal(await vscode.commands.executeCommand('healthData.restorePanel', VIEW_TYPE, original.state), true);
    const report = await labPanel('the restored panel', (_source, r) => inPhase('data')(r));
    assert.equal(rendered(report, 'markers'), rendered(original, 'markers'));
    assert.deepEqual(rendered(report, 'loincCodes'), rendered(original, 'loincCodes'));
  });

  test('an order set of two lab tests lists what the API returns for that body', async () => {
    const ids = fixture.sandbox.labTests.slice(0, 2).map((t) => t.id);
    assert.equal(ids.length, 2);
    await vscode.commands.executeCommand('healthData.showOrderSetMarkers', { labTestIds: ids });
    const report = await labPanel('the order set panel', (source, r) => source.kind === 'orderSet' && inPhase('data')(r));
    const page = await fixture.client.listOrderSetMarkers({ labTestIds: ids }, { page: 1, size: 50 });
    assert.equal(rendered(report, 'markers'), page.markers.length);
    assert.equal(rendered(report, 'total'), page.total);
    assert.deepEqual([...rendered<string[]>(report, 'loincCodes')].sort(), loincCodesOf(page));
  });

  test('an unknown lab test is a 404 in the panel', async () => {
    await vscode.commands.executeCommand('healthData.showLabTestMarkers', 'no-such-lab-test');
    const report = await labPanel('the 404', (source, r) => source.labTestId === 'no-such-lab-test' && inPhase('error')(r));
    const status = await fixture.client.listLabTestMarkers('no-such-lab-test').then(
      () => 200,
      (error: { status?: number }) => error.status,
    );
    assert.equal(status, 404);
    assert.ok(rendered<{ actions: string[] }>(report, 'error').actions.includes('retry'));
  });

  test('a size outside 1..100 is refused in the panel and never sent', async () => {
    const labTest = fixture.sandbox.labTests[1] ?? assert.fail('a second sample lab test');
    const before = fixture.sandbox.requestCount();
    await vscode.commands.executeCommand('healthData.showLabTestMarkers', { labTestId: labTest.id, size: 101 });
    const report = await labPanel('the refused size', (source, r) => source.labTestId === labTest.id && inPhase('error')(r));
    assert.deepEqual(rendered(report, 'error'), { actions: [], fields: [] });
    assert.equal(fixture.sandbox.requestCount(), before);
  });
  test('a lab test named by the caller shows its name in the tab and the heading, and the name is remembered', async () => {
    const labTest = fixture.sandbox.labTests[2] ?? assert.fail('a third sample lab test');
    await vscode.commands.executeCommand('healthData.showLabTestMarkers', { labTestId: labTest.id, labTestName: labTest.name });
    const named = await labPanel('the named panel', (source, r) => source.labTestId === labTest.id && r.rendered?.heading === `Markers of ${labTest.name}`);
    assert.equal(named.title, `Markers: ${labTest.name} · Sandbox US`);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await waitFor(async () => (await panelReports()).length === 0, 'the panel to close');
    // Opened again by id alone (as a link or a typed id would): the name comes from memory.
    await vscode.commands.executeCommand('healthData.showLabTestMarkers', labTest.id);
    const again = await labPanel('the panel by id', (source, r) => source.labTestId === labTest.id && inPhase('data')(r));
    assert.equal(again.title, `Markers: ${labTest.name} · Sandbox US`);
    assert.equal(rendered(again, 'heading'), `Markers of ${labTest.name}`);
    // An id nobody named stays an id.
    const other = fixture.sandbox.labTests[3] ?? assert.fail('a fourth sample lab test');
    await vscode.commands.executeCommand('healthData.showLabTestMarkers', other.id);
    const unnamed = await labPanel('the unnamed panel', (source, r) => source.labTestId === other.id && inPhase('data')(r));
    assert.equal(unnamed.title, `Markers: ${other.id} · Sandbox US`);
    assert.equal(rendered(unnamed, 'heading'), 'Lab test markers');
  });

  test('an order set title counts lab tests and provider ids apart', async () => {
    const ids = fixture.sandbox.labTests.slice(4, 6).map((t) => t.id);
    await vscode.commands.executeCommand('healthData.showOrderSetMarkers', { labTestIds: ids, providerIds: ['provider-x'] });
    const report = await labPanel('the order set', (source, r) => source.kind === 'orderSet' && (source.labTestIds ?? []).includes(ids[0] ?? '') && r.rendered?.heading !== undefined && r.rendered.heading !== 'Order set markers');
    assert.equal(report.title, 'Order Set Markers (2 lab tests, 1 provider id) · Sandbox US');
    assert.equal(rendered(report, 'heading'), 'Order set markers: 2 lab tests, 1 provider id');
  });

  test('the filter searches every page of the lab test, not only the one on screen', async () => {
    const labTest = fixture.sandbox.labTests[0] ?? assert.fail('the sandbox has sample lab tests');
    const all = await fixture.client.listLabTestMarkers(labTest.id, { page: 1, size: 100 });
    assert.ok(all.markers.length > 2, 'the lab test has more markers than one page of 2');
    const filter = 'hdl';
    const expected = filterMarkers(all.markers, filter).length;
    const onFirstPage = filterMarkers(all.markers.slice(0, 2), filter).length;
    assert.ok(expected > onFirstPage, 'some matches are beyond the first page');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await waitFor(async () => (await panelReports()).length === 0, 'the panels to close');
    const state = { version: 1, form: { source: { kind: 'labTest', labTestId: labTest.id, labAccountId: '' }, page: 1, size: 2 }, filter };
    assert.equal(await vscode.commands.executeCommand('healthData.restorePanel', VIEW_TYPE, state), true);
    const report = await labPanel('every page searched', (source, r) => source.labTestId === labTest.id && rendered(r, 'searchedMarkers') === all.markers.length);
    assert.equal(rendered(report, 'markers'), 2, 'the page on screen is still one page of 2');
    assert.equal(rendered(report, 'visibleMarkers'), expected);
  });
  test('the picker offers the lab tests shown here before by a name seen in another environment; the panel uses that name and says where it was seen (issue 34.4)', async function () {
    this.timeout(60_000);
    const labTest = fixture.sandbox.labTests[6] ?? assert.fail('a seventh sample lab test');
    const other = fixture.sandbox.labTests[5] ?? assert.fail('a sixth sample lab test');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // The local sandbox names it (its sample list).
    await vscode.commands.executeCommand('healthData.useLocalSandbox');
    try {
      await vscode.commands.executeCommand('healthData.showLabTestMarkers', labTest.id);
      await labPanel('the lab test on the local sandbox', (source, r) => source.labTestId === labTest.id && r.rendered?.heading === `Markers of ${labTest.name}`);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await fixture.testing.connection.selectEnvironment('sandboxUs');
    }
    // Sandbox US shows it in an order set: its newest lab-test request, a Requests row of this environment.
    await vscode.commands.executeCommand('healthData.showOrderSetMarkers', { labTestIds: [labTest.id, other.id], providerIds: [] });
    await labPanel('the order set', (source, r) => source.kind === 'orderSet' && (source.labTestIds ?? [])[0] === labTest.id && inPhase('data')(r));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await waitFor(async () => (await panelReports()).length === 0, 'the order set to close');

    // From the palette, no argument: the picker's first item is that lab test; the lab account is left empty.
    const done = vscode.commands.executeCommand('healthData.showLabTestMarkers');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await done;
    const report = await labPanel('the picked lab test', (source, r) => source.labTestId === labTest.id && inPhase('data')(r) && r.rendered?.heading === `Markers of ${labTest.name}`);
    assert.equal(report.title, `Markers: ${labTest.name} · Sandbox US`, 'not the id: the name seen on the local sandbox');
    const detail = rendered<string>(report, 'headingDetail');
    assert.match(detail, new RegExp(`lab_test_id ${labTest.id} \\(name seen in Local sandbox \\(sample data\\)\\)`));
    assert.doesNotMatch(detail, /name not known/);
    // Picked here, it is a recent lab test of Sandbox US, without the name of the other environment.
    assert.deepEqual(fixture.testing.recents?.get('sandboxUs').labTests[0], { id: labTest.id });
  });

  test('on the local sandbox a sample lab test is named from the sample list', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('healthData.useLocalSandbox');
    try {
      const labTest = fixture.sandbox.labTests[7] ?? assert.fail('an eighth sample lab test');
      await vscode.commands.executeCommand('healthData.showLabTestMarkers', labTest.id);
      const report = await labPanel('the sample lab test', (source, r) => source.labTestId === labTest.id && r.rendered?.heading === `Markers of ${labTest.name}`);
      assert.equal(report.title, `Markers: ${labTest.name} · Local sandbox (sample data)`);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await fixture.testing.connection.selectEnvironment('sandboxUs');
    }
  });
});

suite('Panels: lab markers from a service shaped like the vendor\'s', () => {
  let vendor: PanelsFixture & { close(): Promise<void> };

  suiteSetup(async () => {
    vendor = await openPanelsFixture({ users: 2, seed: 5, shape: 'vendor' });
  });

  suiteTeardown(async () => {
    await vendor?.close();
  });

  test('an order set of every lab test shows every marker, its panels and prices, and "—" for what was not sent', async () => {
    const ids = vendor.sandbox.labTests.map((t) => t.id);
    await vscode.commands.executeCommand('healthData.showOrderSetMarkers', { labTestIds: ids, size: 100 });
    const report = await labPanel('the vendor-shaped order set', (source, r) => source.kind === 'orderSet' && (source.labTestIds ?? []).length === ids.length && inPhase('data')(r));
    const page = await vendor.client.listOrderSetMarkers({ labTestIds: ids }, { page: 1, size: 100 });
    assert.ok(page.markers.length > 5);
    assert.equal(rendered(report, 'markers'), page.markers.length);
    assert.equal(rendered(report, 'markerRows'), page.markers.length, 'a row for every marker the body holds');
    const panels = page.markers.filter((m) => m.type === 'panel').length;
    assert.ok(panels > 0, 'the vendor shape sends panel markers');
    assert.equal(rendered(report, 'panelMarkers'), panels);
    const priced = page.markers.filter((m) => page.pricing?.data?.[String(m.id)] !== undefined || typeof m.price === 'string').length;
    assert.equal(rendered(report, 'pricedMarkers'), priced);
    assert.ok(rendered(report, 'missingCells') > 0, 'values not sent are shown as "—"');
    assert.equal(rendered(report, 'badCells'), 0, 'no blank, "undefined", "null" or "NaN" cell');
    assert.deepEqual([...rendered<string[]>(report, 'loincCodes')].sort(), [...new Set(page.markers.flatMap((m) => (m.expected_results ?? []).flatMap((r) => (r.loinc?.code ? [r.loinc.code] : []))))].sort());
  });

  test('a page without total or pages says what it knows: the page, "total not sent", and whether more may follow', async () => {
    let found: { id: string; markers: number } | undefined;
    for (const labTest of vendor.sandbox.labTests) {
      const page = await vendor.client.listLabTestMarkers(labTest.id, { page: 1, size: 1 });
      if (page.total === null && page.pages === null && page.markers.length === 1) found = { id: labTest.id, markers: page.markers.length };
    }
    assert.ok(found, 'some lab test of the vendor shape is sent without total and pages');
    await vscode.commands.executeCommand('healthData.showLabTestMarkers', { labTestId: found.id, size: 1 });
    const report = await labPanel('the page without a total', (source, r) => source.labTestId === found?.id && inPhase('data')(r));
    assert.equal(rendered(report, 'markerRows'), 1);
    assert.equal(rendered<string>(report, 'pager'), 'Page 1 · total not sent · more may follow');
    assert.equal(rendered(report, 'badCells'), 0);
  });
});
