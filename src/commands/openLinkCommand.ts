import * as vscode from 'vscode';
import { EXTENSION_ID, LOOKUP_COMMANDS } from '../constants';
import { linkStrings } from '../l10n/lookupStrings';
import type { LinkOpener, LinkOutcome } from '../lookup/linkOpener';
import type { Command } from '../services';

/**
 * Open Link…: a Health Data link pasted from a chat or an issue, for when the browser or the OS
 * does not hand `vscode://` links to this window. A string argument is the link.
 */
export class OpenLinkCommand implements Command {
  readonly id = LOOKUP_COMMANDS.openLink;

  constructor(private readonly opener: LinkOpener) {}

  async execute(argument?: unknown): Promise<LinkOutcome | undefined> {
    const text =
      typeof argument === 'string'
        ? argument
        : await vscode.window.showInputBox({
            title: linkStrings.openTitle(),
            prompt: linkStrings.openPrompt(),
            placeHolder: `${vscode.env.uriScheme}://…/user?client_user_id=…&env=…`,
            validateInput: (value) => (linkParts(value) ? undefined : linkStrings.openInvalid()),
          });
    if (text === undefined) return undefined;
    const parts = linkParts(text);
    if (!parts) {
      void vscode.window.showErrorMessage(linkStrings.openInvalid());
      return { kind: 'refused' };
    }
    return this.opener.open(parts.path, parts.query);
  }
}

/** Path and query of a link to this extension, whichever editor scheme it was copied from. */
function linkParts(text: string): { path: string; query: string } | undefined {
  try {
    const uri = vscode.Uri.parse(text.trim(), true);
    const ours = uri.authority.toLowerCase() === EXTENSION_ID.toLowerCase();
    return ours ? { path: uri.path, query: uri.query } : undefined;
  } catch {
    return undefined;
  }
}
