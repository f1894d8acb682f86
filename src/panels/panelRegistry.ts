// The open panels of one kind, so a command can reveal an existing one instead of opening a twin,
// and the diagnostics command can describe them.
import type { PanelDescription } from './panelHost';

interface RegisteredPanel {
  readonly onDidDispose: (listener: () => void) => unknown;
  describe(): PanelDescription;
}

export class PanelRegistry<TPanel extends RegisteredPanel> {
  private readonly panels = new Set<TPanel>();

  add(panel: TPanel): TPanel {
    this.panels.add(panel);
    panel.onDidDispose(() => this.panels.delete(panel));
    return panel;
  }

  find(predicate: (panel: TPanel) => boolean): TPanel | undefined {
    return [...this.panels].find(predicate);
  }

  all(): TPanel[] {
    return [...this.panels];
  }
}
