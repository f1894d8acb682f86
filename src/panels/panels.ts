// The open panels of both kinds: open-or-reveal for the commands, restore for the serializers, and
// a description of each for diagnostics and tests.
import * as vscode from 'vscode';
import type { User } from '../api/schemas';
import { PANEL_VIEW_TYPES } from '../constants';
import type { BloodPressureForm } from '../domain/bloodPressureQuery';
import type { LabMarkersForm } from '../domain/labMarkersForm';
import { panelErrors } from '../l10n/panelStrings';
import type { ExtensionServices } from '../services';
import { LabTestNameStore } from '../storage/labTestNameStore';
import { parseBloodPressurePanelState } from '../shared/bloodPressureProtocol';
import { parseLabMarkersPanelState } from '../shared/labMarkersProtocol';
import { BloodPressurePanel } from './bloodPressurePanel';
import { LabMarkersPanel } from './labMarkersPanel';
import type { PanelDescription } from './panelHost';
import { PanelRegistry } from './panelRegistry';

export class Panels {
  private readonly bloodPressure = new PanelRegistry<BloodPressurePanel>();
  private readonly labMarkers = new PanelRegistry<LabMarkersPanel>();
  private readonly labTestNames: LabTestNameStore;

  constructor(private readonly services: ExtensionServices) {
    this.labTestNames = new LabTestNameStore(services.context.globalState);
  }

  showBloodPressure(user: User, form?: BloodPressureForm): void {
    // A panel of the same user in another environment is another panel: it shows other data.
    const environment = this.services.connection.environment().id;
    const existing = this.bloodPressure.find((panel) => panel.userId === user.user_id && panel.environmentId === environment);
    if (existing) return existing.reveal(form);
    this.bloodPressure.add(BloodPressurePanel.open(this.services, user, form));
  }

  /** `names`: lab-test names the caller knows (a lookup, a link), remembered for this environment. */
  async showLabMarkers(form: LabMarkersForm, names: Readonly<Record<string, string>> = {}): Promise<void> {
    const environment = this.services.connection.environment().id;
    await this.labTestNames.remember(environment, names);
    const existing = this.labMarkers.find((panel) => panel.shows(form.source) && panel.environmentId === environment);
    if (existing) return existing.reveal();
    this.labMarkers.add(LabMarkersPanel.open(this.services, this.labTestNames, form));
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
    }
    panel.dispose();
    void vscode.window.showWarningMessage(panelErrors.unreadableState());
    return false;
  }

  describe(): PanelDescription[] {
    return [...this.bloodPressure.all(), ...this.labMarkers.all()].map((panel) => panel.describe());
  }

  dispose(): void {
    for (const panel of [...this.bloodPressure.all(), ...this.labMarkers.all()]) panel.dispose();
  }
}

/** One serializer per panel kind, both handing over to `Panels.restore`. */
export class PanelSerializer implements vscode.WebviewPanelSerializer<unknown> {
  constructor(
    private readonly panels: Panels,
    private readonly viewType: string,
  ) {}

  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    this.panels.restore(this.viewType, panel, state);
  }
}
