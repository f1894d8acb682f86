// What a running cell shows while it loads. A load that ends quickly shows nothing in between: its
// result replaces the last run's output in one edit (each edit is work for the workbench, and a Run
// All of quick cells would otherwise send three to five per cell). Once a load has lasted
// SHOWN_AFTER_MS, the last output is cleared, then the pages loaded so far are said as they come.
import type * as vscode from 'vscode';
import { notebookStrings } from '../l10n/notebookStrings';
import { notRunOutput } from './cellOutputs';
import type { OutputWrites } from './outputWrites';

/** As long as the Users view waits before its Load more spinner. */
export const SHOWN_AFTER_MS = 300;

export class CellProgress {
  private pages = 0;
  private shown = false;
  private stopped = false;
  private readonly timer: ReturnType<typeof setTimeout>;

  constructor(
    private readonly execution: vscode.NotebookCellExecution,
    private readonly writes: OutputWrites,
    shownAfterMs = SHOWN_AFTER_MS,
  ) {
    this.timer = setTimeout(() => {
      this.shown = true;
      this.write();
    }, shownAfterMs);
  }

  /** `pages` loaded so far. */
  page(pages: number): void {
    this.pages = pages;
    if (this.shown) this.write();
  }

  /** The load ended (its result or error follows): nothing more from here. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private write(): void {
    if (this.stopped) return;
    this.writes.add(this.pages === 0 ? this.execution.clearOutput() : this.execution.replaceOutput(notRunOutput(notebookStrings.loadingPages(this.pages))));
  }
}
