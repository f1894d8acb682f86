// Where the text of a look-up comes from: the editor, a Debug Variables entry, or the terminal.
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { clipboardRoundTrip, type ClipboardRoundTrip } from '../domain/users/clipboardRoundTrip';
import { idTokenAt } from '../domain/users/lookupClassifier';

/** The selection, or the id-like token under the cursor when nothing is selected. */
export function editorLookupText(editor: vscode.TextEditor | undefined): string | undefined {
  if (!editor) return undefined;
  const { selection, document } = editor;
  if (!selection.isEmpty) return document.getText(selection);
  const line = document.lineAt(selection.active.line).text;
  return idTokenAt(line, selection.active.character)?.text;
}

/**
 * The value of a Debug Variables entry. VS Code 1.100 runs `debug/variables/context` commands with
 * `{ container, variable: { name, value, evaluateName, … } }`; the value is as the debugger shows
 * it (a string keeps its quotes, which the classifier removes).
 */
export function debugVariableText(argument: unknown): string | undefined {
  if (!argument || typeof argument !== 'object') return undefined;
  const variable = (argument as { variable?: unknown }).variable;
  if (!variable || typeof variable !== 'object') return undefined;
  const value = (variable as { value?: unknown }).value;
  return typeof value === 'string' ? value : undefined;
}

/**
 * `terminal/context` hands over the terminal: VS Code 1.100 converts the menu's instance context
 * (`{ instanceId }`) into the extension's Terminal object; the raw context is accepted as well.
 */
export function isTerminalArgument(argument: unknown): boolean {
  if (!argument || typeof argument !== 'object') return false;
  return ('sendText' in argument && 'processId' in argument) || typeof (argument as { instanceId?: unknown }).instanceId === 'number';
}

export type TerminalSelection = ClipboardRoundTrip;

/**
 * The terminal's selection (the active terminal's when none is given). Newer VS Code hands it to
 * extensions as `terminal.selection`; where that is missing or empty it is copied through the
 * clipboard (the terminal's own Copy Selection) and the user's clipboard is put back after. In a
 * browser that denies reading the clipboard the round trip cannot see it: `unreadable`, and the
 * selection is left on the clipboard for the person to paste.
 */
export async function terminalSelection(terminal?: vscode.Terminal): Promise<TerminalSelection> {
  const direct = (terminal ?? vscode.window.activeTerminal) as { selection?: unknown } | undefined;
  if (typeof direct?.selection === 'string' && direct.selection.trim() !== '') return { kind: 'text', text: direct.selection };
  const clipboard = vscode.env.clipboard;
  const previous = await clipboard.readText();
  const marker = `health-data-lookup-${randomUUID()}`;
  await clipboard.writeText(marker);
  const markerReadBack = await clipboard.readText();
  await vscode.commands.executeCommand('workbench.action.terminal.copySelection');
  const outcome = clipboardRoundTrip(marker, markerReadBack, markerReadBack === marker ? await clipboard.readText() : '');
  if (outcome.kind !== 'unreadable') await clipboard.writeText(previous);
  return outcome;
}

/** The terminal's selection as text, undefined when there is none or it cannot be read. */
export async function terminalSelectionText(terminal?: vscode.Terminal): Promise<string | undefined> {
  const selection = await terminalSelection(terminal);
  return selection.kind === 'text' ? selection.text : undefined;
}
