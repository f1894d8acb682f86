import * as vscode from 'vscode';
import { JSON_DOCUMENT_SCHEME } from '../constants';
import { jsonDocumentFileName, prettyJson } from '../domain/jsonDocument';
import { jsonDocumentGone } from '../l10n/shellStrings';
import type { JsonDocuments } from '../services';

const KEPT_DOCUMENTS = 50;

/**
 * Serves API objects as read-only, pretty-printed JSON editors under their own scheme. Content is
 * held in memory only while useful: the oldest entries go once more than KEPT_DOCUMENTS are open.
 */
export class JsonDocumentProvider implements vscode.TextDocumentContentProvider, JsonDocuments, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private sequence = 0;
  private readonly registration: vscode.Disposable;

  constructor() {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(JSON_DOCUMENT_SCHEME, this);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? jsonDocumentGone();
  }

  async open(title: string, value: unknown): Promise<void> {
    const uri = this.store(title, value);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.languages.setTextDocumentLanguage(document, 'json');
    await vscode.window.showTextDocument(document, { preview: false });
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
    }
    return uri;
  }

  dispose(): void {
    this.registration.dispose();
    this.contents.clear();
  }
}
