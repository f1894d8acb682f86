// Look up in Health Data, links and the id hover in the real extension host, against a sandbox that
// plays a remote team (1,200 users, so a user_id off the loaded pages is searched page by page).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { User } from '../../src/api/schemas';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import type { TreeNode } from '../../src/views/users/treeNode';
import type { UserNode } from '../../src/views/users/userNode';
import { ourExtension, waitFor } from './helpers';
import { openPanelsFixture, panelReports, waitForPanel, type PanelsFixture } from './panelsSupport';

const ENVIRONMENT = 'sandboxUs';
let fixture: PanelsFixture & { close(): Promise<void> };

interface Outcome {
  kind: string;
  userId?: string;
  clientUserId?: string;
  labTestId?: string;
  tried?: string[];
}

const lookUp = (argument?: unknown): Thenable<Outcome | undefined> => vscode.commands.executeCommand<Outcome | undefined>('healthData.lookUp', argument);
const openLink = (link: string): Thenable<Outcome | undefined> => vscode.commands.executeCommand<Outcome | undefined>('healthData.openLink', link);

async function userAt(offset: number): Promise<User> {
  const page = await fixture.client.listUsers({ offset, limit: 1 });
  return page.users[0] ?? assert.fail(`the sandbox has a user at offset ${offset}`);
}

/** The user selected in the Users view (nodes come from the extension's bundle: no instanceof). */
function selectedUser(): User | undefined {
  const node = fixture.testing.usersView.treeView.selection[0] as TreeNode | undefined;
  return node?.getTreeItem().contextValue === 'user' ? (node as UserNode).user : undefined;
}

async function openEditor(content: string, language = 'json'): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ content, language });
  return vscode.window.showTextDocument(document);
}

suite('Look up in Health Data', () => {
  suiteSetup(async () => {
    fixture = await openPanelsFixture({ users: 1200, seed: 12 });
    await vscode.commands.executeCommand('healthData.users.focus');
    await waitFor(async () => (await fixture.testing.usersView.provider.getChildren()).length > 1, 'the first page of users');
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await fixture?.close();
  });

  test('an editor selection holding a client_user_id: resolved and selected in the tree, remembered as recent', async () => {
    const user = await userAt(700);
    const editor = await openEditor(`{\n  "client_user_id": "${user.client_user_id}",\n  "note": "failing test"\n}\n`);
    const line = editor.document.lineAt(1).text;
    const start = line.indexOf(user.client_user_id);
    editor.selection = new vscode.Selection(1, start, 1, start + user.client_user_id.length);
    const outcome = await lookUp();
    assert.deepEqual(outcome, { kind: 'user', userId: user.user_id, clientUserId: user.client_user_id });
    await waitFor(() => selectedUser()?.user_id === user.user_id, 'the user selected in the Users view');
    assert.deepEqual(fixture.testing.recents?.get(ENVIRONMENT).users[0], { userId: user.user_id, clientUserId: user.client_user_id });
  });

  test('the user_id under the cursor (no selection), off the loaded pages: searched page by page and revealed', async () => {
    const user = await userAt(1150);
    const editor = await openEditor(`2026-11-22T10:00:00Z WARN no readings user_id=${user.user_id} provider=omron\n`, 'log');
    const column = editor.document.lineAt(0).text.indexOf(user.user_id) + 5;
    editor.selection = new vscode.Selection(0, column, 0, column);
    const outcome = await lookUp();
    assert.equal(outcome?.kind, 'user');
    assert.equal(outcome?.userId, user.user_id);
    await waitFor(() => selectedUser()?.user_id === user.user_id, 'the searched user selected in the Users view');
  });

  test('a Debug Variables entry holding a lab test id opens its markers panel', async () => {
    const labTest = fixture.sandbox.labTests[2] ?? assert.fail('sample lab tests');
    // What VS Code 1.100 passes to a debug/variables/context command: the variable's value as shown.
    const argument = { container: { name: 'Locals', variablesReference: 3, expensive: false }, variable: { name: 'labTestId', value: `'${labTest.id}'`, evaluateName: 'labTestId', variablesReference: 0 } };
    const outcome = await lookUp(argument);
    assert.deepEqual(outcome, { kind: 'labTest', labTestId: labTest.id });
    const report = await waitForPanel('the lab markers panel', (r) => r.viewType === 'healthData.labMarkers' && (r.state?.form as { source?: { labTestId?: string } })?.source?.labTestId === labTest.id);
    assert.ok(report);
    assert.equal(fixture.testing.recents?.get(ENVIRONMENT).labTests[0]?.id, labTest.id);
  });

  test('from the debugger the side bar stays: the user is selected in the Users view when it is next shown', async () => {
    const user = await userAt(640);
    await vscode.commands.executeCommand('workbench.view.explorer');
    await waitFor(() => !fixture.testing.usersView.treeView.visible, 'the Users view hidden');
    const argument = { container: { name: 'Locals', variablesReference: 3, expensive: false }, variable: { name: 'clientUserId', value: `'${user.client_user_id}'`, evaluateName: 'clientUserId', variablesReference: 0 } };
    const outcome = await lookUp(argument);
    assert.deepEqual(outcome, { kind: 'user', userId: user.user_id, clientUserId: user.client_user_id });
    assert.equal(fixture.testing.usersView.treeView.visible, false, 'the look-up did not open the Users view');
    await vscode.commands.executeCommand('healthData.users.focus');
    await waitFor(() => selectedUser()?.user_id === user.user_id, 'the user selected once the view is shown');
  });

  test('a terminal selection (copied through the clipboard, which is put back) reveals the user', async () => {
    const user = await userAt(3);
    const write = new vscode.EventEmitter<string>();
    let opened = false;
    const terminal = vscode.window.createTerminal({
      name: 'lookup test',
      pty: {
        onDidWrite: write.event,
        open: () => {
          opened = true;
          write.fire(user.client_user_id);
        },
        close: () => undefined,
      },
    });
    try {
      terminal.show();
      await waitFor(() => opened || undefined, 'the terminal to open');
      await vscode.env.clipboard.writeText('what the user had copied');
      // The terminal draws what was written on its own time (seconds on a loaded machine): select
      // again until the selection holds the id, as a person would.
      let outcome: Awaited<ReturnType<typeof lookUp>>;
      for (let attempt = 0; ; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await vscode.commands.executeCommand('workbench.action.terminal.focus');
        await vscode.commands.executeCommand('workbench.action.terminal.selectAll');
        outcome = await lookUp(terminal);
        if (outcome?.kind === 'user' || attempt >= 10) break;
      }
      assert.deepEqual(outcome, { kind: 'user', userId: user.user_id, clientUserId: user.client_user_id });
      assert.equal(await vscode.env.clipboard.readText(), 'what the user had copied');
    } finally {
      terminal.dispose();
      write.dispose();
    }
  });

  test('anything else: a clear "not found" saying what was tried, junk refused without a request', async () => {
    assert.deepEqual(await lookUp('"no-such-user-zz"'), { kind: 'notFound', value: 'no-such-user-zz', tried: ['client_user_id'] });
    const missing = '0badc0de-0000-4000-8000-000000000000';
    const outcome = await lookUp(missing);
    assert.equal(outcome?.kind, 'notFound');
    assert.deepEqual(outcome?.tried, ['lab test id', 'user_id among 1,200 users']);
    const before = fixture.sandbox.requestCount();
    assert.deepEqual(await lookUp('<script>alert(1)</script>'), { kind: 'notAnId' });
    assert.equal(fixture.sandbox.requestCount(), before);
  });

  test('hover over a fetched user_id or quoted client_user_id names the user, with no request', async () => {
    const user = await userAt(0);
    const editor = await openEditor(`{"user_id": "${user.user_id}", "client_user_id": "${user.client_user_id}", "other": "0badc0de-0000-4000-8000-000000000001"}`);
    const text = editor.document.getText();
    const before = fixture.sandbox.requestCount();
    const hoverText = async (offset: number): Promise<string> => {
      const hovers = (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, editor.document.positionAt(offset))) ?? [];
      // Markdown escapes (appendText) removed: what a person reads.
      return hovers.flatMap((hover) => hover.contents.map((content) => (typeof content === 'string' ? content : content.value))).join('\n').replace(/\\(.)/g, '$1');
    };
    assert.match(await hoverText(text.indexOf(user.user_id) + 3), new RegExp(user.client_user_id));
    assert.match(await hoverText(text.indexOf(`"${user.client_user_id}"`) + 3), new RegExp(user.user_id));
    assert.doesNotMatch(await hoverText(text.indexOf('0badc0de') + 3), /Health Data/);
    assert.equal(fixture.sandbox.requestCount(), before, 'hovers send no request');
  });

  test('the Debug Variables and terminal menus are contributed with when clauses limiting them to our use', () => {
    const menus = (ourExtension().packageJSON as { contributes: { menus: Record<string, { command: string; when?: string }[]> } }).contributes.menus;
    const debug = menus['debug/variables/context']?.find((entry) => entry.command === 'healthData.lookUp');
    assert.ok(debug?.when, 'the debug variables entry has a when clause');
    assert.match(debug.when, /debugState == stopped/);
    assert.match(debug.when, /variableEvaluateNamePresent/);
    assert.match(debug.when, /config\.healthData\.lookUp\.debugVariables/);
    // VS Code 1.100 evaluates the terminal's context menu without the terminal's own keys (its
    // selection keys live in the terminal instance's scoped context): any selection clause hid the
    // item. It is shown in every terminal menu; without a selection the command says what to do.
    const terminal = menus['terminal/context']?.find((entry) => entry.command === 'healthData.lookUp');
    assert.ok(terminal, 'the terminal entry is contributed');
    assert.equal(terminal.when, undefined);
    assert.ok(menus['editor/context']?.some((entry) => entry.command === 'healthData.lookUp'));
  });
});

suite('Links', () => {
  suiteSetup(async () => {
    fixture = await openPanelsFixture({ users: 1200, seed: 12 });
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await fixture?.close();
  });

  test('Copy Link on a tree user → open the link → the same user selected', async () => {
    const user = await userAt(900);
    assert.equal((await lookUp(user.client_user_id))?.kind, 'user');
    // The tree's selection comes back from the workbench after the reveal, not with the command's result.
    await waitFor(() => selectedUser()?.user_id === user.user_id, 'the looked-up user selected in the tree');
    const node = fixture.testing.usersView.treeView.selection[0];
    const link = await vscode.commands.executeCommand<string>('healthData.copyLink', node, 'thisEditor');
    assert.equal(link, `${vscode.env.uriScheme}://health-data-tools.health-data-explorer/user?client_user_id=${user.client_user_id}&env=${ENVIRONMENT}`);
    assert.equal(await vscode.env.clipboard.readText(), link);
    // Each other kind Copy Link offers, and what it writes.
    const written: Record<string, string> = {};
    for (const [kind, scheme] of [['vscode', 'vscode'], ['vscodeInsiders', 'vscode-insiders']] as const) {
      written[kind] = (await vscode.commands.executeCommand<string>('healthData.copyLink', node, kind)) ?? '';
      assert.equal(written[kind], link.replace(`${vscode.env.uriScheme}://`, `${scheme}://`));
      assert.equal(await vscode.env.clipboard.readText(), written[kind]);
    }
    await vscode.commands.executeCommand('healthData.refreshUsers');
    // The vscode:// link a browser offers opens the same user here too, through Open Link….
    assert.deepEqual(await openLink(written.vscode!), { kind: 'user', userId: user.user_id, clientUserId: user.client_user_id });
    await waitFor(() => selectedUser()?.user_id === user.user_id, 'the linked user selected');
  });

  test('a blood-pressure link opens the panel on its range; Copy Link from the panel round-trips', async () => {
    const user = await userAt(1100);
    const link = `vscode://health-data-tools.health-data-explorer/bloodPressure?user_id=${user.user_id}&start_date=2025-01-01&end_date=2025-01-31&env=${ENVIRONMENT}`;
    assert.deepEqual(await openLink(link), { kind: 'bloodPressure', userId: user.user_id });
    const report = await waitForPanel('the blood-pressure panel', (r) => r.viewType === 'healthData.bloodPressure' && r.state?.userId === user.user_id);
    assert.deepEqual(report.state?.form, { startDate: '2025-01-01', endDate: '2025-01-31', provider: '' });
    await waitFor(async () => (await panelReports()).some((r) => r.active), 'the panel to be active');
    const copied = await vscode.commands.executeCommand<string>('healthData.copyLink', undefined, 'thisEditor');
    assert.equal(copied, link.replace('vscode://', `${vscode.env.uriScheme}://`));
  });

  test('a lab-test link opens its markers panel', async () => {
    const labTest = fixture.sandbox.labTests[1] ?? assert.fail('sample lab tests');
    const outcome = await openLink(`vscode://health-data-tools.health-data-explorer/labTest?id=${labTest.id}&env=${ENVIRONMENT}`);
    assert.deepEqual(outcome, { kind: 'labTest', labTestId: labTest.id });
    await waitForPanel('the lab markers panel', (r) => r.viewType === 'healthData.labMarkers' && (r.state?.form as { source?: { labTestId?: string } })?.source?.labTestId === labTest.id);
  });

  test('a link carrying a key, or naming another extension, is refused and changes nothing', async () => {
    const before = fixture.sandbox.requestCount();
    assert.deepEqual(await openLink(`vscode://health-data-tools.health-data-explorer/user?client_user_id=a&env=productionUs&api_key=${fixture.sandbox.apiKey}`), { kind: 'refused' });
    assert.deepEqual(await openLink('vscode://someone.else/user?client_user_id=a&env=local'), { kind: 'refused' });
    assert.equal(fixture.testing.connection.environment().id, ENVIRONMENT);
    assert.equal(fixture.sandbox.requestCount(), before);
  });
});

suite('Key header setting', () => {
  let vital: SandboxHandle;
  const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('healthData');

  suiteSetup(async () => {
    vital = await startSandbox({ port: 0, users: 3, apiKey: 'vital-team-key', apiKeyHeader: 'x-vital-api-key' });
  });

  suiteTeardown(async () => {
    // The key is cleared here, not in the test, so a failing test cannot leave it to the next suites.
    const testing = (await ourExtension().activate()) as { testing: PanelsFixture['testing'] };
    await testing.testing.connection.selectEnvironment('sandboxEu');
    await testing.testing.clearApiKey();
    await config().update('apiKeyHeader', undefined, vscode.ConfigurationTarget.Global);
    await config().update('baseUrl.sandboxEu', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('healthData.useLocalSandbox');
    await vital.close();
  });

  test('an environment set to another header name talks to a deployment that expects it, and cURL names it', async () => {
    const testing = (await ourExtension().activate()) as { testing: PanelsFixture['testing'] };
    // Before the setting: the deployment refuses the key sent in the spec's header.
    await config().update('baseUrl.sandboxEu', vital.url, vscode.ConfigurationTarget.Global);
    await testing.testing.connection.selectEnvironment('sandboxEu');
    const refused = await testing.testing.setApiKey(vital.apiKey);
    assert.equal(refused.ok, false, 'the deployment refuses the key in x-service-api-key');
    await config().update('apiKeyHeader', { sandboxEu: 'x-vital-api-key' }, vscode.ConfigurationTarget.Global);
    assert.equal(testing.testing.connection.apiKeyHeader(), 'x-vital-api-key');
    const stored = await testing.testing.setApiKey(vital.apiKey);
    assert.equal(stored.ok, true);
    const client = await testing.testing.connection.client();
    assert.equal((await client.listUsers({ limit: 5 })).users.length, 3);
    const [user] = (await client.listUsers({ limit: 1 })).users;
    await vscode.commands.executeCommand('healthData.users.focus');
    await testing.testing.usersView.reveal(user ?? assert.fail('the deployment lists a user'));
    await vscode.commands.executeCommand('healthData.copyUserAsCurl', user);
    assert.match(await vscode.env.clipboard.readText(), /--header "x-vital-api-key: \$SERVICE_API_KEY"/);
  });
});
