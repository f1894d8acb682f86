import * as vscode from 'vscode';
import { DescribePanelsCommand } from '../commands/describePanels';
import { DiagnoseDataCommand } from '../commands/diagnoseDataCommand';
import { ExportCoverageScanCsvCommand } from '../commands/exportCoverageScanCsvCommand';
import { ScanDataCoverageCommand } from '../commands/scanDataCoverageCommand';
import { RestorePanelCommand } from '../commands/restorePanel';
import { ShowBloodPressureCommand } from '../commands/showBloodPressure';
import { ShowLabTestMarkersCommand } from '../commands/showLabTestMarkers';
import { ShowOrderSetMarkersCommand } from '../commands/showOrderSetMarkers';
import { PANEL_VIEW_TYPES } from '../constants';
import type { ExtensionServices } from '../services';
import { PanelSerializer, Panels } from './panels';

/** Registers the webview panels' commands and their serializers (a window reload restores them). */
export function registerPanels(services: ExtensionServices): void {
  const panels = new Panels(services);
  const serializers = new Map<string, vscode.WebviewPanelSerializer>(
    Object.values(PANEL_VIEW_TYPES).map((viewType) => [viewType, new PanelSerializer(panels, viewType)]),
  );
  for (const [viewType, serializer] of serializers) {
    services.context.subscriptions.push(vscode.window.registerWebviewPanelSerializer(viewType, serializer));
  }
  services.context.subscriptions.push(panels);
  services.commands.register(new ShowBloodPressureCommand(services, panels));
  services.commands.register(new ShowLabTestMarkersCommand(services, panels));
  services.commands.register(new ShowOrderSetMarkersCommand(services, panels));
  services.commands.register(new DiagnoseDataCommand(services, panels));
  services.commands.register(new ScanDataCoverageCommand(services, panels));
  services.commands.register(new ExportCoverageScanCsvCommand(panels));
  services.commands.register(new DescribePanelsCommand(panels));
  services.commands.register(new RestorePanelCommand(serializers));
}
