// Host side of Diagnose Data: resolves the user, reads a year of blood pressure before the chosen
// window (every cursor page, with Cancel), runs the diagnosis and sends each finding in plain words
// with its evidence links. The key never leaves the client; the webview gets words and ranges.
import * as vscode from 'vscode';
import { capabilityOf } from '../api/providerCapabilities';
import { groupedBloodPressureRequest, resolveUserRequest, type RequestSpec } from '../api/requests';
import { providerOf } from '../api/wireValues';
import { summariseSource } from '../domain/users/userTree';
import { PANEL_COMMANDS, PANEL_VIEW_TYPES, REQUEST_COMMANDS, REQUESTS_VIEW_ID } from '../constants';
import { inRequestOrigin } from '../connection/requestOrigins';
import type { RequestOrigin } from '../domain/requests/requestOrigin';
import type { BloodPressureForm } from '../domain/bloodPressure/bloodPressureQuery';
import { SEVERITY } from '../domain/coverage/dataDiagnosis';
import { diagnoseUser, type UserDiagnosis } from '../domain/coverage/diagnoseUser';
import { DEFAULT_DIAGNOSIS_DAYS, DIAGNOSIS_WINDOW_DAYS, isDiagnosisWindowDays } from '../domain/coverage/diagnosisWindow';
import { evidenceRange } from '../domain/coverage/findingEvidence';
import { requestTitle } from '../domain/requests/jsonDocument';
import { describeFinding, diagnosisStrings, diagnosisTitles } from '../l10n/diagnosisStrings';
import { findingWords } from '../l10n/findingWords';
import { panelErrors } from '../l10n/panelStrings';
import type { EnvironmentId, ExtensionServices } from '../services';
import type { PanelActionMessage } from '../shared/panelActions';
import type { UserWindow } from '../notebook/recording/investigationSteps';
import { assertNever } from '../shared/assertNever';
import type {
  DiagnosisHostMessage,
  DiagnosisPanelState,
  DiagnosisRenderSnapshot,
  DiagnosisWebviewMessage,
  FindingView,
} from '../shared/diagnosisProtocol';
import { PanelHost } from './panelHost';

interface UserTarget {
  userId: string;
  clientUserId: string;
}

const SEVERITY_ORDER = { problem: 0, warning: 1, info: 2 } as const;

export class DiagnosisPanel extends PanelHost<DiagnosisHostMessage, DiagnosisWebviewMessage, DiagnosisRenderSnapshot> {
  private result: UserDiagnosis | undefined;
  private latest: DiagnosisHostMessage | undefined;

  constructor(
    services: ExtensionServices,
    panel: vscode.WebviewPanel,
    private readonly target: UserTarget,
    private days: number,
    environment: EnvironmentId,
  ) {
    super(services, panel, 'diagnosis', environment);
    this.setTitle(diagnosisTitles.panel(target.clientUserId));
  }

  static open(services: ExtensionServices, target: UserTarget, days = DEFAULT_DIAGNOSIS_DAYS, environment?: EnvironmentId): DiagnosisPanel {
    const panel = vscode.window.createWebviewPanel(PANEL_VIEW_TYPES.diagnosis, diagnosisTitles.panel(target.clientUserId), vscode.ViewColumn.Active, {
      enableFindWidget: true,
    });
    return new DiagnosisPanel(services, panel, target, days, environment ?? services.connection.environment().id);
  }

  static restore(services: ExtensionServices, panel: vscode.WebviewPanel, state: DiagnosisPanelState): DiagnosisPanel {
    const environment = state.environment ?? services.connection.environment().id;
    return new DiagnosisPanel(services, panel, { userId: state.userId, clientUserId: state.clientUserId }, state.days, environment);
  }

  get userId(): string {
    return this.target.userId;
  }

  /** Shows the panel; with a window other than the shown one, diagnoses that window. */
  reveal(days?: number): void {
    this.panel.reveal();
    if (days !== undefined && days !== this.days) void this.load(days);
  }

  protected state(): DiagnosisPanelState {
    return { version: 1, userId: this.target.userId, clientUserId: this.target.clientUserId, days: this.days, environment: this.environmentId };
  }

  protected override readonly comparesEnvironments = false;

  protected async openInActiveEnvironment(): Promise<void> {
    // The user's id differs between environments; the client_user_id is the team's own.
    await vscode.commands.executeCommand(
      PANEL_COMMANDS.diagnoseData,
      { clientUserId: this.target.clientUserId, seenIn: this.connection.environment().label },
      { days: this.days },
    );
  }

  protected async requestIn(): Promise<RequestSpec | undefined> {
    return undefined;
  }

  protected async handle(message: Exclude<DiagnosisWebviewMessage, { type: 'rendered' } | PanelActionMessage>): Promise<void> {
    switch (message.type) {
      case 'ready':
        return this.start();
      case 'setWindow':
        if (isDiagnosisWindowDays(message.days)) return this.load(message.days);
        return;
      case 'showBloodPressure':
        return this.showBloodPressure(message.range);
      case 'showRequestLog':
        // The requests behind these findings: the Requests view, showing this environment's.
        await vscode.commands.executeCommand(REQUEST_COMMANDS.filterEnvironment, this.environmentId);
        await vscode.commands.executeCommand(`${REQUESTS_VIEW_ID}.focus`);
        return;
      default:
        assertNever(message);
    }
  }

  private start(): Promise<void> | void {
    this.post({
      type: 'init',
      strings: diagnosisStrings(),
      locale: vscode.env.language,
      environment: this.connection.environment().label,
      userId: this.target.userId,
      clientUserId: this.target.clientUserId,
      windows: DIAGNOSIS_WINDOW_DAYS,
      days: this.days,
    });
    // A webview shown again gets what the old one had; a new one starts the diagnosis.
    if (this.latest && !this.isLoading) return this.post(this.latest);
    if (!this.isLoading) return this.load(this.days);
    this.post({ type: 'loading', days: this.days });
  }

  protected retry(): Promise<void> {
    return this.load(this.days);
  }

  protected onConnectionChanged(): void {
    this.cancelLoad();
    this.result = undefined;
    this.latest = undefined;
    // The header names the environment: a new init carries the new one.
    void this.start();
  }

  /** One row in the Requests view for the whole diagnosis: the user's resolve and every page. */
  private load(days: number): Promise<void> {
    return inRequestOrigin('diagnosis', () => this.services.requests.inLoad(() => this.diagnose(days)));
  }

  protected override get requestOrigin(): RequestOrigin {
    return 'diagnosis';
  }

  private async diagnose(days: number): Promise<void> {
    const controller = this.beginLoad();
    this.days = days;
    this.result = undefined;
    this.latest = undefined;
    this.post({ type: 'loading', days });
    try {
      const client = await this.connection.client();
      const result = await diagnoseUser(client, this.target.clientUserId, {
        days,
        signal: controller.signal,
        onPage: (pages, readings) => {
          if (this.isCurrentLoad(controller)) this.post({ type: 'progress', pages, readings });
        },
        onDeviations: {
          user: this.onDeviations(requestTitle(resolveUserRequest(this.target.clientUserId))),
          pages: (userId, query) => this.onPageDeviations(requestTitle(groupedBloodPressureRequest(userId, query))),
        },
      });
      if (!this.isCurrentLoad(controller)) return;
      if (result.user.user_id !== this.target.userId) {
        throw new Error(panelErrors.userChanged(this.target.clientUserId, this.connection.environment().label));
      }
      this.result = result;
      this.latest = this.resultMessage(result, days);
      this.post(this.latest);
    } catch (error) {
      if (!this.isCurrentLoad(controller)) return;
      if (controller.signal.aborted) {
        this.latest = { type: 'cancelled' };
        return this.post(this.latest);
      }
      this.latest = { type: 'error', error: this.failureView(error, { kind: 'user', clientUserId: this.target.clientUserId }) };
      this.post(this.latest);
    } finally {
      this.endLoad(controller);
    }
  }

  private resultMessage(result: UserDiagnosis, days: number): DiagnosisHostMessage {
    const names = new Map((result.user.connected_sources ?? []).map((c) => [providerOf(c).slug, summariseSource(c).name]));
    const context = {
      providerName: (slug: string) => names.get(slug) ?? capabilityOf(slug)?.name ?? slug,
      timeZone: result.zone.zone,
    };
    const findings: FindingView[] = result.findings
      .map((finding) => {
        const range = evidenceRange(finding, result.window);
        return { kind: finding.kind, severity: SEVERITY[finding.kind], ...describeFinding(finding, context), ...(range ? { range } : {}) };
      })
      .sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
    const words = findingWords();
    const headline = result.headline.map((kind) => words[kind]);
    return { type: 'result', days, window: result.window, read: result.history, timeZone: result.zone.zone, readingsInWindow: result.readingsInWindow, headline, findings };
  }

  private async showBloodPressure(range: BloodPressureForm): Promise<void> {
    const user = this.result?.user;
    await vscode.commands.executeCommand(PANEL_COMMANDS.showBloodPressure, user ?? this.target.clientUserId, range, this.environmentId);
  }

  protected async exportCsv(): Promise<void> {
    // No table to export: the findings are words; the raw response is the data.
  }

  protected async exportJson(): Promise<void> {}

  protected async openRawJson(): Promise<void> {
    if (!this.result) return;
    const pages = this.result.pages;
    const spec = groupedBloodPressureRequest(this.target.userId, this.result.query);
    // One page: the response as sent; several: the list of responses, in cursor order.
    await this.services.jsonDocuments.open(requestTitle(spec), pages.length === 1 ? pages[0] : pages, { environmentId: this.environmentId, operation: spec.operation });
  }

  /** For Save Investigation: the user, the diagnosed window and every page read (the window's and before it). */
  investigationWindow(): UserWindow | undefined {
    const result = this.result;
    return result ? { userId: result.user.user_id, clientUserId: result.user.client_user_id, window: result.window, zone: result.zone, pages: result.pages } : undefined;
  }

  protected currentRequest(): RequestSpec | undefined {
    return this.result ? groupedBloodPressureRequest(this.target.userId, this.result.query) : undefined;
  }
}
