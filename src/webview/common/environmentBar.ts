// The bar above a panel that says which environment its data comes from. Production gets its own
// badge; when the active environment differs, "Open in <active>" is offered. Built once, updated.
import type { PanelActionMessage } from '../../shared/panelActions';
import type { PanelEnvironmentMessage } from '../../shared/panelEnvironment';
import { el, formatMessage } from './dom';
import { createButton, type ButtonHandle } from './toolkit';

type EnvironmentAction = Extract<PanelActionMessage, { type: 'openInActiveEnvironment' | 'compareEnvironments' }>;

export class EnvironmentBar {
  readonly element = el('div', { className: 'environment-bar', attrs: { role: 'region' } });
  private readonly badge = el('span', { className: 'environment-badge' });
  private readonly name = el('span', { className: 'environment-name' });
  private openIn: ButtonHandle | undefined;
  private compare: ButtonHandle | undefined;

  constructor(private readonly post: (message: EnvironmentAction) => void) {
    this.element.append(this.badge, this.name);
  }

  update(message: PanelEnvironmentMessage): void {
    const { view, strings } = message;
    this.element.setAttribute('aria-label', strings.barLabel);
    this.element.dataset.environment = view.id;
    this.element.classList.toggle('production', view.production);
    this.badge.textContent = view.production ? strings.production : '';
    this.badge.hidden = !view.production;
    this.name.textContent = view.label;
    this.compare ??= this.button(strings.compare, { type: 'compareEnvironments' });
    this.compare.element.hidden = !view.canCompare;
    this.openIn ??= this.button('', { type: 'openInActiveEnvironment' });
    this.openIn.element.textContent = view.activeLabel ? formatMessage(strings.openIn, view.activeLabel) : '';
    this.openIn.element.hidden = view.activeLabel === undefined;
  }

  private button(label: string, message: EnvironmentAction): ButtonHandle {
    const handle = createButton(label, () => this.post(message));
    handle.element.classList.add('environment-action');
    handle.element.setAttribute('appearance', 'secondary');
    this.element.append(handle.element);
    return handle;
  }
}
