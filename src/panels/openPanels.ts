// The open panels of every kind: open-or-reveal for the commands, restore for the serializers, and
// a description of each for diagnostics and tests. This file is the entry of dist/panels.js, which
// the extension requires when the first panel opens (panels.ts), not at activation.
import * as vscode from 'vscode';
import type { User } from '../api/schemas';
import { PANEL_VIEW_TYPES } from '../constants';
import type { BloodPressureForm } from '../domain/bloodPressure/bloodPressureQuery';
import type { LabMarkersForm } from '../domain/labs/labMarkersForm';
import { panelErrors } from '../l10n/panelStrings';
import type { EnvironmentId, ExtensionServices, FixtureExchange } from '../services';
import { LabTestNameStore } from '../storage/labTestNameStore';
import { parseBloodPressurePanelState } from '../shared/bloodPressureProtocol';
import { parseLabMarkersPanelState } from '../shared/labMarkersProtocol';
import { parseDiagnosisPanelState } from '../shared/diagnosisProtocol';
import { parseScanPanelState, type ScanRequest } from '../shared/coverageScanProtocol';
import { BloodPressurePanel } from './bloodPressurePanel';
import { CoverageScanPanel } from './coverageScanPanel';
import { DiagnosisPanel } from './diagnosisPanel';
import { LabMarkersPanel } from './labMarkersPanel';
import type { PanelDescription, PanelInvestigation, PanelQuery } from './panelHost';
import type { PanelActionMessage } from '../shared/panelActions';
import { PanelRegistry } from './panelRegistry';
import type { ScanExportRows } from './coverageScanPanel';

export class OpenPanels {
  private readonly bloodPressure = new PanelRegistry<BloodPressurePanel>();
  private readonly labMarkers = new PanelRegistry<LabMarkersPanel>();
  private readonly diagnosis = new PanelRegistry<DiagnosisPanel>();
  private readonly coverageScan = new PanelRegistry<CoverageScanPanel>();
  private readonly scanDeps = {
    openDiagnosis: (user: { user_id: string; client_user_id: string }, days: number, environment: EnvironmentId) => this.showDiagnosis(user, days, environment),
  };
  private readonly labTestNames: LabTestNameStore;

  constructor(private readonly services: ExtensionServices) {
    this.labTestNames = new LabTestNameStore(services.context.globalState);
  }

  /** `environment`: where `user` was read (a diagnosis bound to another one); the active one by default. */
  showBloodPressure(user: User, form?: BloodPressureForm, environment = this.services.connection.environment().id): void {
    // A panel of the same user in another environment is another panel: it shows other data.
    const existing = this.bloodPressure.find((panel) => panel.userId === user.user_id && panel.environmentId === environment);
    if (existing) return existing.reveal(form);
    this.bloodPressure.add(BloodPressurePanel.open(this.services, user, form, environment));
  }

  /** `names`: lab-test names the caller knows (a lookup, a link), remembered for this environment. */
  async showLabMarkers(form: LabMarkersForm, names: Readonly<Record<string, string>> = {}): Promise<void> {
    const environment = this.services.connection.environment().id;
    await this.labTestNames.remember(environment, names);
    const existing = this.labMarkers.find((panel) => panel.shows(form.source) && panel.environmentId === environment);
    if (existing) return existing.reveal();
    this.labMarkers.add(LabMarkersPanel.open(this.services, this.labTestNames, form));
  }

  /** Diagnose Data of one user; `days` picks the window (the panel's own picker changes it later). */
  /** `environment`: where the user was read (a scan panel's); the active one by default. */
  showDiagnosis(user: Pick<User, 'user_id' | 'client_user_id'>, days?: number, environment = this.services.connection.environment().id): void {
    const existing = this.diagnosis.find((panel) => panel.userId === user.user_id && panel.environmentId === environment);
    if (existing) return existing.reveal(days);
    this.diagnosis.add(DiagnosisPanel.open(this.services, { userId: user.user_id, clientUserId: user.client_user_id }, days, environment));
  }

  /** Scan Data Coverage: one results panel, a new scan replaces its rows. `users`: already known (the tree's filter). */
  showCoverageScan(request: ScanRequest, users?: readonly User[]): void {
    // One results panel per environment: a new scan replaces its rows.
    const environment = this.services.connection.environment().id;
    const existing = this.coverageScan.find((panel) => panel.environmentId === environment);
    if (existing) return existing.rerun(request, users);
    this.coverageScan.add(CoverageScanPanel.open(this.services, this.scanDeps, request, users));
  }

  /** The open scan's rows as CSV, written to `target` (or through the save dialog). */
  exportCoverageScan(target?: vscode.Uri, rows?: ScanExportRows): Promise<vscode.Uri | undefined> {
    const [panel] = this.coverageScan.all();
    return panel ? panel.exportTo(target, rows) : Promise.resolve(undefined);
  }

  /** What the active blood-pressure or lab-markers panel shows, as fixtures' exchanges (the main one first); undefined when neither is active or loaded. */
  activeFixture(): { environmentId: EnvironmentId; exchanges: FixtureExchange[] } | undefined {
    const panel = [...this.bloodPressure.all(), ...this.labMarkers.all()].find((open) => open.describe().active);
    const exchanges = panel?.fixtureExchanges();
    return panel && exchanges && exchanges.length > 0 ? { environmentId: panel.environmentId, exchanges } : undefined;
  }

  /** What Save Investigation takes from the blood-pressure, diagnosis or lab-markers panel in front; undefined when none is in front with a finished load. */
  activeInvestigation(): PanelInvestigation | undefined {
    const labMarkers = this.labMarkers.all().find((open) => open.panel.active);
    const page = labMarkers?.investigationPage();
    if (labMarkers) return page ? { environmentId: labMarkers.environmentId, from: 'labMarkers', found: page } : undefined;
    const bloodPressure = this.bloodPressure.all().find((open) => open.panel.active);
    const diagnosis = this.diagnosis.all().find((open) => open.panel.active);
    const found = bloodPressure?.investigationWindow() ?? diagnosis?.investigationWindow();
    const panel = bloodPressure ?? diagnosis;
    return panel && found ? { environmentId: panel.environmentId, from: bloodPressure ? 'bloodPressure' : 'diagnosis', found } : undefined;
  }

  /** Adopts a panel VS Code brings back after a reload; false when its saved state is unusable. */
  restore(viewType: string, panel: vscode.WebviewPanel, state: unknown): boolean {
    if (viewType === PANEL_VIEW_TYPES.bloodPressure) {
      const parsed = parseBloodPressurePanelState(state);
      if (parsed) {
        this.bloodPressure.add(BloodPressurePanel.restore(this.services, panel, parsed));
        return true;
      }
    } else if (viewType === PANEL_VIEW_TYPES.labMarkers) {
      const parsed = parseLabMarkersPanelState(state);
      if (parsed) {
        this.labMarkers.add(LabMarkersPanel.restore(this.services, panel, this.labTestNames, parsed));
        return true;
      }
    } else if (viewType === PANEL_VIEW_TYPES.coverageScan) {
      const parsed = parseScanPanelState(state);
      if (parsed) {
        this.coverageScan.add(CoverageScanPanel.restore(this.services, this.scanDeps, panel, parsed));
        return true;
      }
    } else if (viewType === PANEL_VIEW_TYPES.diagnosis) {
      const parsed = parseDiagnosisPanelState(state);
      if (parsed) {
        this.diagnosis.add(DiagnosisPanel.restore(this.services, panel, parsed));
        return true;
      }
    }
    panel.dispose();
    void vscode.window.showWarningMessage(panelErrors.unreadableState());
    return false;
  }

  /** Exports what the panel in front shows; false when no blood-pressure or lab-markers panel is in front. */
  async exportActive(format: 'csv' | 'json', target?: vscode.Uri): Promise<boolean> {
    const panel = [...this.bloodPressure.all(), ...this.labMarkers.all()].find((candidate) => candidate.panel.active);
    if (!panel) return false;
    await panel.exportAs(format, target);
    return true;
  }

  async copyActiveCurl(): Promise<boolean> {
    const panel = this.all().find((candidate) => candidate.panel.active);
    if (!panel) return false;
    await panel.copyCurl();
    return true;
  }

  /** Runs a toolbar action in the panel in front, as its button does; false when no panel is in front. */
  async runActiveAction(message: PanelActionMessage): Promise<boolean> {
    const panel = this.all().find((candidate) => candidate.panel.active);
    if (!panel) return false;
    await panel.act(message);
    return true;
  }

  /** The query of the panel in front (the active one), for Add to Notebook. */
  activeQuery(): PanelQuery | undefined {
    return this.all().find((panel) => panel.panel.active)?.notebookQuery();
  }

  describe(): PanelDescription[] {
    return this.all().map((panel) => panel.describe());
  }

  dispose(): void {
    for (const panel of this.all()) panel.dispose();
  }

  private all(): (BloodPressurePanel | LabMarkersPanel | DiagnosisPanel | CoverageScanPanel)[] {
    return [...this.bloodPressure.all(), ...this.labMarkers.all(), ...this.diagnosis.all(), ...this.coverageScan.all()];
  }
}
