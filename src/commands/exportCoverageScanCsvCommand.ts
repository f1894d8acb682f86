import * as vscode from 'vscode';
import { PANEL_COMMANDS } from '../constants';
import type { Panels } from '../panels/panels';
import type { Command } from '../services';

/**
 * Hidden from the palette (the panel has its own Export CSV… button): writes the open scan's rows
 * as CSV to the file URI given, or through the save dialog without one. Returns the file written.
 */
export class ExportCoverageScanCsvCommand implements Command {
  readonly id = PANEL_COMMANDS.exportCoverageScanCsv;

  constructor(private readonly panels: Panels) {}

  /** `rows`: 'shown' or 'all' writes those rows of a filtered table without asking (tests). */
  execute(target?: unknown, rows?: unknown): Promise<vscode.Uri | undefined> {
    return this.panels.exportCoverageScan(target instanceof vscode.Uri ? target : undefined, rows === 'shown' || rows === 'all' ? rows : undefined);
  }
}
