// When the editor and the terminal were last used, as far as an extension can see it: the tie-break
// for a look-up run from the palette while both hold text (see domain/lookupSourceChoice.ts).
import * as vscode from 'vscode';

export class LookupActivity implements vscode.Disposable {
  private terminalAt: number | undefined;
  private editorAt: number | undefined;
  private readonly subscriptions: vscode.Disposable[];

  constructor(now: () => number = Date.now) {
    const terminalUsed = (): void => void (this.terminalAt = now());
    const editorUsed = (): void => void (this.editorAt = now());
    this.subscriptions = [
      vscode.window.onDidChangeTextEditorSelection(editorUsed),
      vscode.window.onDidChangeActiveTextEditor((editor) => editor && editorUsed()),
      vscode.window.onDidOpenTerminal(terminalUsed),
      vscode.window.onDidChangeActiveTerminal((terminal) => terminal && terminalUsed()),
      vscode.window.onDidChangeTerminalState(terminalUsed),
      vscode.window.onDidStartTerminalShellExecution(terminalUsed),
      vscode.window.onDidEndTerminalShellExecution(terminalUsed),
    ];
  }

  get terminalUsedAt(): number | undefined {
    return this.terminalAt;
  }

  get editorUsedAt(): number | undefined {
    return this.editorAt;
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
