import * as vscode from 'vscode';
import { CONFIG_SECTION, LOOKUP_COMMANDS, SETTINGS } from '../constants';
import type { KnownUsers } from '../domain/users/knownUsers';
import { idTokenAt } from '../domain/users/lookupClassifier';
import { isUuid } from '../domain/inputValidation';
import { lookupStrings } from '../l10n/lookupStrings';
import type { ApiConnection } from '../services';

/**
 * Names the user a UUID, or a quoted client_user_id, belongs to — from the users this window has
 * already fetched, so a hover never sends a request. Off with `healthData.lookUp.hover`.
 */
export class IdHoverProvider implements vscode.HoverProvider {
  constructor(
    private readonly knownUsers: KnownUsers,
    private readonly connection: ApiConnection,
  ) {}

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    if (this.knownUsers.size === 0) return undefined;
    if (!vscode.workspace.getConfiguration(CONFIG_SECTION).get<boolean>(SETTINGS.lookUpHover, true)) return undefined;
    const line = document.lineAt(position.line).text;
    const token = idTokenAt(line, position.character);
    if (!token) return undefined;
    const quoted = /["'`]/.test(line[token.start - 1] ?? '') && line[token.end] === line[token.start - 1];
    if (!isUuid(token.text) && !quoted) return undefined;
    const user = this.knownUsers.find(token.text);
    if (!user) return undefined;

    const markdown = new vscode.MarkdownString();
    // Only our own command may run from this hover; the ids are shown as text, never as Markdown.
    markdown.isTrusted = { enabledCommands: [LOOKUP_COMMANDS.lookUp] };
    markdown.appendMarkdown(`**${escapeMarkdown(lookupStrings.hoverTitle(this.connection.environment().label))}**  \n`);
    markdown.appendMarkdown('client_user_id ').appendText(user.client_user_id).appendMarkdown('  \n');
    markdown.appendMarkdown('user_id ').appendText(user.user_id).appendMarkdown('  \n');
    const args = encodeURIComponent(JSON.stringify([user.user_id]));
    markdown.appendMarkdown(`[${escapeMarkdown(lookupStrings.hoverReveal())}](command:${LOOKUP_COMMANDS.lookUp}?${args})`);
    const range = new vscode.Range(position.line, token.start, position.line, token.end);
    return new vscode.Hover(markdown, range);
  }
}

function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!<>|]/g, '\\$&');
}
