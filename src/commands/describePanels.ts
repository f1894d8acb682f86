import { PANEL_COMMANDS } from '../constants';
import type { PanelDescription } from '../panels/panelHost';
import type { Panels } from '../panels/panels';
import type { Command } from '../services';

/**
 * Diagnostics (hidden from the palette): what each open panel shows — its view type, saved state
 * (ids and query) and the counts its webview last reported. Never readings, markers or keys.
 * Integration tests read it to check what the real webview rendered.
 */
export class DescribePanelsCommand implements Command {
  readonly id = PANEL_COMMANDS.describePanels;

  constructor(private readonly panels: Panels) {}

  execute(): PanelDescription[] {
    return this.panels.describe();
  }
}
