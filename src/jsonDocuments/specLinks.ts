// "spec 2.3" in a request document or a deviation list is a link: it opens the spec that ships with
// the extension (media/spec/health-data-api.md) at that section's heading.
import * as vscode from 'vscode';
import { JSON_DOCUMENT_SCHEME } from '../constants';
import { specHeadingLines, specReferences } from '../domain/requests/specSections';
import { specLinkTooltip } from '../l10n/shellStrings';

export const SPEC_PATH = ['media', 'spec', 'health-data-api.md'] as const;

export class SpecLinkProvider implements vscode.DocumentLinkProvider, vscode.Disposable {
  private headings: Promise<Map<string, number>> | undefined;
  private readonly registration: vscode.Disposable;

  constructor(private readonly extensionUri: vscode.Uri) {
    this.registration = vscode.languages.registerDocumentLinkProvider({ scheme: JSON_DOCUMENT_SCHEME }, this);
  }

  get specUri(): vscode.Uri {
    return vscode.Uri.joinPath(this.extensionUri, ...SPEC_PATH);
  }

  async provideDocumentLinks(document: vscode.TextDocument): Promise<vscode.DocumentLink[]> {
    const headings = await this.specHeadings();
    const text = document.getText();
    return specReferences(text, headings).map((reference) => {
      const range = new vscode.Range(document.positionAt(reference.start), document.positionAt(reference.end));
      // The editor opens a file link's "#L<line>" at that line.
      const link = new vscode.DocumentLink(range, this.specUri.with({ fragment: `L${(headings.get(reference.section) ?? 0) + 1}` }));
      link.tooltip = specLinkTooltip(reference.section);
      return link;
    });
  }

  private specHeadings(): Promise<Map<string, number>> {
    this.headings ??= Promise.resolve(vscode.workspace.fs.readFile(this.specUri)).then(
      (bytes) => specHeadingLines(new TextDecoder().decode(bytes)),
      () => new Map<string, number>(),
    );
    return this.headings;
  }

  dispose(): void {
    this.registration.dispose();
  }
}
