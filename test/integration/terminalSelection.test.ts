// The terminal's selection without the clipboard (issue 28): where VS Code hands it to extensions
// (terminal.selection, newer hosts), Look up reads it there, so a browser that denies clipboard
// reading does not stop it. In hosts without it the clipboard round trip stays (lookup.test.ts).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { HealthDataExtensionApi } from '../../src/extensionApi';
import { activateExtension, waitFor } from './helpers';

suite('Look up: the terminal selection without the clipboard', () => {
  test('terminal.selection, where the host has it, is the selected text; Look up uses it and leaves the clipboard alone', async function () {
    this.timeout(30_000);
    const api = await activateExtension<HealthDataExtensionApi>();
    assert.ok(api.testing);
    const write = new vscode.EventEmitter<string>();
    const terminal = vscode.window.createTerminal({ name: 'selection test', pty: { onDidWrite: write.event, open: () => write.fire('sample-no-such-id-42'), close: () => undefined } });
    try {
      terminal.show();
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (!('selection' in terminal)) {
        console.log(`  (VS Code ${vscode.version} has no terminal.selection: the clipboard round trip is used)`);
        this.skip();
      }
      await vscode.env.clipboard.writeText('kept on the clipboard');
      await vscode.commands.executeCommand('workbench.action.terminal.focus');
      await vscode.commands.executeCommand('workbench.action.terminal.selectAll');
      const selection = await waitFor(() => {
        const text = (terminal as { selection?: string }).selection;
        return typeof text === 'string' && text.includes('sample-no-such-id-42') && text;
      }, 'the selection through the API');
      assert.match(selection, /sample-no-such-id-42/);
      const outcome = await vscode.commands.executeCommand<{ kind: string; value?: string }>('healthData.lookUp', terminal);
      assert.equal(outcome?.kind, 'notFound');
      assert.equal(outcome?.value, 'sample-no-such-id-42', 'the selected text was looked up');
      assert.equal(await vscode.env.clipboard.readText(), 'kept on the clipboard');
    } finally {
      terminal.dispose();
      write.dispose();
    }
  });
});
