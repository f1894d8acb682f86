import * as vscode from 'vscode';
import { LOOKUP_COMMANDS } from '../constants';
import { lookupStrings } from '../l10n/lookupStrings';
import type { HealthDataLookup, LookupOutcome } from '../lookup/healthDataLookup';
import { debugVariableText, editorLookupText, isTerminalArgument, terminalSelectionText } from '../lookup/lookupTextSources';
import type { Command } from '../services';

/**
 * Look up in Health Data. From the editor (selection or token under the cursor), the Debug
 * Variables menu (the variable's value), the terminal menu (its selection) or the palette; a
 * string argument is looked up as is. Returns what it found.
 */
export class LookUpCommand implements Command {
  readonly id = LOOKUP_COMMANDS.lookUp;

  constructor(private readonly lookup: HealthDataLookup) {}

  async execute(argument?: unknown): Promise<LookupOutcome | undefined> {
    const text = await this.textOf(argument);
    if (text === undefined) return undefined;
    return this.lookup.lookUp(text);
  }

  private async textOf(argument: unknown): Promise<string | undefined> {
    if (typeof argument === 'string') return argument;
    const fromDebugger = debugVariableText(argument);
    if (fromDebugger !== undefined) return fromDebugger;
    if (isTerminalArgument(argument)) {
      const selected = await terminalSelectionText();
      if (selected === undefined || selected.trim() === '') void vscode.window.showWarningMessage(lookupStrings.nothingSelectedInTerminal());
      return selected?.trim() ? selected : undefined;
    }
    // The editor's context menu passes the document's Uri; the palette passes nothing.
    const fromEditor = editorLookupText(vscode.window.activeTextEditor);
    if (fromEditor?.trim()) return fromEditor;
    return vscode.window.showInputBox({
      title: lookupStrings.inputTitle(),
      prompt: lookupStrings.inputPrompt(),
      validateInput: (value) => (value.trim() ? undefined : lookupStrings.inputEmpty()),
    });
  }
}
