import { PANEL_COMMANDS } from '../constants';
import type { Panels } from '../panels/panels';
import type { Command } from '../services';
import type { PanelActionMessage } from '../shared/panelActions';

type ToolbarAction = Exclude<PanelActionMessage['type'], 'errorAction'>;
/** Every toolbar action of the panels' protocol (an error's buttons need their error): a new one must be listed to compile. */
const TOOLBAR_ACTIONS: Record<ToolbarAction, true> = {
  cancel: true,
  exportCsv: true,
  exportJson: true,
  openRawJson: true,
  copyCurl: true,
  openInActiveEnvironment: true,
  compareEnvironments: true,
  showDeviations: true,
};
export const PANEL_TOOLBAR_ACTIONS = Object.keys(TOOLBAR_ACTIONS) as ToolbarAction[];
const ACTIONS: ReadonlySet<string> = new Set(PANEL_TOOLBAR_ACTIONS);

/**
 * Hidden from the palette (each panel has its buttons): runs one toolbar action of the panel in
 * front, e.g. `compareEnvironments`, through the same door as its button (its questions included).
 * Resolves false with no panel in front or an action it does not know.
 */
export class RunActivePanelActionCommand implements Command {
  readonly id = PANEL_COMMANDS.runActivePanelAction;

  constructor(private readonly panels: Panels) {}

  execute(action?: unknown): Promise<boolean> {
    if (typeof action !== 'string' || !ACTIONS.has(action)) return Promise.resolve(false);
    return this.panels.runActiveAction({ type: action } as PanelActionMessage);
  }
}
