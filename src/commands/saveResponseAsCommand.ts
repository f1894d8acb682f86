import * as vscode from 'vscode';
import { JSON_DOCUMENT_SCHEME, SCRUB_COMMANDS } from '../constants';
import { prettyJson } from '../domain/requests/jsonDocument';
import type { JsonDocumentProvider } from '../jsonDocuments/jsonDocumentProvider';
import { panelMessages } from '../l10n/panelStrings';
import { scrubStrings } from '../l10n/scrubStrings';
import type { Command, ScrubDoors } from '../services';

/**
 * Save Response As…: the raw response an editor shows, written to a file the way it may leave VS
 * Code (healthData.scrub.when): scrubbed as the operation that answered it. The editor itself
 * stays as received. `target` skips the save dialog (tests, callers that chose the file).
 */
export class SaveResponseAsCommand implements Command {
  readonly id = SCRUB_COMMANDS.saveResponseAs;

  constructor(
    private readonly documents: JsonDocumentProvider,
    private readonly scrub: ScrubDoors,
  ) {}

  async execute(resource?: unknown, target?: unknown): Promise<vscode.Uri | undefined> {
    const uri = resource instanceof vscode.Uri ? resource : vscode.window.activeTextEditor?.document.uri;
    if (!uri || uri.scheme !== JSON_DOCUMENT_SCHEME) {
      void vscode.window.showInformationMessage(scrubStrings.noResponseDocument());
      return undefined;
    }
    const kept = this.documents.keptResponse(uri);
    if (!kept) {
      void vscode.window.showWarningMessage(scrubStrings.responseGone());
      return undefined;
    }
    const scrub = await this.scrub.begin(kept.origin.environmentId);
    const { value, origin } = kept;
    // Several cursor pages shown as one list: each page is a body of its own.
    const name = typeof origin.operation === 'string' ? origin.operation : origin.operation.name;
    const leaving = Array.isArray(value) && name === 'getGroupedBloodPressure' ? value.map((page: unknown) => scrub.body(origin.operation, page)) : scrub.body(origin.operation, value);
    const note = scrub.note();
    // The tab's name carries the request's path (a user id); a scrubbed copy is named by its operation.
    const fileName = scrub.scrubs ? `${name}-scrubbed.json` : kept.fileName;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const destination =
      target instanceof vscode.Uri
        ? target
        : await vscode.window.showSaveDialog({
            ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, fileName) } : {}),
            filters: { [panelMessages.jsonFilter()]: ['json'] },
            saveLabel: scrub.scrubs ? scrubStrings.saveResponseLabel() : scrubStrings.saveResponseRawLabel(),
          });
    if (!destination) return undefined;
    await vscode.workspace.fs.writeFile(destination, new TextEncoder().encode(prettyJson(leaving)));
    const open = scrubStrings.openFile();
    const where = destination.scheme === 'file' ? destination.fsPath : destination.toString();
    void vscode.window
      .showInformationMessage(scrubStrings.withNote(scrubStrings.responseSaved(where), note), open)
      .then((choice) => (choice === open ? vscode.window.showTextDocument(destination) : undefined));
    return destination;
  }
}
