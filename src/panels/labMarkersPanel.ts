// Host side of the lab-markers panel: one page of markers of a lab test or an order set, fetched
// through the client, plus the export, raw-JSON and cURL actions. Titles name the lab tests where
// the name is known. For the text filter it fetches every page on demand (with progress and
// Cancel) and keeps them while the query's lab tests stay the same.
import * as vscode from 'vscode';
import type { RequestSpec } from '../api/requests';
import type { CallOptions, HealthApiClient } from '../api/client';
import type { Marker, MarkerPage, MarkerPricing } from '../api/schemas';
import { PANEL_COMMANDS, PANEL_VIEW_TYPES } from '../constants';
import { fileNamePart } from '../domain/exportNames';
import { requestTitle } from '../domain/requests/jsonDocument';
import {
  checkLabMarkersForm,
  labMarkersRequestOf,
  labTestQueryOf,
  orderSetBodyOf,
  type LabMarkersForm,
  type LabMarkersSource,
} from '../domain/labs/labMarkersForm';
import { mergePricing } from '../domain/labs/markerFacts';
import { expectedResultsOf, hasMorePages, MARKER_PAGE_SIZE_MAX, markersCsv } from '../domain/labs/markerTable';
import { labMarkersStrings, panelTitles } from '../l10n/panelStrings';
import type { EnvironmentId, ExtensionServices, FixtureExchange } from '../services';
import type { LabTestNameStore } from '../storage/labTestNameStore';
import { assertNever } from '../shared/assertNever';
import type {
  LabMarkersHostMessage,
  LabMarkersPanelState,
  LabMarkersRenderSnapshot,
  LabMarkersWebviewMessage,
} from '../shared/labMarkersProtocol';
import type { MarkerPageFound } from '../notebook/recording/investigationSteps';
import type { PanelErrorView } from '../shared/panelError';
import { environmentLabelOf, headingOf, labTestIdsOf, titleOf } from './labMarkersHeading';
import { formProblemView, type NotFoundMeaning } from './panelErrors';
import { PanelHost } from './panelHost';
import { saveExport } from './saveExport';

export class LabMarkersPanel extends PanelHost<LabMarkersHostMessage, LabMarkersWebviewMessage, LabMarkersRenderSnapshot> {
  private result: { form: LabMarkersForm; page: MarkerPage } | undefined;
  /** Every marker of the query's lab tests, once the filter asked for them. */
  private all: { source: string; markers: Marker[]; total: number; pricing: MarkerPricing | undefined } | undefined;

  constructor(
    services: ExtensionServices,
    panel: vscode.WebviewPanel,
    private readonly names: LabTestNameStore,
    private form: LabMarkersForm,
    private readonly filter: string,
    environment: EnvironmentId,
  ) {
    super(services, panel, 'labMarkers', environment);
    this.setTitle(titleOf(form.source, this.knownNames(form.source)));
  }

  /** Opens in the active environment, or in `environment` when given. */
  static open(services: ExtensionServices, names: LabTestNameStore, form: LabMarkersForm, environment?: EnvironmentId): LabMarkersPanel {
    const panel = vscode.window.createWebviewPanel(PANEL_VIEW_TYPES.labMarkers, panelTitles.labTest(''), vscode.ViewColumn.Active, {
      enableFindWidget: true,
    });
    return new LabMarkersPanel(services, panel, names, form, '', environment ?? services.connection.environment().id);
  }

  /** The serializer's path: the query (and the filter text) only, in its environment; the markers are fetched again. */
  static restore(services: ExtensionServices, panel: vscode.WebviewPanel, names: LabTestNameStore, state: LabMarkersPanelState): LabMarkersPanel {
    return new LabMarkersPanel(services, panel, names, state.form, state.filter, state.environment ?? services.connection.environment().id);
  }

  /** Whether this panel lists `source` (so a command reveals it instead of opening a twin). */
  shows(source: LabMarkersSource): boolean {
    return JSON.stringify(source) === JSON.stringify(this.form.source);
  }

  reveal(): void {
    this.panel.reveal();
  }

  protected state(): LabMarkersPanelState {
    return { version: 1, form: this.form, filter: this.filter, environment: this.environmentId };
  }

  protected async openInActiveEnvironment(): Promise<void> {
    await vscode.commands.executeCommand(PANEL_COMMANDS.showLabTestMarkers, this.form);
  }

  protected async requestIn(): Promise<RequestSpec> {
    return labMarkersRequestOf(this.form);
  }

  protected async handle(message: Extract<LabMarkersWebviewMessage, { type: 'ready' | 'load' | 'searchAllPages' }>): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.post({ type: 'init', strings: labMarkersStrings(), locale: vscode.env.language, form: this.form, filter: this.filter });
        this.post({ type: 'heading', ...headingOf(this.form.source, this.knownNames(this.form.source), this.namesSeenIn(this.form.source)) });
        if (this.result && !this.isLoading) return this.post({ type: 'result', ...this.result });
        return this.load(this.form);
      case 'load':
        return this.load(message.form);
      case 'searchAllPages':
        return this.searchAllPages();
      default:
        assertNever(message);
    }
  }

  protected retry(): Promise<void> {
    return this.load(this.form);
  }

  protected onConnectionChanged(): void {
    this.all = undefined;
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
    if (this.all && this.all.source !== JSON.stringify(form.source)) this.all = undefined;
    this.setTitle(titleOf(form.source, this.knownNames(form.source)));
    this.post({ type: 'loading', form });
    void this.showHeading(form.source);
    try {
      const client = await this.connection.client();
      const page = await fetchPage(client, form, { signal: controller.signal, onDeviations: this.onDeviations(requestTitle(labMarkersRequestOf(form))) });
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

  /**
   * Every page of the query, 100 markers a request, so the filter can search them all. The
   * progress row shows how far it is and its Cancel stops it (the page on screen stays).
   */
  private async searchAllPages(): Promise<void> {
    const form = this.form;
    const source = JSON.stringify(form.source);
    if (this.all?.source === source) {
      const { markers, total, pricing } = this.all;
      return this.post({ type: 'allMarkers', source: form.source, markers, total, ...(pricing ? { pricing } : {}) });
    }
    const controller = this.beginLoad();
    const markers: Marker[] = [];
    const pricings: (MarkerPricing | null | undefined)[] = [];
    try {
      const client = await this.connection.client();
      // One row in the Requests view for all the pages.
      await this.services.requests.inLoad(async () => {
        for (let page = 1; ; page++) {
          const pageForm = { ...form, page, size: MARKER_PAGE_SIZE_MAX };
          const onDeviations = this.onDeviations(requestTitle(labMarkersRequestOf(pageForm)));
          const next = await fetchPage(client, pageForm, { signal: controller.signal, onDeviations });
          if (!this.isCurrentLoad(controller)) return;
          markers.push(...next.markers);
          pricings.push(next.pricing);
          // total may be null on the vendor's service: the progress then counts what arrived.
          this.post({ type: 'searchProgress', loaded: markers.length, total: next.total ?? markers.length });
          if (!hasMorePages(next, page, MARKER_PAGE_SIZE_MAX, markers.length)) break;
        }
      });
      if (!this.isCurrentLoad(controller)) return;
      const pricing = mergePricing(pricings);
      this.all = { source, markers, total: markers.length, pricing };
      this.post({ type: 'allMarkers', source: form.source, markers, total: markers.length, ...(pricing ? { pricing } : {}) });
    } catch (error) {
      if (!this.isCurrentLoad(controller)) return;
      if (!controller.signal.aborted) this.services.log.warn(`Searching every page of the markers failed: ${error instanceof Error ? error.message : String(error)}`);
      this.post({ type: 'searchCancelled' });
    } finally {
      this.endLoad(controller);
    }
  }

  /** Names known without asking: remembered for this environment, else seen in another one. */
  private knownNames(source: LabMarkersSource): Record<string, string> {
    return this.names.namesAnywhere(this.environmentId, labTestIdsOf(source)).names;
  }

  /** For each known name seen in another environment only: that environment's label. */
  private namesSeenIn(source: LabMarkersSource, except: readonly string[] = []): Record<string, string> {
    const { seenIn } = this.names.namesAnywhere(this.environmentId, labTestIdsOf(source));
    return Object.fromEntries(Object.entries(seenIn).filter(([id]) => !except.includes(id)).map(([id, environment]) => [id, environmentLabelOf(environment)]));
  }

  /** Names from the local sandbox's sample list (remembered from then on) or from memory. */
  private async showHeading(source: LabMarkersSource): Promise<void> {
    const ids = labTestIdsOf(source);
    const environment = this.environmentId;
    const samples = ids.length === 0 ? [] : ((await this.connection.sampleLabTests().catch(() => undefined)) ?? []);
    const fromSamples = Object.fromEntries(samples.filter((s) => ids.includes(s.id)).map((s) => [s.id, s.name]));
    await this.names.remember(environment, fromSamples);
    if (this.isDisposed || JSON.stringify(source) !== JSON.stringify(this.form.source)) return;
    const names = { ...this.knownNames(source), ...fromSamples };
    this.setTitle(titleOf(source, names));
    this.post({ type: 'heading', ...headingOf(source, names, this.namesSeenIn(source, Object.keys(fromSamples))) });
  }

  private errorView(error: unknown): PanelErrorView {
    const { source } = this.form;
    const notFound: NotFoundMeaning =
      source.kind === 'labTest' ? { kind: 'labTest', labTestId: source.labTestId } : { kind: 'orderSet' };
    return this.failureView(error, notFound);
  }

  private exportBaseName(): string {
    const { source } = this.form;
    const what = source.kind === 'labTest' ? `lab-test-${fileNamePart(source.labTestId)}` : 'order-set';
    return `markers-${what}-page-${this.result?.form.page ?? this.form.page}`;
  }

  /** The page as it may leave VS Code (healthData.scrub.when), and the line that says what was scrubbed. */
  private async leavingPage(): Promise<{ page: MarkerPage; note: string | undefined } | undefined> {
    if (!this.result) return undefined;
    const scrub = await this.services.scrub.begin(this.environmentId);
    const operation = this.result.form.source.kind === 'labTest' ? 'listLabTestMarkers' : 'listOrderSetMarkers';
    return { page: scrub.body(operation, this.result.page), note: scrub.note() };
  }

  protected async exportCsv(target?: vscode.Uri): Promise<void> {
    const leaving = await this.leavingPage();
    if (!leaving) return;
    const { markers } = leaving.page;
    const rows = markers.reduce((sum, m) => sum + Math.max(1, expectedResultsOf(m).length), 0);
    await saveExport({
      fileName: `${this.exportBaseName()}.csv`,
      format: 'csv',
      content: markersCsv(markers, leaving.page.pricing),
      rows,
      ...(leaving.note ? { scrubNote: leaving.note } : {}),
      ...(target ? { target } : {}),
    });
  }

  protected async exportJson(target?: vscode.Uri): Promise<void> {
    const leaving = await this.leavingPage();
    if (!leaving) return;
    const content = `${JSON.stringify(leaving.page, null, 2)}\n`;
    await saveExport({ fileName: `${this.exportBaseName()}.json`, format: 'json', content, rows: leaving.page.markers.length, ...(leaving.note ? { scrubNote: leaving.note } : {}), ...(target ? { target } : {}) });
  }

  /** The page shown, as the exchanges of sandbox fixtures. */
  fixtureExchanges(): FixtureExchange[] | undefined {
    if (!this.result) return undefined;
    return [{ operation: labMarkersRequestOf(this.result.form).operation, status: 200, body: this.result.page }];
  }

  /** What Save Investigation takes from this panel: the page shown and the call that answered it; undefined before it loaded. */
  investigationPage(): MarkerPageFound | undefined {
    if (!this.result) return undefined;
    const { operation } = labMarkersRequestOf(this.result.form);
    if (operation.name !== 'listLabTestMarkers' && operation.name !== 'listOrderSetMarkers') return undefined;
    return { operation, page: this.result.page };
  }

  protected async openRawJson(): Promise<void> {
    if (!this.result) return;
    const spec = labMarkersRequestOf(this.result.form);
    await this.services.jsonDocuments.open(requestTitle(spec), this.result.page, {
      environmentId: this.environmentId,
      operation: spec.operation,
    });
  }

  protected currentRequest(): RequestSpec {
    return labMarkersRequestOf(this.form);
  }
}

function fetchPage(client: HealthApiClient, form: LabMarkersForm, options: CallOptions): Promise<MarkerPage> {
  const { source } = form;
  return source.kind === 'labTest'
    ? client.listLabTestMarkers(source.labTestId.trim(), labTestQueryOf({ ...form, source }), options)
    : client.listOrderSetMarkers(orderSetBodyOf(source), { page: form.page, size: form.size }, options);
}
