import * as vscode from 'vscode';
import { JSON_DOCUMENT_SCHEME } from '../constants';
import { jsonDocumentFileName, prettyJson } from '../domain/requests/jsonDocument';
import { jsonDocumentGone } from '../l10n/shellStrings';
import { scrubStrings } from '../l10n/scrubStrings';
import type { EnvironmentId, JsonDocuments, ResponseOrigin, ShellRegistrations } from '../services';

/** A raw response kept for its document: what Save Response As… writes (scrubbed when it should be). */
export interface KeptResponse {
  fileName: string;
  value: unknown;
  origin: ResponseOrigin;
}

const KEPT_DOCUMENTS = 50;

/**
 * Serves API objects as read-only, pretty-printed JSON editors under their own scheme. Content is
 * held in memory only while useful: the oldest entries go once more than KEPT_DOCUMENTS are open.
 */
export class JsonDocumentProvider implements vscode.TextDocumentContentProvider, JsonDocuments, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly responses = new Map<string, KeptResponse>();
  private sequence = 0;
  private readonly registration: vscode.Disposable;

  /** `savingScrubs`: whether a saved copy of `environmentId`'s data is scrubbed (the ScrubDoors' answer). */
  /** `register`: the bootstrap's (its stand-in serves editors restored before the shell loaded); VS Code's by default. */
  constructor(
    private readonly savingScrubs: (environmentId: EnvironmentId) => boolean = () => false,
    register: ShellRegistrations['registerTextDocumentContentProvider'] = (scheme, provider) => vscode.workspace.registerTextDocumentContentProvider(scheme, provider),
  ) {
    this.registration = register(JSON_DOCUMENT_SCHEME, this);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? jsonDocumentGone();
  }

  async open(title: string, value: unknown, origin?: ResponseOrigin): Promise<void> {
    const scrubbedOnSave = origin !== undefined && this.savingScrubs(origin.environmentId);
    const fileName = jsonDocumentFileName(title);
    // Shown raw; when its saved copy will be scrubbed the first line says so (hence JSON with comments).
    const uri = this.storeText(fileName, scrubbedOnSave ? `${scrubStrings.savingScrubsHeader()}\n${prettyJson(value)}` : prettyJson(value));
    if (origin) this.responses.set(uri.toString(), { fileName, value, origin });
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.languages.setTextDocumentLanguage(document, scrubbedOnSave ? 'jsonc' : 'json');
    await vscode.window.showTextDocument(document, { preview: false });
  }

  /** The response `uri` shows, when it was opened with its origin and is still kept. */
  keptResponse(uri: vscode.Uri): KeptResponse | undefined {
    return this.responses.get(uri.toString());
  }

  /** The text `uri` shows, while it is kept. */
  keptText(uri: vscode.Uri): string | undefined {
    return this.contents.get(uri.toString());
  }

  /** Keeps the content and returns the URI that serves it. */
  store(title: string, value: unknown): vscode.Uri {
    return this.storeText(jsonDocumentFileName(title), prettyJson(value));
  }

  /** Opens `text` read-only in an editor whose tab reads `fileName` (plain text unless it ends in .json). */
  async openText(fileName: string, text: string): Promise<void> {
    const document = await vscode.workspace.openTextDocument(this.storeText(fileName, text));
    if (fileName.endsWith('.json')) await vscode.languages.setTextDocumentLanguage(document, 'json');
    await vscode.window.showTextDocument(document, { preview: false });
  }

  /** Keeps `text` and returns the URI that serves it under `fileName` (a diff editor's side, a document). */
  storeText(fileName: string, text: string): vscode.Uri {
    this.sequence += 1;
    const uri = vscode.Uri.from({
      scheme: JSON_DOCUMENT_SCHEME,
      path: `/${fileName}`,
      query: String(this.sequence),
    });
    this.contents.set(uri.toString(), text);
    while (this.contents.size > KEPT_DOCUMENTS) {
      const oldest = this.contents.keys().next().value;
      if (oldest === undefined) break;
      this.contents.delete(oldest);
      this.responses.delete(oldest);
    }
    return uri;
  }

  dispose(): void {
    this.registration.dispose();
    this.contents.clear();
    this.responses.clear();
  }
}
