// The contract lens's line above a panel: "This response differs from the spec in 3 places", Show
// (the host opens the list) and Dismiss (hidden for the rest of that load). Built once, updated.
import type { PanelActionMessage } from '../../shared/panelActions';
import type { PanelDeviationsMessage } from '../../shared/panelDeviations';
import { el, formatMessage } from './dom';
import { createButton, type ButtonHandle } from './toolkit';

export class DeviationLine {
  readonly element = el('div', { className: 'deviation-line', attrs: { role: 'status' } });
  private readonly text = el('span', { className: 'deviation-text' });
  private readonly show: ButtonHandle;
  private readonly dismiss: ButtonHandle;
  private load: number | undefined;
  private dismissedLoad: number | undefined;

  constructor(post: (message: Extract<PanelActionMessage, { type: 'showDeviations' }>) => void) {
    this.show = createButton('', () => post({ type: 'showDeviations' }));
    this.show.element.classList.add('deviation-show');
    this.dismiss = createButton('', () => this.hideForThisLoad());
    this.dismiss.element.classList.add('deviation-dismiss');
    this.element.append(this.text, this.show.element, this.dismiss.element);
    this.element.hidden = true;
  }

  update(message: PanelDeviationsMessage): void {
    const { strings } = message;
    this.load = message.load;
    this.element.setAttribute('aria-label', strings.label);
    this.text.textContent = message.text ?? (message.places === 1 ? strings.lineOne : formatMessage(strings.line, message.places));
    this.show.element.textContent = strings.show;
    this.dismiss.element.textContent = strings.dismiss;
    this.element.hidden = message.places === 0 || this.dismissedLoad === message.load;
  }

  private hideForThisLoad(): void {
    this.dismissedLoad = this.load;
    const hadFocus = this.element.contains(document.activeElement);
    this.element.hidden = true;
    // Focus must not fall to the body (and out of the panel's tab cycle) with the line gone.
    if (hadFocus) document.querySelector<HTMLElement>('vscode-button:not([hidden]), vscode-text-field, button, [tabindex="0"]')?.focus();
  }
}
