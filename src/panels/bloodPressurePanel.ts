// Host side of the blood-pressure explorer: resolves the user, fetches every cursor page (with
// Cancel), streams the pages to the webview, and runs the actions. The key never leaves the client.
// The fetching runs at most PAGES_AHEAD pages ahead of what the webview says it has taken in
// (`taken`), the next page requested while the current one is posted; Cancel aborts the request in
// flight, and every page that came back is still posted, so the panel and the Requests view count
// the same pages.
import * as vscode from 'vscode';
import type { HealthApiClient } from '../api/client';
import { iterateBloodPressurePages } from '../api/paging';
import { PageWindow } from '../api/pageWindow';
import { groupedBloodPressureRequest } from '../api/requests';
import type { RequestSpec } from '../api/requests';
import type { GroupedBloodPressure, User } from '../api/schemas';
import { providerOf, timeZoneIdOf } from '../api/wireValues';
import { PANEL_COMMANDS, PANEL_VIEW_TYPES } from '../constants';
import { readingsIn } from '../domain/bloodPressure/bloodPressureGroups';
import { bloodPressureQueryOf, defaultBloodPressureForm, formDayRange, type BloodPressureForm } from '../domain/bloodPressure/bloodPressureQuery';
import { requestTitle } from '../domain/requests/jsonDocument';
import { checkDateRange } from '../domain/inputValidation';
import { ZoneCalendar } from '../domain/zonedTime';
import { bloodPressureStrings, panelErrors, panelTitles } from '../l10n/panelStrings';
import type { EnvironmentConnection, EnvironmentId, ExtensionServices, FixtureExchange } from '../services';
import type { UserWindow } from '../notebook/recording/investigationSteps';
import { assertNever } from '../shared/assertNever';
import type {
  BloodPressureHostMessage,
  BloodPressurePanelState,
  BloodPressureRenderSnapshot,
  BloodPressureWebviewMessage,
} from '../shared/bloodPressureProtocol';
import type { PanelErrorView } from '../shared/panelError';
import {
  bloodPressureFixtureExchanges,
  exportBloodPressureCsv,
  exportBloodPressureJson,
  openBloodPressureRawJson,
  type BloodPressureExported,
} from './bloodPressureExports';
import { bloodPressureInit, type UserTarget } from './bloodPressureInit';
import { completeMessage, pageMessage, replayMessages } from './bloodPressureLoadMessages';
import { formProblemView } from './panelErrors';
import { PanelHost } from './panelHost';
import { probeNearestReadingsOrNone } from './nearestReadingsProbe';

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
        this.post(bloodPressureInit(this.target, this.user, this.zone, this.form));
        this.post({ type: 'error', error: this.errorView(error) });
        return;
      }
    }
    const form = (this.form ??= defaultBloodPressureForm(this.zone, Date.now()));
    this.post(bloodPressureInit(this.target, this.user, this.zone, form));
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

  /** A new webview (the panel was hidden and shown again) gets what the old one had. */
  private replay(form: BloodPressureForm): void {
    const { pages, finished, nearest } = this;
    for (const message of replayMessages({ pages, finished, nearest }, form, this.loadNumber, this.zone)) this.post(message);
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
          this.post(pageMessage(page, this.pages.length, readings, this.zone));
        }
      }, controller.signal);
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

  private finish(cancelled: boolean): void {
    this.finished = { cancelled };
    this.post(completeMessage(this.pages, cancelled));
  }

  /** For an empty range: the readings nearest to it, for the coverage strip and "nearest" buttons. */
  private async findNearest(client: HealthApiClient, form: BloodPressureForm, signal: AbortSignal): Promise<void> {
    const alsoShow = form.provider ? [form.provider] : (this.user?.connected_sources ?? []).map((c) => providerOf(c).slug);
    const probe = { client, userId: this.target.userId, form, zone: this.zone, alsoShow, signal };
    const nearest = await probeNearestReadingsOrNone(probe, (message) => this.services.log.warn(message));
    if (signal.aborted) return;
    this.nearest = { type: 'nearest', ...nearest };
    this.post(this.nearest);
  }

  private errorView(error: unknown): PanelErrorView {
    return this.failureView(error, { kind: 'user', clientUserId: this.target.clientUserId });
  }

  /** What the exports are made of: the pages as loaded, whose they are and the query. */
  private exported(): BloodPressureExported {
    const { services, environmentId, pages, user, form, zone } = this;
    return { services, environmentId, pages, user, form, zone, ...this.target };
  }

  protected exportCsv(target?: vscode.Uri): Promise<void> {
    return exportBloodPressureCsv(this.exported(), target);
  }

  protected exportJson(target?: vscode.Uri): Promise<void> {
    return exportBloodPressureJson(this.exported(), target);
  }

  protected openRawJson(): Promise<void> {
    return openBloodPressureRawJson(this.exported());
  }

  /** The loaded answer as sandbox fixtures: every cursor page, then the user it belongs to. */
  fixtureExchanges(): FixtureExchange[] | undefined {
    return this.finished && !this.finished.cancelled ? bloodPressureFixtureExchanges(this.exported()) : undefined;
  }

  /** For Save Investigation: the user, the days the finished load covered and its pages. */
  investigationWindow(): UserWindow | undefined {
    if (!this.form || !this.finished || this.finished.cancelled) return undefined;
    const window = formDayRange(this.form, this.zone, Date.now());
    return { ...this.target, window, zone: this.zone, pages: this.pages, ...(this.form.provider ? { provider: this.form.provider } : {}) };
  }

  protected currentRequest(): RequestSpec | undefined {
    return this.form ? groupedBloodPressureRequest(this.target.userId, bloodPressureQueryOf(this.form)) : undefined;
  }
}
