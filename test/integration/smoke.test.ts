// Activation and the manifest/registration agreement, checked in the real extension host.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMAND_PREFIX_FOR_TESTS, viewGeneratedCommand } from './commandIds';
import { activateExtension, contributedCommandIds, contributedViewIds, ourExtension } from './helpers';

suite('Extension smoke', () => {
  suiteSetup(async () => {
    await activateExtension();
  });

  test('the extension is installed in the host and activates', () => {
    const extension = ourExtension();
    assert.equal(extension.isActive, true);
    assert.equal(extension.packageJSON.name, 'health-data-explorer');
  });

  test('every command contributed in package.json is registered', async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributedCommandIds().filter((id) => !registered.has(id));
    assert.deepEqual(missing, [], `contributed but not registered: ${missing.join(', ')}`);
  });

  test(`every registered ${COMMAND_PREFIX_FOR_TESTS}* command is contributed in package.json`, async () => {
    const contributed = new Set(contributedCommandIds());
    const viewIds = contributedViewIds();
    const undeclared = (await vscode.commands.getCommands(true)).filter(
      (id) => id.startsWith(COMMAND_PREFIX_FOR_TESTS) && !contributed.has(id) && !viewGeneratedCommand(id, viewIds),
    );
    assert.deepEqual(undeclared, [], `registered but not in package.json: ${undeclared.join(', ')}`);
  });
});
