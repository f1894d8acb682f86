// Host side of the lab-markers panel: one page of markers of a lab test or an order set, fetched
// through the client, plus the export, raw-JSON and cURL actions.
import * as vscode from 'vscode';
import type { RequestSpec } from '../api/requests';
import type { MarkerPage } from '../api/schemas';
import { PANEL_VIEW_TYPES } from '../constants';
import { fileNamePart } from '../domain/exportNames';
import { requestTitle } from '../domain/jsonDocument';
import {
  checkLabMarkersForm,
  labMarkersRequestOf,
  labTestQueryOf,
  orderSetBodyOf,
  type LabMarkersForm,
  type LabMarkersSource,
} from '../domain/labMarkersForm';
import { MARKER_PAGE_SIZE_MAX, markersCsv } from '../domain/markerTable';
import { labMarkersStrings, panelTitles } from '../l10n/panelStrings';
import type { ExtensionServices } from '../services';
import { assertNever } from '../shared/assertNever';
import type {
  LabMarkersHostMessage,
  LabMarkersPanelState,
  LabMarkersRenderSnapshot,
  LabMarkersWebviewMessage,
} from '../shared/labMarkersProtocol';
import type { PanelErrorView } from '../shared/panelError';
import { formProblemView, panelErrorView, type NotFoundMeaning } from './panelErrors';
import { PanelHost } from './panelHost';
import { saveExport } from './saveExport';

export class LabMarkersPanel extends PanelHost<LabMarkersHostMessage, LabMarkersWebviewMessage, LabMarkersRenderSnapshot> {
  private result: { form: LabMarkersForm; page: MarkerPage } | undefined;

  constructor(
    services: ExtensionServices,
    panel: vscode.WebviewPanel,
    private form: LabMarkersForm,
    private readonly filter: string,
  ) {
    super(services, panel, 'labMarkers');
    panel.title = titleOf(form.source);
  }

  static open(services: ExtensionServices, form: LabMarkersForm): LabMarkersPanel {
    const panel = vscode.window.createWebviewPanel(PANEL_VIEW_TYPES.labMarkers, titleOf(form.source), vscode.ViewColumn.Active, {
      enableFindWidget: true,
    });
    return new LabMarkersPanel(services, panel, form, '');
  }

  /** The serializer's path: the query (and the filter text) only; the markers are fetched again. */
  static restore(services: ExtensionServices, panel: vscode.WebviewPanel, state: LabMarkersPanelState): LabMarkersPanel {
    return new LabMarkersPanel(services, panel, state.form, state.filter);
  }

  /** Whether this panel lists `source` (so a command reveals it instead of opening a twin). */
  shows(source: LabMarkersSource): boolean {
    return JSON.stringify(source) === JSON.stringify(this.form.source);
  }

  reveal(): void {
    this.panel.reveal();
  }

  protected state(): LabMarkersPanelState {
    return { version: 1, form: this.form, filter: this.filter };
  }

  protected async handle(message: Extract<LabMarkersWebviewMessage, { type: 'ready' | 'load' }>): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.post({ type: 'init', strings: labMarkersStrings(), locale: vscode.env.language, form: this.form, filter: this.filter });
        if (this.result && !this.isLoading) return this.post({ type: 'result', ...this.result });
        return this.load(this.form);
      case 'load':
        return this.load(message.form);
      default:
        assertNever(message);
    }
  }

  protected retry(): Promise<void> {
    return this.load(this.form);
  }

  protected onConnectionChanged(): void {
    void this.load(this.form);
  }

  private async load(form: LabMarkersForm): Promise<void> {
    const problem = checkLabMarkersForm(form);
    if (problem) {
      this.cancelLoad();
      // The webview's form catches this first; a bad query from a command argument ends here, unsent.
      this.form = form;
      this.result = undefined;
      const message = labMarkersStrings()[problem].replace('{0}', String(MARKER_PAGE_SIZE_MAX));
      this.post({ type: 'loading', form });
      return this.post({ type: 'error', error: formProblemView(message) });
    }
    const controller = this.beginLoad();
    this.form = form;
    this.panel.title = titleOf(form.source);
    this.post({ type: 'loading', form });
    try {
      const client = await this.services.connection.client();
      const { source } = form;
      const options = { signal: controller.signal };
      const page =
        source.kind === 'labTest'
          ? await client.listLabTestMarkers(source.labTestId.trim(), labTestQueryOf({ ...form, source }), options)
          : await client.listOrderSetMarkers(orderSetBodyOf(source), { page: form.page, size: form.size }, options);
      if (!this.isCurrentLoad(controller)) return;
      this.result = { form, page };
      this.post({ type: 'result', form, page });
    } catch (error) {
      if (!this.isCurrentLoad(controller)) return;
      this.result = undefined;
      if (controller.signal.aborted) return this.post({ type: 'cancelled' });
      this.post({ type: 'error', error: this.errorView(error) });
    } finally {
      this.endLoad(controller);
    }
  }

  private errorView(error: unknown): PanelErrorView {
    const { source } = this.form;
    const notFound: NotFoundMeaning =
      source.kind === 'labTest' ? { kind: 'labTest', labTestId: source.labTestId } : { kind: 'orderSet' };
    return panelErrorView(error, this.services.connection.environment().label, notFound);
  }

  private exportBaseName(): string {
    const { source } = this.form;
    const what = source.kind === 'labTest' ? `lab-test-${fileNamePart(source.labTestId)}` : 'order-set';
    return `markers-${what}-page-${this.result?.form.page ?? this.form.page}`;
  }

  protected async exportCsv(): Promise<void> {
    if (!this.result) return;
    const { markers } = this.result.page;
    const rows = markers.reduce((sum, m) => sum + Math.max(1, m.expected_results.length), 0);
    await saveExport({ fileName: `${this.exportBaseName()}.csv`, format: 'csv', content: markersCsv(markers), rows });
  }

  protected async exportJson(): Promise<void> {
    if (!this.result) return;
    const content = `${JSON.stringify(this.result.page, null, 2)}\n`;
    await saveExport({ fileName: `${this.exportBaseName()}.json`, format: 'json', content, rows: this.result.page.markers.length });
  }

  protected async openRawJson(): Promise<void> {
    if (!this.result) return;
    const spec = labMarkersRequestOf(this.result.form);
    await this.services.jsonDocuments.open(requestTitle(spec), this.result.page);
  }

  protected currentRequest(): RequestSpec {
    return labMarkersRequestOf(this.form);
  }
}

function titleOf(source: LabMarkersSource): string {
  return source.kind === 'labTest'
    ? panelTitles.labTest(source.labTestId)
    : panelTitles.orderSet(source.labTestIds.length + source.providerIds.length);
}
