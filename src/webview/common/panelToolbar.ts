// The toolbar every panel has: Export CSV, Export JSON, Open raw response, Copy as cURL. Each button
// posts its action; the host runs it (src/panels/panelHost.ts).
import type { PanelActionMessage } from '../../shared/panelActions';
import { el } from './dom';
import { createButton, type ButtonHandle } from './toolkit';

export type ToolbarAction = Extract<PanelActionMessage['type'], 'exportCsv' | 'exportJson' | 'openRawJson' | 'copyCurl'>;

export type ToolbarStrings = Record<ToolbarAction | 'actionsLabel', string>;

export class PanelToolbar {
  readonly element: HTMLElement;
  readonly buttons: Record<ToolbarAction, ButtonHandle>;

  constructor(strings: ToolbarStrings, post: (message: { type: ToolbarAction }) => void) {
    const button = (type: ToolbarAction): ButtonHandle => {
      const handle = createButton(strings[type], () => post({ type }));
      handle.setDisabled(true);
      return handle;
    };
    this.buttons = {
      exportCsv: button('exportCsv'),
      exportJson: button('exportJson'),
      openRawJson: button('openRawJson'),
      copyCurl: button('copyCurl'),
    };
    this.element = el(
      'div',
      { className: 'button-row', attrs: { role: 'toolbar', 'aria-label': strings.actionsLabel } },
      ...Object.values(this.buttons).map((b) => b.element),
    );
  }

  /** Enables exactly the named actions. */
  enable(actions: readonly ToolbarAction[]): void {
    for (const [type, handle] of Object.entries(this.buttons) as [ToolbarAction, ButtonHandle][]) handle.setDisabled(!actions.includes(type));
  }
}
