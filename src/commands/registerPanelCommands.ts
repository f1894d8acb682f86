import type { RegisteredPanels } from '../panels/registerPanels';
import type { ExtensionServices } from '../services';
import { DescribePanelsCommand } from './describePanels';
import { DiagnoseDataCommand } from './diagnoseDataCommand';
import { ExportActivePanelCommand } from './exportActivePanelCommand';
import { ExportCoverageScanCsvCommand } from './exportCoverageScanCsvCommand';
import { RestorePanelCommand } from './restorePanel';
import { RunActivePanelActionCommand } from './runActivePanelActionCommand';
import { ScanDataCoverageCommand } from './scanDataCoverageCommand';
import { ShowBloodPressureCommand } from './showBloodPressure';
import { ShowLabTestMarkersCommand } from './showLabTestMarkers';
import { ShowOrderSetMarkersCommand } from './showOrderSetMarkers';

/** The commands that open, describe, export and restore the webview panels. */
export function registerPanelCommands(services: ExtensionServices, { panels, serializers }: RegisteredPanels): void {
  for (const command of [
    new ShowBloodPressureCommand(services, panels),
    new ShowLabTestMarkersCommand(services, panels),
    new ShowOrderSetMarkersCommand(services, panels),
    new DiagnoseDataCommand(services, panels),
    new ScanDataCoverageCommand(services, panels),
    new ExportCoverageScanCsvCommand(panels),
    new ExportActivePanelCommand(panels),
    new RunActivePanelActionCommand(panels),
    new DescribePanelsCommand(panels),
    new RestorePanelCommand(serializers),
  ]) {
    services.commands.register(command);
  }
}
