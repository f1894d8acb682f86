// Numbers as the reader's language writes them, in every message: "150,001 users", not "150001".
import * as vscode from 'vscode';

/** A count in the display language's grouping (VS Code's, not the machine's). */
export function formatCount(value: number): string {
  try {
    return value.toLocaleString(vscode.env.language);
  } catch {
    // A display language the runtime does not know: the runtime's own format.
    return value.toLocaleString();
  }
}
