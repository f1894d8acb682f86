import * as vscode from 'vscode';
import { LOOKUP_COMMANDS } from '../constants';
import { unwrapIdText } from '../domain/users/lookupClassifier';
import { chooseLookupSource, type LookupSource } from '../domain/users/lookupSourceChoice';
import { lookupStrings } from '../l10n/lookupStrings';
import type { HealthDataLookup, LookupOutcome } from '../lookup/healthDataLookup';
import type { LookupActivity } from '../lookup/lookupActivity';
import { debugVariableText, editorLookupText, isTerminalArgument, terminalSelection, terminalSelectionText } from '../lookup/lookupTextSources';
import type { Command } from '../services';

interface LookupText {
  text: string;
  source: LookupSource;
}

/**
 * Look up in Health Data. From the editor's menu (its selection or the id under the cursor), the
 * Debug Variables menu (the variable's value), the terminal's menu (its selection) or the palette,
 * where the text is the terminal's selection or the editor's, whichever is meant (see
 * domain/lookupSourceChoice.ts); a string argument is looked up as is. Returns what it found.
 */
export class LookUpCommand implements Command {
  readonly id = LOOKUP_COMMANDS.lookUp;

  constructor(
    private readonly lookup: HealthDataLookup,
    private readonly activity: LookupActivity,
  ) {}

  async execute(argument?: unknown): Promise<LookupOutcome | undefined> {
    const found = await this.textOf(argument);
    if (found === undefined) return undefined;
    return this.lookup.lookUp(found.text, found.source);
  }

  private async textOf(argument: unknown): Promise<LookupText | undefined> {
    if (typeof argument === 'string') return { text: argument, source: 'argument' };
    const fromDebugger = debugVariableText(argument);
    if (fromDebugger !== undefined) return { text: fromDebugger, source: 'debugVariable' };
    if (isTerminalArgument(argument)) {
      const selected = await terminalSelection(argument instanceof Object && 'sendText' in argument ? (argument as vscode.Terminal) : undefined);
      if (selected.kind === 'unreadable') return this.askForPaste();
      if (selected.kind === 'nothingSelected') {
        void vscode.window.showWarningMessage(lookupStrings.nothingSelectedInTerminal());
        return undefined;
      }
      return { text: selected.text, source: 'terminal' };
    }
    const editor = vscode.window.activeTextEditor;
    // The editor's context menu passes the document's Uri: the editor is what is meant.
    if (argument instanceof vscode.Uri) {
      const text = editorLookupText(editor);
      return text?.trim() ? { text, source: 'editor' } : this.askForText();
    }
    return this.fromPalette(editor);
  }

  /** The palette: the terminal's selection or the editor's text, whichever is meant; else an input box. */
  private async fromPalette(editor: vscode.TextEditor | undefined): Promise<LookupText | undefined> {
    const editorText = editorLookupText(editor);
    const terminal = vscode.window.activeTerminal ? await terminalSelectionText() : undefined;
    const choice = chooseLookupSource({
      ...(terminal !== undefined ? { terminal } : {}),
      ...(editor && editorText !== undefined ? { editor: { text: editorText, explicit: !editor.selection.isEmpty } } : {}),
      ...(this.activity.terminalUsedAt !== undefined ? { terminalUsedAt: this.activity.terminalUsedAt } : {}),
      ...(this.activity.editorUsedAt !== undefined ? { editorUsedAt: this.activity.editorUsedAt } : {}),
    });
    switch (choice.kind) {
      case 'none':
        return this.askForText();
      case 'use':
        return { text: choice.text, source: choice.source };
      case 'ask': {
        const items = choice.order.map((source) => {
          const text = source === 'terminal' ? terminal! : editorText!;
          const detail = source === 'terminal' ? lookupStrings.fromTerminal() : editor?.selection.isEmpty ? lookupStrings.fromEditorCursor() : lookupStrings.fromEditorSelection();
          return { label: unwrapIdText(text).slice(0, 80), description: detail, text, source };
        });
        const picked = await vscode.window.showQuickPick(items, { title: lookupStrings.pickSourceTitle(), placeHolder: lookupStrings.pickSourcePlaceholder() });
        return picked && { text: picked.text, source: picked.source };
      }
    }
  }

  /**
   * The browser would not let VS Code read the clipboard (code-server, Codespaces without the
   * permission): the terminal's selection is on the clipboard now, so the box asks for a paste and
   * says how to allow reading for next time.
   */
  private async askForPaste(): Promise<LookupText | undefined> {
    const text = await vscode.window.showInputBox({
      title: lookupStrings.inputTitle(),
      prompt: lookupStrings.clipboardUnreadable(),
      validateInput: (value) => (value.trim() ? undefined : lookupStrings.inputEmpty()),
    });
    return text === undefined ? undefined : { text, source: 'terminal' };
  }

  private async askForText(): Promise<LookupText | undefined> {
    const text = await vscode.window.showInputBox({
      title: lookupStrings.inputTitle(),
      prompt: lookupStrings.inputPrompt(),
      validateInput: (value) => (value.trim() ? undefined : lookupStrings.inputEmpty()),
    });
    return text === undefined ? undefined : { text, source: 'input' };
  }
}
