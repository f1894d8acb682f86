// Production asks on every path of a panel, in the real extension host (issue 34 §2): with a
// blood-pressure panel bound to Production US (pointed at a sandbox), every toolbar action the panel
// in front runs either sends nothing to production or asks first — and on a no sends nothing. The
// actions are the hidden Run Panel Action command's, run through the same door as the buttons;
// Compare Environments reads both sides fresh, so it asks for the panel's own production as well as
// for a production on the other side.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { User } from '../../src/api/schemas';
import { PANEL_TOOLBAR_ACTIONS } from '../../src/commands/runActivePanelActionCommand';
import type { RequestRecord } from '../../src/domain/requests/requestRecords';
import { waitFor } from './helpers';
import { openPanelsFixture, panelReports, waitForPanel, type PanelsFixture } from './panelsSupport';

let fixture: PanelsFixture & { close(): Promise<void> };
let user: User;
const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('healthData');
const records = (): readonly RequestRecord[] => fixture.testing.requestRecorder.records.all();
const inProduction = (sent: readonly RequestRecord[]): RequestRecord[] => sent.filter((record) => record.environmentId === 'productionUs');

async function recordedDuring(work: () => PromiseLike<unknown>): Promise<RequestRecord[]> {
  const before = new Set(records().map((record) => record.id));
  await work();
  return records().filter((record) => !before.has(record.id));
}

/** Runs a toolbar action of the panel in front; Compare Environments compares with Sandbox US. */
async function runAction(action: string): Promise<boolean> {
  const done = vscode.commands.executeCommand<boolean>('healthData.runActivePanelAction', action);
  if (action === 'compareEnvironments') {
    // The environment picker lists the others in order (Local sandbox, Sandbox US, …): Sandbox US, on the same sandbox.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
  }
  return (await done) ?? false;
}

async function openProductionPanel(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await fixture.testing.connection.selectEnvironment('productionUs');
  await vscode.commands.executeCommand('healthData.showBloodPressure', user);
  await waitForPanel('the production panel, loaded', (report) => report.viewType === 'healthData.bloodPressure' && report.active && /Production US/.test(report.title) && report.rendered?.['phase'] !== undefined && report.rendered['phase'] !== 'loading');
}

suite('Production asks on every path of a panel', () => {
  suiteSetup(async function () {
    this.timeout(120_000);
    fixture = await openPanelsFixture({ users: 4, seed: 7 });
    user = (await fixture.client.listUsers({ limit: 4 })).users[0] ?? assert.fail('a user');
    await config().update('baseUrl.productionUs', fixture.sandbox.url, vscode.ConfigurationTarget.Global);
    assert.equal((await fixture.testing.setApiKeyFor('productionUs', fixture.sandbox.apiKey)).ok, true);
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await fixture?.testing.connection.selectEnvironment('sandboxUs');
    await config().update('baseUrl.productionUs', undefined, vscode.ConfigurationTarget.Global);
    await fixture?.close();
  });

  test('Compare Environments from a production panel asks before the fresh production read; a no sends nothing there', async function () {
    this.timeout(90_000);
    await openProductionPanel();
    const declined = fixture.testing.answerProductionQuestions(false);
    try {
      const sent = await recordedDuring(() => runAction('compareEnvironments'));
      assert.deepEqual(inProduction(sent), [], 'nothing was sent to production');
      assert.deepEqual(declined.asked, ['Compare Environments reads the same data from Production US, a production environment. Read it?']);
    } finally {
      declined.dispose();
    }
    const accepted = fixture.testing.answerProductionQuestions(true);
    try {
      const sent = await recordedDuring(() => runAction('compareEnvironments'));
      assert.equal(accepted.asked.length, 1, 'asked once');
      const described = sent.map((record) => `${record.environmentId} ${record.origin} ${record.url}`).join('\n');
      assert.equal(inProduction(sent).filter((record) => record.origin === 'compare').length, 1, `a yes reads production once, fresh:\n${described}`);
      assert.ok(sent.some((record) => record.environmentId === 'sandboxUs' && record.origin === 'compare'), `and the other side:\n${described}`);
    } finally {
      accepted.dispose();
    }
  });

  test('every toolbar action of a production panel sends nothing to production without asking', async function () {
    this.timeout(120_000);
    // Every toolbar action of the panels' protocol (the command's list, exhaustive by type); an unknown one resolves false.
    const actions: readonly string[] = PANEL_TOOLBAR_ACTIONS;
    assert.equal(await vscode.commands.executeCommand('healthData.runActivePanelAction', 'noSuchAction'), false);
    // Export CSV/JSON open the save dialog and read nothing: they are checked by their own suites.
    const runnable = actions.filter((action) => action !== 'exportCsv' && action !== 'exportJson');
    for (const action of runnable) {
      await openProductionPanel();
      const declined = fixture.testing.answerProductionQuestions(false);
      try {
        const sent = await recordedDuring(async () => {
          assert.equal(await runAction(action), true, `${action} ran in the panel in front`);
          // Whatever the action started has had its turn to reach the network.
          await waitFor(async () => (await panelReports()).every((panel) => panel.rendered?.['phase'] !== 'loading'), 'the panels settled');
        });
        // A question's no leaves only what opening a view of the environment in front reads anyway (Open in
        // Production US from a production panel is such a view): never a re-send, a compare or a replay.
        const unasked = inProduction(sent).filter((record) => record.origin !== 'panel' && record.origin !== 'lookup');
        assert.deepEqual(unasked.map((record) => `${record.origin} ${record.url}`), [], `${action}: nothing re-sent to production on a no`);
        if (action === 'compareEnvironments') assert.equal(declined.asked.length, 1, `${action} asked`);
      } finally {
        declined.dispose();
      }
    }
  });
});
