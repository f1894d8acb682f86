// Production asks on every path, in the real extension host (issue 34 §2). With a blood-pressure
// panel bound to Production US (pointed at a sandbox), every toolbar action the panel in front runs
// either sends nothing to production or asks first — and on a no sends nothing. The actions are the
// hidden Run Panel Action command's, run through the same door as the buttons; Compare Environments
// reads both sides fresh, so it asks for the panel's own production as well as for the other side.
// Then every other path, enumerated from package.json so a new one cannot be missed silently: each
// contributed command is listed with how it can reach production, and each one that sends on the
// person's behalf beyond browsing is run with a no; so are a notebook run, every agent tool and a link.
import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { User } from '../../src/api/schemas';
import { PANEL_TOOLBAR_ACTIONS } from '../../src/commands/runActivePanelActionCommand';
import { EXTENSION_ID } from '../../src/constants';
import type { RequestRecord } from '../../src/domain/requests/requestRecords';
import { waitFor } from './helpers';
import { openPanelsFixture, panelReports, waitForPanel, type PanelsFixture } from './panelsSupport';

let fixture: PanelsFixture & { close(): Promise<void> };
let restoreAiFeatures: (() => Thenable<void>) | undefined;
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

/**
 * How each contributed command can reach production with Production active. `asks`: it sends on the
 * person's behalf beyond browsing, and asks first (each is run below with a no). `panelActions`: the
 * toolbar actions, run above. `browses`: it reads the environment the person made active, as the tree
 * and a panel do, which does not ask (docs/security.md). `notebook`: it runs a notebook, and the
 * notebook controller asks once per run (the notebook test below). `none`: it sends nothing (the
 * clipboard, a file, the Requests view's rows, settings, the local sandbox).
 */
type Reach = 'asks' | 'panelActions' | 'browses' | 'notebook' | 'none';
const COMMAND_REACH: Record<string, Reach> = {
  'healthData.selectEnvironment': 'browses',
  'healthData.useLocalSandbox': 'none',
  // Checks the key just typed against its own environment.
  'healthData.setApiKey': 'browses',
  'healthData.clearApiKey': 'none',
  'healthData.refreshUsers': 'browses',
  'healthData.loadMoreUsers': 'browses',
  'healthData.filterUsers': 'browses',
  'healthData.clearUsersFilter': 'none',
  'healthData.resolveUser': 'browses',
  'healthData.copyUserId': 'none',
  'healthData.copyClientUserId': 'none',
  'healthData.copyDetailValue': 'none',
  'healthData.openUserAsJson': 'none',
  'healthData.copyUserAsCurl': 'none',
  'healthData.openLastResponse': 'none',
  'healthData.showRequestLog': 'none',
  'healthData.showBloodPressure': 'browses',
  'healthData.showLabTestMarkers': 'browses',
  'healthData.showOrderSetMarkers': 'browses',
  'healthData.describePanels': 'none',
  // A panel reopened from its saved state reads its own environment again, as it did before the reload.
  'healthData.restorePanel': 'browses',
  'healthData.lookUp': 'browses',
  'healthData.copyLink': 'none',
  'healthData.openLink': 'asks',
  'healthData.openWalkthrough': 'none',
  'healthData.requests.open': 'none',
  'healthData.requests.replay': 'asks',
  'healthData.requests.compareWith': 'none',
  'healthData.requests.copyAsCurl': 'none',
  'healthData.requests.saveAsFixture': 'none',
  'healthData.savePanelAsFixture': 'none',
  'healthData.saveResponseAs': 'none',
  'healthData.requests.copyRequestId': 'none',
  'healthData.requests.showErrorsOnly': 'none',
  'healthData.requests.showAll': 'none',
  'healthData.requests.showDeviationsOnly': 'none',
  'healthData.requests.showAllDeviations': 'none',
  'healthData.requests.filterEnvironment': 'none',
  'healthData.requests.clearFilter': 'none',
  'healthData.requests.clear': 'none',
  'healthData.diagnoseData': 'browses',
  'healthData.scanDataCoverage': 'browses',
  'healthData.exportCoverageScanCsv': 'none',
  'healthData.exportActivePanel': 'none',
  'healthData.runActivePanelAction': 'panelActions',
  'healthData.setUpAgentAccess': 'none',
  'healthData.newNotebook': 'none',
  'healthData.selectNotebookEnvironment': 'none',
  'healthData.requests.saveAsNotebook': 'none',
  'healthData.addToNotebook': 'none',
  'healthData.updateDeviationBaseline': 'none',
  'healthData.saveInvestigation': 'asks',
  'healthData.runInvestigationLive': 'notebook',
};

/** One way in to an `asks` command: `prepare` makes what it needs first, `run` runs it (to be answered no). */
interface AskingPath {
  prepare?(): Promise<unknown>;
  run(prepared: unknown): Promise<void>;
}

/** Each `asks` command, by each way in, run with Production in play. */
const ASKING_COMMANDS: Record<string, Record<string, AskingPath>> = {
  'healthData.requests.replay': { 'a production row': {
    // A row sent to production (as a panel there would), replayed from the Requests view.
    prepare: async () => {
      await (await fixture.testing.connection.forEnvironment('productionUs').client()).resolveUser(user.client_user_id);
      return ([...records()].reverse().find((record) => record.environmentId === 'productionUs') ?? assert.fail('a production row')).id;
    },
    run: async (rowId) => assert.equal(await vscode.commands.executeCommand('healthData.requests.replay', rowId), undefined, 'a no replays nothing'),
  } },
  // From a production panel: saving asks that environment again for every page.
  'healthData.saveInvestigation': {
    'a blood-pressure panel': { prepare: () => openProductionPanel(), run: saveInvestigationDeclined },
    'a lab-markers panel': { prepare: () => openProductionLabPanel(), run: saveInvestigationDeclined },
  },
  'healthData.openLink': { 'a link to production': {
    // A link to production followed from another environment (the URI handler opens links the same way).
    prepare: () => fixture.testing.connection.selectEnvironment('sandboxUs'),
    run: async () => {
      const link = `vscode://${EXTENSION_ID}/user?client_user_id=${encodeURIComponent(user.client_user_id)}&env=productionUs`;
      assert.deepEqual(await vscode.commands.executeCommand('healthData.openLink', link), { kind: 'declined' });
      assert.equal(fixture.testing.connection.environment().id, 'sandboxUs', 'a no stays where it was');
    },
  } },
};

async function saveInvestigationDeclined(): Promise<void> {
  const target = vscode.Uri.file(join(mkdtempSync(join(tmpdir(), 'hde-investigation-')), 'declined.hdnb.md'));
  assert.equal(await vscode.commands.executeCommand('healthData.saveInvestigation', { target }), undefined, 'a no saves nothing');
}

/** Production requests other than the Users view's own listing of the environment made active (browsing). */
const unaskedInProduction = (sent: readonly RequestRecord[]): string[] =>
  inProduction(sent)
    .filter((record) => record.origin !== 'tree')
    .map((record) => `${record.origin} ${record.url}`);

async function openProductionPanel(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await fixture.testing.connection.selectEnvironment('productionUs');
  await vscode.commands.executeCommand('healthData.showBloodPressure', user);
  await waitForPanel('the production panel, loaded', (report) => report.viewType === 'healthData.bloodPressure' && report.active && /Production US/.test(report.title) && report.rendered?.['phase'] !== undefined && report.rendered['phase'] !== 'loading');
}

async function openProductionLabPanel(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await fixture.testing.connection.selectEnvironment('productionUs');
  await vscode.commands.executeCommand('healthData.showLabTestMarkers', { labTestId: (fixture.sandbox.labTests[0] ?? assert.fail('a sample lab test')).id });
  await waitForPanel('the production lab-markers panel, loaded', (report) => report.viewType === 'healthData.labMarkers' && report.active && /Production US/.test(report.title) && report.rendered?.['phase'] === 'data');
}

suite('Production asks on every path', () => {
  suiteSetup(async function () {
    this.timeout(120_000);
    fixture = await openPanelsFixture({ users: 4, seed: 7 });
    user = (await fixture.client.listUsers({ limit: 4 })).users[0] ?? assert.fail('a user');
    await config().update('baseUrl.productionUs', fixture.sandbox.url, vscode.ConfigurationTarget.Global);
    assert.equal((await fixture.testing.setApiKeyFor('productionUs', fixture.sandbox.apiKey)).ok, true);
  });

  suiteTeardown(async () => {
    await restoreAiFeatures?.();
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

  test('every contributed command is listed with how it reaches production; each that sends on the person\'s behalf asks, and a no sends nothing', async function () {
    this.timeout(120_000);
    const contributed = (vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as { contributes: { commands: { command: string }[] } }).contributes.commands.map((c) => c.command);
    assert.deepEqual([...contributed].sort(), Object.keys(COMMAND_REACH).sort(), 'package.json\'s commands and the list above are the same: a new command says how it reaches production');
    const asking = Object.entries(COMMAND_REACH).filter(([, reach]) => reach === 'asks').map(([command]) => command);
    assert.deepEqual(asking.sort(), Object.keys(ASKING_COMMANDS).sort(), 'each command that asks is run below');
    for (const command of asking) {
      for (const [way, driver] of Object.entries(ASKING_COMMANDS[command] ?? assert.fail(command))) {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        await fixture.testing.connection.selectEnvironment('productionUs');
        const prepared = await driver.prepare?.();
        const declined = fixture.testing.answerProductionQuestions(false);
        try {
          const sent = await recordedDuring(() => driver.run(prepared));
          assert.equal(declined.asked.length, 1, `${command} from ${way} asked once: ${declined.asked.join(' | ')}`);
          assert.deepEqual(unaskedInProduction(sent), [], `${command} from ${way}: a no sends nothing to production`);
        } finally {
          declined.dispose();
        }
      }
    }
  });

  test('a notebook run in production asks once; a no sends nothing, a yes sends its cell', async function () {
    this.timeout(60_000);
    await fixture.testing.connection.selectEnvironment('productionUs');
    const controller = fixture.testing.notebooks?.controller ?? assert.fail('the notebook controller');
    const original = controller.confirmProduction;
    const asked: string[] = [];
    // Runs of one notebook follow each other: when the second run asks, the first (declined) has ended.
    let beforeYes = new Set<number>();
    controller.confirmProduction = async (environment) => {
      asked.push(environment);
      if (asked.length === 1) return false;
      beforeYes = new Set(records().map((record) => record.id));
      return true;
    };
    try {
      // No front matter: the notebook runs in the window's environment, Production US.
      const file = join(mkdtempSync(join(tmpdir(), 'hde-production-')), 'active.hdnb.md');
      writeFileSync(file, '```http\nGET /v2/user/?limit=1\n```\n');
      const notebook = await vscode.workspace.openNotebookDocument(vscode.Uri.file(file));
      await vscode.window.showNotebookDocument(notebook);
      await vscode.commands.executeCommand('notebook.selectKernel', { id: 'healthData.notebookController', extension: EXTENSION_ID });
      const sent = await recordedDuring(async () => {
        await vscode.commands.executeCommand('notebook.execute', notebook.uri);
        await waitFor(() => asked.length === 1, 'the question');
        await vscode.commands.executeCommand('notebook.execute', notebook.uri);
        await waitFor(() => notebook.cellAt(0).executionSummary?.timing?.endTime !== undefined, 'the second run ended');
      });
      assert.deepEqual(asked, ['Production US', 'Production US'], 'asked once per run');
      const notebookSends = inProduction(sent).filter((record) => record.origin === 'notebook');
      assert.deepEqual(notebookSends.filter((record) => beforeYes.has(record.id)).map((record) => record.url), [], 'the no sent nothing (before the second question)');
      assert.ok(notebookSends.length > 0, 'the yes sent the cell (its pages)');
    } finally {
      controller.confirmProduction = original;
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  test('every agent tool is refused in production (the default), reading nothing', async function () {
    this.timeout(60_000);
    // Newer VS Code hides extension tools while AI features are disabled (the test host's quiet settings disable them).
    const chat = vscode.workspace.getConfiguration('chat');
    if (chat.inspect('disableAIFeatures')?.defaultValue !== undefined && chat.get('disableAIFeatures') === true) {
      await chat.update('disableAIFeatures', false, vscode.ConfigurationTarget.Global);
      restoreAiFeatures = () => chat.update('disableAIFeatures', undefined, vscode.ConfigurationTarget.Global);
    }
    await fixture.testing.connection.selectEnvironment('productionUs');
    const tools = (vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as { contributes: { languageModelTools: { name: string }[] } }).contributes.languageModelTools;
    assert.ok(tools.length > 0);
    for (const { name } of tools) {
      let text = '';
      const sent = await recordedDuring(async () => {
        const result = await vscode.lm.invokeTool(name, { input: { user: user.client_user_id, days: 7 }, toolInvocationToken: undefined });
        text = result.content.filter((part): part is vscode.LanguageModelTextPart => part instanceof vscode.LanguageModelTextPart).map((part) => part.value).join('\n');
      });
      assert.match(text, /production is off for agents/, `${name} is refused`);
      assert.deepEqual(sent.filter((record) => record.agentTool !== undefined || record.origin === 'agentTool').map((record) => record.url), [], `${name} read nothing`);
    }
  });
});
