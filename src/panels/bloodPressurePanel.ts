// Host side of the blood-pressure explorer: resolves the user, fetches every cursor page (with
// Cancel), streams the pages to the webview, and runs the actions. The key never leaves the client.
// The fetching runs at most PAGES_AHEAD pages ahead of what the webview says it has taken in
// (`taken`), the next page requested while the current one is posted; Cancel aborts the request in
// flight, and every page that came back is still posted, so the panel and the Requests view count
// the same pages.
import * as vscode from 'vscode';
import type { HealthApiClient } from '../api/client';
import { iterateBloodPressurePages, nextCursorOf } from '../api/paging';
import { PageWindow } from '../api/pageWindow';
import { groupedBloodPressureRequest } from '../api/requests';
import type { BloodPressureQuery, RequestOperation, RequestSpec } from '../api/requests';
import type { GroupedBloodPressure, User } from '../api/schemas';
import { providerOf, timeZoneIdOf } from '../api/wireValues';
import { summariseSource } from '../domain/users/userTree';
import { PANEL_COMMANDS, PANEL_VIEW_TYPES } from '../constants';
import { columnsOfPage } from '../domain/bloodPressure/bloodPressureColumns';
import { bloodPressureCsv, implausibleReadingsJson } from '../domain/bloodPressure/bloodPressureExport';
import { bloodPressureExportName } from '../domain/exportNames';
import { groupReadings, mergeGroupedPages, readingsIn } from '../domain/bloodPressure/bloodPressureGroups';
import { bloodPressureQueryOf, defaultBloodPressureForm, type BloodPressureForm } from '../domain/bloodPressure/bloodPressureQuery';
import { requestTitle } from '../domain/requests/jsonDocument';
import { checkDateRange } from '../domain/inputValidation';
import { ingestionStartDay } from '../domain/bloodPressure/bloodPressureRangePresets';
import { ZoneCalendar } from '../domain/zonedTime';
import { bloodPressureStrings, panelErrors, panelTitles } from '../l10n/panelStrings';
import type { EnvironmentConnection, EnvironmentId, ExtensionServices, FixtureExchange } from '../services';
import { assertNever } from '../shared/assertNever';
import type {
  BloodPressureHostMessage,
  BloodPressurePanelState,
  BloodPressureRenderSnapshot,
  BloodPressureUserView,
  BloodPressureWebviewMessage,
} from '../shared/bloodPressureProtocol';
import type { PanelErrorView } from '../shared/panelError';
import { formProblemView } from './panelErrors';
import { PanelHost } from './panelHost';
import { probeNearestReadings } from './nearestReadingsProbe';
import { saveExport } from './saveExport';

interface UserTarget {
  userId: string;
  clientUserId: string;
}

export class BloodPressurePanel extends PanelHost<BloodPressureHostMessage, BloodPressureWebviewMessage, BloodPressureRenderSnapshot> {
  private user: User | undefined;
  private zone = new ZoneCalendar(undefined);
  private pages: GroupedBloodPressure[] = [];
  private finished: { cancelled: boolean } | undefined;
  /** Numbers the loads, so a `stop` from the webview stops the load it saw and no later one. */
  private loadNumber = 0;
  /** The running load's flow control: how many pages the webview has taken in. */
  private flow: PageWindow | undefined;
  private nearest: Extract<BloodPressureHostMessage, { type: 'nearest' }> | undefined;

  constructor(
    services: ExtensionServices,
    panel: vscode.WebviewPanel,
    private readonly target: UserTarget,
    private form: BloodPressureForm | undefined,
    environment: EnvironmentId,
    user?: User,
  ) {
    super(services, panel, 'bloodPressure', environment);
    // A hidden webview is gone until shown again (it takes nothing in): the load does not wait for it.
    this.disposables.push(panel.onDidChangeViewState(() => this.flow?.limit(panel.visible)));
    if (user) this.adoptUser(user);
    this.setTitle(panelTitles.bloodPressure(target.clientUserId));
  }

  /** `user` as `environment` (default: the active one) returned it: the panel is bound to that environment. */
  static open(services: ExtensionServices, user: User, form?: BloodPressureForm, environment = services.connection.environment().id): BloodPressurePanel {
    const panel = vscode.window.createWebviewPanel(
      PANEL_VIEW_TYPES.bloodPressure,
      panelTitles.bloodPressure(user.client_user_id),
      vscode.ViewColumn.Active,
      { enableFindWidget: true },
    );
    return new BloodPressurePanel(services, panel, { userId: user.user_id, clientUserId: user.client_user_id }, form, environment, user);
  }

  /** The serializer's path: ids and query only; the user and the data are fetched again. */
  static restore(services: ExtensionServices, panel: vscode.WebviewPanel, state: BloodPressurePanelState): BloodPressurePanel {
    const environment = state.environment ?? services.connection.environment().id;
    return new BloodPressurePanel(services, panel, { userId: state.userId, clientUserId: state.clientUserId }, state.form, environment);
  }

  get userId(): string {
    return this.target.userId;
  }

  /** Shows the panel; with a form, loads that query (e.g. the tree asked for another range). */
  reveal(form?: BloodPressureForm): void {
    this.panel.reveal();
    if (form && this.user) void this.load(form);
  }

  protected state(): BloodPressurePanelState | undefined {
    if (!this.form) return undefined;
    return { version: 1, userId: this.target.userId, clientUserId: this.target.clientUserId, form: this.form, environment: this.environmentId };
  }

  protected async openInActiveEnvironment(): Promise<void> {
    // The user's id differs between environments; the client_user_id is the team's own.
    await vscode.commands.executeCommand(
      PANEL_COMMANDS.showBloodPressure,
      { clientUserId: this.target.clientUserId, seenIn: this.connection.environment().label },
      this.form,
    );
  }

  /** The same user (by client_user_id) and query in `environment`. */
  protected async requestIn(environment: EnvironmentConnection): Promise<RequestSpec | undefined> {
    if (!this.form) return undefined;
    const userId =
      environment.id === this.environmentId ? this.target.userId : (await (await environment.client()).resolveUser(this.target.clientUserId)).user_id;
    return groupedBloodPressureRequest(userId, bloodPressureQueryOf(this.form));
  }

  protected async handle(message: Extract<BloodPressureWebviewMessage, { type: 'ready' | 'apply' | 'stop' | 'taken' }>): Promise<void> {
    switch (message.type) {
      case 'ready':
        return this.start();
      case 'apply':
        return this.load(message.form);
      case 'stop':
        return this.stop(message.load);
      case 'taken':
        if (message.load === this.loadNumber) this.flow?.take(message.pages);
        return;
      default:
        assertNever(message);
    }
  }

  protected retry(): Promise<void> {
    return this.start(true);
  }

  protected onConnectionChanged(): void {
    this.cancelLoad();
    this.pages = [];
    this.finished = undefined;
    void this.start(true);
  }

  /** Sends the page its user and query; loads unless the data for that query is already here. */
  private async start(reload = false): Promise<void> {
    if (!this.user) {
      try {
        this.adoptUser(await this.resolveUser());
      } catch (error) {
        this.form ??= defaultBloodPressureForm(this.zone, Date.now());
        this.post({ type: 'init', ...this.initPayload(this.form) });
        this.post({ type: 'error', error: this.errorView(error) });
        return;
      }
    }
    const form = (this.form ??= defaultBloodPressureForm(this.zone, Date.now()));
    this.post({ type: 'init', ...this.initPayload(form) });
    if (reload || (!this.finished && !this.isLoading)) return this.load(form);
    this.replay(form);
  }

  private adoptUser(user: User): void {
    this.user = user;
    this.zone = new ZoneCalendar(timeZoneIdOf(user));
  }

  private async resolveUser(): Promise<User> {
    const client = await this.connection.client();
    const user = await client.resolveUser(this.target.clientUserId);
    if (user.user_id !== this.target.userId) {
      throw new Error(panelErrors.userChanged(this.target.clientUserId, this.connection.environment().label));
    }
    return user;
  }

  private initPayload(form: BloodPressureForm): Omit<Extract<BloodPressureHostMessage, { type: 'init' }>, 'type'> {
    const user: BloodPressureUserView = {
      userId: this.target.userId,
      clientUserId: this.target.clientUserId,
      timeZone: this.zone.zone,
      timeZoneFromUser: this.zone.usesRequestedZone,
      providers: (this.user?.connected_sources ?? []).map((c) => summariseSource(c)).map(({ slug, name }) => ({ slug, name })),
    };
    const ingestionStart = ingestionStartDay(this.user?.ingestion_start, this.zone);
    if (ingestionStart) user.ingestionStartDay = ingestionStart;
    return { strings: bloodPressureStrings(), locale: vscode.env.language, user, form };
  }

  /** A new webview (the panel was hidden and shown again) gets what the old one had. */
  private replay(form: BloodPressureForm): void {
    this.post({ type: 'loading', form, load: this.loadNumber });
    let readings = 0;
    this.pages.forEach((page, index) => {
      readings += readingsIn(page.groups);
      this.postPage(page, index + 1, readings);
    });
    if (this.finished) this.post({ type: 'complete', pages: this.pages.length, readings, cancelled: this.finished.cancelled });
    if (this.nearest) this.post(this.nearest);
  }

  /**
   * Cancel, pressed in the webview: abort the request in flight now. The load then ends with the
   * pages that came back (all of them posted; the webview takes them in until `complete`), so the
   * panel, its exports, the raw response and the Requests view hold the same pages. A load that had
   * just finished stays finished.
   */
  private stop(load: number): void {
    if (load !== this.loadNumber) return;
    this.cancelLoad();
  }

  private async load(form: BloodPressureForm): Promise<void> {
    const problem = checkDateRange(form.startDate, form.endDate);
    if (problem) {
      this.cancelLoad();
      // The webview's form catches this first; a bad query from a command argument ends here, unsent.
      this.form = form;
      this.post({ type: 'loading', form, load: ++this.loadNumber });
      return this.post({ type: 'error', error: formProblemView(bloodPressureStrings()[problem]) });
    }
    const controller = this.beginLoad();
    this.form = form;
    this.pages = [];
    this.finished = undefined;
    this.nearest = undefined;
    this.post({ type: 'loading', form, load: ++this.loadNumber });
    const flow = (this.flow = new PageWindow());
    flow.limit(this.panel.visible);
    let readings = 0;
    try {
      const client = await this.connection.client();
      const query = bloodPressureQueryOf(form);
      const pageDeviations = this.onPageDeviations(requestTitle(groupedBloodPressureRequest(this.target.userId, query)));
      // One row in the Requests view for all the cursor pages of this load.
      await this.services.requests.inLoad(async () => {
        const options = { signal: controller.signal, onDeviations: pageDeviations };
        for await (const page of iterateBloodPressurePages(client, this.target.userId, query, options, flow)) {
          // A page that came back is the load's even when Cancel was pressed meanwhile: the Requests view has it.
          if (!this.isCurrentLoad(controller)) return;
          this.pages.push(page);
          readings += readingsIn(page.groups);
          this.postPage(page, this.pages.length, readings);
        }
      });
      if (!this.isCurrentLoad(controller)) return;
      if (controller.signal.aborted) return this.finish(true);
      this.finish(false);
      if (readings === 0) await this.findNearest(client, form, controller.signal);
    } catch (error) {
      if (!this.isCurrentLoad(controller)) return;
      if (controller.signal.aborted) return this.finish(true);
      this.post({ type: 'error', error: this.errorView(error) });
    } finally {
      this.endLoad(controller);
    }
  }

  /** The page as the columns the webview appends; the API's own objects stay here for the exports. */
  private postPage(page: GroupedBloodPressure, pageNumber: number, readingsLoaded: number): void {
    this.post({ type: 'page', columns: columnsOfPage(page.groups, this.zone), pageNumber, readingsLoaded });
  }

  private finish(cancelled: boolean): void {
    this.finished = { cancelled };
    const readings = this.pages.reduce((sum, page) => sum + readingsIn(page.groups), 0);
    this.post({ type: 'complete', pages: this.pages.length, readings, cancelled });
  }

  /** For an empty range: the readings nearest to it, for the coverage strip and "nearest" buttons. */
  private async findNearest(client: HealthApiClient, form: BloodPressureForm, signal: AbortSignal): Promise<void> {
    const alsoShow = form.provider ? [form.provider] : (this.user?.connected_sources ?? []).map((c) => providerOf(c).slug);
    const nearest = await probeNearestReadings({ client, userId: this.target.userId, form, zone: this.zone, alsoShow, signal }).catch(
      (error: unknown) => {
        this.services.log.warn(`Looking for the nearest blood-pressure readings failed: ${error instanceof Error ? error.message : String(error)}`);
        return { coverage: undefined, beforeDay: undefined, afterDay: undefined };
      },
    );
    if (signal.aborted) return;
    this.nearest = { type: 'nearest', ...nearest };
    this.post(this.nearest);
  }

  private errorView(error: unknown): PanelErrorView {
    return this.failureView(error, { kind: 'user', clientUserId: this.target.clientUserId });
  }

  private exportBaseName(clientUserId = this.target.clientUserId): string {
    return bloodPressureExportName(clientUserId, this.form);
  }

  /**
   * What an export may carry out of VS Code (healthData.scrub.when): the pages scrubbed as the
   * responses they are, the user's ids and the query as the scrubbed request names them.
   */
  private async leavingData(): Promise<{ pages: GroupedBloodPressure[]; userId: string; clientUserId: string; query: BloodPressureQuery | undefined; note: string | undefined }> {
    const scrub = await this.services.scrub.begin(this.environmentId);
    const query = this.form ? bloodPressureQueryOf(this.form) : undefined;
    // With the operation, not its name: the readings' dates move by this user's offset, as its cURL's query does.
    const sent: RequestOperation = { name: 'getGroupedBloodPressure', args: [this.target.userId, query ?? { startDate: '' }] };
    const pages = this.pages.map((page) => scrub.body(sent, page));
    if (!scrub.scrubs) return { pages, userId: this.target.userId, clientUserId: this.target.clientUserId, query, note: undefined };
    const user = scrub.body('resolveUser', { ...this.user, user_id: this.target.userId, client_user_id: this.target.clientUserId });
    // The query's dates shift with the user's readings, so the export still says which days it covers.
    const scrubbedOperation = query ? scrub.operation(sent) : undefined;
    const scrubbedQuery = scrubbedOperation?.name === 'getGroupedBloodPressure' ? scrubbedOperation.args[1] : undefined;
    return { pages, userId: user.user_id, clientUserId: user.client_user_id, query: scrubbedQuery, note: scrub.note() };
  }

  protected async exportCsv(target?: vscode.Uri): Promise<void> {
    const leaving = await this.leavingData();
    const groups = groupReadings(leaving.pages.map((p) => p.groups), this.zone);
    const rows = groups.reduce((sum, g) => sum + g.readings.length, 0);
    await saveExport({
      fileName: `${this.exportBaseName(leaving.clientUserId)}.csv`,
      format: 'csv',
      content: bloodPressureCsv(groups, this.zone),
      rows,
      ...(leaving.note ? { scrubNote: leaving.note } : {}),
      ...(target ? { target } : {}),
    });
  }

  protected async exportJson(target?: vscode.Uri): Promise<void> {
    const leaving = await this.leavingData();
    const groups = mergeGroupedPages(leaving.pages.map((p) => p.groups));
    const content = {
      user_id: leaving.userId,
      client_user_id: leaving.clientUserId,
      time_zone: this.zone.zone,
      query: leaving.query,
      groups,
      // The groups stay as sent; readings that cannot be a blood pressure are named here, with why.
      implausible_readings: implausibleReadingsJson(groupReadings(this.pages.map((p) => p.groups), this.zone)),
    };
    const rows = leaving.pages.reduce((sum, p) => sum + readingsIn(p.groups), 0);
    await saveExport({
      fileName: `${this.exportBaseName(leaving.clientUserId)}.json`,
      format: 'json',
      content: `${JSON.stringify(content, null, 2)}\n`,
      rows,
      ...(leaving.note ? { scrubNote: leaving.note } : {}),
      ...(target ? { target } : {}),
    });
  }

  protected async openRawJson(): Promise<void> {
    if (!this.form) return;
    const spec = groupedBloodPressureRequest(this.target.userId, bloodPressureQueryOf(this.form));
    // One page: the response as sent; several: the list of responses, in cursor order.
    const body = this.pages.length === 1 ? this.pages[0] : this.pages;
    await this.services.jsonDocuments.open(requestTitle(spec), body, { environmentId: this.environmentId, operation: spec.operation });
  }

  /**
   * The loaded answer as sandbox fixtures: every cursor page as it came (each asked with the cursor
   * of the page before, so a pseudonymised cursor leads to the next fixture), then the user it belongs
   * to, so the tree finds that user offline and leads to the readings.
   */
  fixtureExchanges(): FixtureExchange[] | undefined {
    if (!this.form || this.pages.length === 0 || !this.finished || this.finished.cancelled) return undefined;
    const query = bloodPressureQueryOf(this.form);
    const exchanges: FixtureExchange[] = this.pages.map((page, index) => {
      const cursor = index === 0 ? undefined : nextCursorOf(this.pages[index - 1]!);
      const asked = groupedBloodPressureRequest(this.target.userId, { ...query, ...(cursor !== undefined ? { nextCursor: cursor } : {}) });
      return { operation: asked.operation, status: 200, body: page };
    });
    if (this.user) exchanges.push({ operation: { name: 'resolveUser', args: [this.target.clientUserId] }, status: 200, body: this.user });
    return exchanges;
  }

  protected currentRequest(): RequestSpec | undefined {
    return this.form ? groupedBloodPressureRequest(this.target.userId, bloodPressureQueryOf(this.form)) : undefined;
  }
}
