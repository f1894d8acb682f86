import * as vscode from 'vscode';
import { PANEL_COMMANDS } from '../constants';
import type { Panels } from '../panels/panels';
import type { Command } from '../services';

/**
 * Hidden from the palette (each panel has its own Export buttons): exports what the blood-pressure or
 * lab-markers panel in front shows, as CSV or JSON, to the file URI given (or through the save
 * dialog), through the same door as the buttons, scrubber included. Resolves false with no such panel in front.
 */
export class ExportActivePanelCommand implements Command {
  readonly id = PANEL_COMMANDS.exportActivePanel;

  constructor(private readonly panels: Panels) {}

  execute(format?: unknown, target?: unknown): Promise<boolean> {
    return this.panels.exportActive(format === 'json' ? 'json' : 'csv', target instanceof vscode.Uri ? target : undefined);
  }
}
