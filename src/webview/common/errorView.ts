import type { PanelErrorAction, PanelErrorView } from '../../shared/panelError';
import { el } from './dom';
import { createButton } from './toolkit';

export function renderErrorView(
  container: HTMLElement,
  error: PanelErrorView,
  onAction: (action: PanelErrorAction) => void,
): void {
  const heading = el('h2', { text: error.title, attrs: { tabindex: '-1' } });
  const box = el('div', { className: 'error-box', attrs: { role: 'alert' } }, heading, el('p', { text: error.message }));
  if (error.fields.length > 0) {
    const list = el('dl', { className: 'error-fields' });
    for (const field of error.fields) list.append(el('dt', { text: field.field }), el('dd', { text: field.message }));
    box.append(list);
  }
  const actions = el('div', { className: 'button-row' });
  error.actions.forEach(({ action, label }, index) => {
    actions.append(createButton(label, () => onAction(action), { appearance: index === 0 ? 'primary' : 'secondary' }).element);
  });
  if (error.actions.length > 0) box.append(actions);
  container.replaceChildren(box);
  heading.focus();
}

/** The part of a render snapshot that describes a shown error (tests read the actions and fields). */
export function errorSnapshot(error: PanelErrorView | undefined): { error?: { actions: PanelErrorAction[]; fields: string[] } } {
  return error ? { error: { actions: error.actions.map((a) => a.action), fields: error.fields.map((f) => f.field) } } : {};
}
