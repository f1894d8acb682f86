// Set Up Agent Access for an environment without a key says so on the page it opens (issue 28), and
// a page for an environment with a key does not.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { waitFor } from './helpers';
import { openPanelsFixture, type PanelsFixture } from './panelsSupport';

let fixture: PanelsFixture & { close(): Promise<void> };
const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('healthData');

async function agentAccessPage(environment: string): Promise<string> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.commands.executeCommand('healthData.setUpAgentAccess');
  const document = await waitFor(
    () => vscode.window.activeTextEditor?.document.uri.path.includes(`Agent access for ${environment}`) && vscode.window.activeTextEditor.document,
    `the agent access page of ${environment}`,
  );
  return document.getText();
}

suite('Set Up Agent Access without a key', () => {
  suiteSetup(async function () {
    this.timeout(60_000);
    fixture = await openPanelsFixture({ users: 2, seed: 1 });
  });

  suiteTeardown(async () => {
    await config().update('baseUrl.sandboxEu', undefined, vscode.ConfigurationTarget.Global);
    await fixture?.close();
  });

  test('an environment without a key: the page says so first, and how to set one', async () => {
    await config().update('baseUrl.sandboxEu', fixture.sandbox.url, vscode.ConfigurationTarget.Global);
    await fixture.testing.connection.selectEnvironment('sandboxEu');
    assert.equal(await fixture.testing.connection.apiKeyState('sandboxEu'), 'missing');
    const text = await agentAccessPage('Sandbox EU');
    assert.match(text, /^> \*\*Sandbox EU has no API key in VS Code yet\.\*\* .*Set API Key/);
    assert.match(text, /## Cursor/, 'the configurations follow');
  });

  test('an environment with a key: no such note', async () => {
    await fixture.testing.connection.selectEnvironment('sandboxUs');
    const text = await agentAccessPage('Sandbox US');
    assert.doesNotMatch(text, /no API key/);
  });
});
