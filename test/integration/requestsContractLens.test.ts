// The contract lens in the Requests view, in the real extension host against the embedded sandbox
// in the vendor's shape: a row says how many deviations its response has, a paged load sums its
// pages, the tooltip says it too, the request document lists each deviation with its path, the
// spec's words and its section, and with healthData.contractLens.enabled off no row counts any.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { deviationCount } from '../../src/api/contract/deviations';
import type { RequestRecord } from '../../src/domain/requests/requestRecords';
import type { HealthDataExtensionApi, ShellTestingApi } from '../../src/extensionApi';
import type { RequestNode } from '../../src/views/requests/requestNodes';
import { activateExtension, waitFor } from './helpers';

let testing: ShellTestingApi;
const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('healthData');

const textOf = (value: string | vscode.MarkdownString | vscode.TreeItemLabel | undefined | boolean): string =>
  value === undefined || typeof value === 'boolean' ? '' : typeof value === 'string' ? value : 'value' in value ? value.value : value.label;

function roots(): RequestNode[] {
  return testing.requestsView.provider.getChildren();
}

function rowOf(record: RequestRecord): RequestNode {
  return waitForSync(() => roots().find((node) => node.kind === 'request' && node.record.id === record.id), `the row of request ${record.id}`);
}

function waitForSync<T>(probe: () => T | undefined, what: string): T {
  return probe() ?? assert.fail(`no ${what}`);
}

function newestRecord(path: string): RequestRecord {
  const found = [...testing.requestRecorder.records.all()].reverse().find((record) => record.url.includes(path));
  return found ?? assert.fail(`no record of ${path}`);
}

/** The one wording of a count (row, panel line, document): "15 deviations in 21 places". */
function countText(records: readonly RequestRecord[]): string {
  const count = records.reduce((sum, record) => sum + (record.deviations?.length ?? 0), 0);
  const places = records.reduce((sum, record) => sum + deviationCount(record.deviations ?? []), 0);
  if (count === 1) return places === 1 ? '1 deviation' : `1 deviation in ${places} places`;
  return `${count} deviations in ${places} places`;
}

suite('Requests view: contract lens', () => {
  suiteSetup(async function () {
    this.timeout(60_000);
    const api = await activateExtension<HealthDataExtensionApi>();
    assert.ok(api.testing);
    testing = api.testing;
    await vscode.commands.executeCommand('healthData.useLocalSandbox');
    await config().update('localSandbox.shape', 'vendor', vscode.ConfigurationTarget.Global);
    // The sandbox restarts in the vendor's shape: wait until a user page differs from the spec.
    await waitFor(async () => {
      let found = 0;
      await (await testing.connection.client('local')).listUsers({ limit: 3 }, { onDeviations: (deviations) => (found = deviations.length) });
      return found > 0;
    }, 'the vendor-shaped sandbox');
    await vscode.commands.executeCommand('healthData.requests.clear');
  });

  suiteTeardown(async () => {
    await config().update('localSandbox.shape', undefined, vscode.ConfigurationTarget.Global);
    await config().update('contractLens.enabled', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('a row carries its count, its tooltip says it, and its document lists each deviation', async () => {
    const client = await testing.connection.client('local');
    const labTest = (await testing.connection.sampleLabTests())?.[0] ?? assert.fail('a sample lab test');
    await client.listLabTestMarkers(labTest.id, { page: 1, size: 50 });
    const record = newestRecord(`/lab_tests/${labTest.id}/markers`);
    const deviations = record.deviations ?? assert.fail('the record keeps the deviations');
    assert.ok(deviations.length > 0, 'the vendor-shaped markers differ from the spec');
    const item = await waitFor(() => {
      const node = roots().find((n) => n.kind === 'request' && n.record.id === record.id);
      return node && testing.requestsView.provider.getTreeItem(node);
    }, 'the row');
    assert.ok(textOf(item.description).includes(countText([record])), textOf(item.description));
    assert.ok(textOf(item.tooltip).includes(`Differs from the spec: ${countText([record])}`), textOf(item.tooltip));

    await vscode.commands.executeCommand('healthData.requests.open', rowOf(record));
    const text = await waitFor(() => {
      const document = vscode.window.activeTextEditor?.document;
      return document?.getText().includes('HTTP 200') ? document.getText() : undefined;
    }, 'the request document');
    const listed = text.slice(text.indexOf('HTTP 200'), text.indexOf('\n{'));
    for (const deviation of deviations) {
      assert.ok(listed.includes(deviation.pattern), `the document names ${deviation.pattern}`);
      assert.ok(listed.includes(`spec ${deviation.section}: ${deviation.spec}`), `the document says what the spec says of ${deviation.pattern} and its section`);
    }
  });

  test('a paged load row sums the deviations of its pages, in its description and its tooltip', async () => {
    const client = await testing.connection.client('local');
    await testing.requestRecorder.inLoad(async () => {
      await client.listUsers({ offset: 0, limit: 2 });
      await client.listUsers({ offset: 2, limit: 2 });
    });
    const load = await waitFor(
      () => roots().find((node): node is Extract<RequestNode, { kind: 'load' }> => node.kind === 'load' && node.pages.every((page) => page.url.includes('/v2/user'))),
      'the load row',
    );
    const sum = load.pages.reduce((total, page) => total + (page.deviations?.length ?? 0), 0);
    assert.ok(sum > 0 && load.pages.every((page) => (page.deviations?.length ?? 0) > 0), 'every page differs (the 307, the provider field)');
    const item = testing.requestsView.provider.getTreeItem(load);
    assert.ok(textOf(item.description).includes(countText(load.pages)), textOf(item.description));
    assert.ok(textOf(item.tooltip).includes(`Differs from the spec: ${countText(load.pages)}`), textOf(item.tooltip));
  });

  test('with healthData.contractLens.enabled off, no row counts deviations', async () => {
    await config().update('contractLens.enabled', false, vscode.ConfigurationTarget.Global);
    const client = await waitFor(async () => {
      const candidate = await testing.connection.client('local');
      let ran = false;
      await candidate.listUsers({ limit: 1 }, { onDeviations: () => (ran = true) });
      return ran ? undefined : candidate;
    }, 'a client without the lens');
    await client.resolveUser((await client.listUsers({ limit: 1 })).users[0]?.client_user_id ?? assert.fail('a user'));
    const record = newestRecord('/v2/user/resolve/');
    assert.equal(record.deviations, undefined);
    const item = await waitFor(() => {
      const node = roots().find((n) => n.kind === 'request' && n.record.id === record.id);
      return node && testing.requestsView.provider.getTreeItem(node);
    }, 'the row');
    assert.doesNotMatch(textOf(item.description), /deviation/);
    assert.doesNotMatch(textOf(item.tooltip), /Differs from the spec/);
  });
});
