// What the commands and the serializers ask of the open panels, and the stand-in activation builds:
// the panels' host code (four panels, their protocols, the diagnosis and the scan, their strings)
// is its own bundle, dist/panels.js, required when the first panel opens or is restored — the way
// the HTTP client is (connection/apiClientBundle.ts) — so activation does not load it.
import type * as vscode from 'vscode';
import type { User } from '../api/schemas';
import { lazyBundle } from '../connection/apiClientBundle';
import type { BloodPressureForm } from '../domain/bloodPressure/bloodPressureQuery';
import type { LabMarkersForm } from '../domain/labs/labMarkersForm';
import type { EnvironmentId, ExtensionServices, FixtureExchange } from '../services';
import type { ScanRequest } from '../shared/coverageScanProtocol';
import type { PanelActionMessage } from '../shared/panelActions';
import type * as OpenPanelsModule from './openPanels';
import type { PanelDescription, PanelInvestigation, PanelQuery } from './panelHost';
import type { ScanExportRows } from './coverageScanPanel';

export interface Panels extends vscode.Disposable {
  /** `environment`: where `user` was read (a diagnosis bound to another one); the active one by default. */
  showBloodPressure(user: User, form?: BloodPressureForm, environment?: EnvironmentId): void;
  /** `names`: lab-test names the caller knows (a lookup, a link), remembered for this environment. */
  showLabMarkers(form: LabMarkersForm, names?: Readonly<Record<string, string>>): Promise<void>;
  /** Diagnose Data of one user; `days` picks the window. */
  showDiagnosis(user: Pick<User, 'user_id' | 'client_user_id'>, days?: number, environment?: EnvironmentId): void;
  /** Scan Data Coverage; `users`: already known (the tree's filter). */
  showCoverageScan(request: ScanRequest, users?: readonly User[]): void;
  /** The open scan's rows as CSV, written to `target` (or through the save dialog). */
  /** `rows`: what to write without asking when the table is filtered (tests); asked otherwise. */
  exportCoverageScan(target?: vscode.Uri, rows?: ScanExportRows): Promise<vscode.Uri | undefined>;
  /** What the active blood-pressure or lab-markers panel shows, as a sandbox fixture's exchange. */
  activeFixture(): { environmentId: EnvironmentId; exchanges: FixtureExchange[] } | undefined;
  /** Exports what the active blood-pressure or lab-markers panel shows; false when none is in front. */
  exportActive(format: 'csv' | 'json', target?: vscode.Uri): Promise<boolean>;
  /** Copy as cURL of the panel in front, as its own button does; false when no panel is in front. */
  copyActiveCurl(): Promise<boolean>;
  /** Runs a toolbar action in the panel in front, as its button does; false when no panel is in front. */
  runActiveAction(message: PanelActionMessage): Promise<boolean>;
  /** Adopts a panel VS Code brings back after a reload; false when its saved state is unusable. */
  restore(viewType: string, panel: vscode.WebviewPanel, state: unknown): boolean;
  describe(): PanelDescription[];
  /** The query of the panel in front, for Add to Notebook; undefined when none is in front or it has none. */
  activeQuery(): PanelQuery | undefined;
  /** What Save Investigation takes from the blood-pressure or diagnosis panel in front; undefined when none is, or its load did not finish. */
  activeInvestigation(): PanelInvestigation | undefined;
}

export type LoadOpenPanels = () => typeof OpenPanelsModule;

export function openPanelsLoader(extensionPath: string): LoadOpenPanels {
  return lazyBundle<typeof OpenPanelsModule>(extensionPath, 'panels.js');
}

/** The panels, loaded on first use; until then nothing is open and nothing needs disposing. */
export class LazyPanels implements Panels {
  private open: Panels | undefined;

  constructor(
    private readonly services: ExtensionServices,
    private readonly load: LoadOpenPanels,
  ) {}

  private get panels(): Panels {
    // OpenPanels is checked against Panels here (it does not import the interface: no cycle).
    return (this.open ??= new (this.load().OpenPanels)(this.services));
  }

  showBloodPressure(user: User, form?: BloodPressureForm, environment?: EnvironmentId): void {
    this.panels.showBloodPressure(user, form, environment);
  }

  showLabMarkers(form: LabMarkersForm, names?: Readonly<Record<string, string>>): Promise<void> {
    return this.panels.showLabMarkers(form, names);
  }

  showDiagnosis(user: Pick<User, 'user_id' | 'client_user_id'>, days?: number, environment?: EnvironmentId): void {
    this.panels.showDiagnosis(user, days, environment);
  }

  showCoverageScan(request: ScanRequest, users?: readonly User[]): void {
    this.panels.showCoverageScan(request, users);
  }

  exportCoverageScan(target?: vscode.Uri, rows?: ScanExportRows): Promise<vscode.Uri | undefined> {
    return this.open ? this.open.exportCoverageScan(target, rows) : Promise.resolve(undefined);
  }

  activeFixture(): { environmentId: EnvironmentId; exchanges: FixtureExchange[] } | undefined {
    return this.open?.activeFixture();
  }

  exportActive(format: 'csv' | 'json', target?: vscode.Uri): Promise<boolean> {
    return this.open ? this.open.exportActive(format, target) : Promise.resolve(false);
  }

  copyActiveCurl(): Promise<boolean> {
    return this.open ? this.open.copyActiveCurl() : Promise.resolve(false);
  }

  runActiveAction(message: PanelActionMessage): Promise<boolean> {
    return this.open ? this.open.runActiveAction(message) : Promise.resolve(false);
  }

  restore(viewType: string, panel: vscode.WebviewPanel, state: unknown): boolean {
    return this.panels.restore(viewType, panel, state);
  }

  describe(): PanelDescription[] {
    return this.open ? this.open.describe() : [];
  }

  activeQuery(): PanelQuery | undefined {
    return this.open?.activeQuery();
  }

  activeInvestigation(): PanelInvestigation | undefined {
    return this.open?.activeInvestigation();
  }

  dispose(): void {
    this.open?.dispose();
  }
}

/** One serializer per panel kind, each handing over to `Panels.restore`. */
export class PanelSerializer implements vscode.WebviewPanelSerializer<unknown> {
  constructor(
    private readonly panels: Panels,
    private readonly viewType: string,
  ) {}

  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    this.panels.restore(this.viewType, panel, state);
  }
}
