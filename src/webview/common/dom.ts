// Tiny DOM helpers. Text always goes in through textContent: API strings are never parsed as HTML.

type Child = Node | string | undefined;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { className?: string; text?: string; attrs?: Record<string, string> } = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (props.className) element.className = props.className;
  if (props.text !== undefined) element.textContent = props.text;
  for (const [name, value] of Object.entries(props.attrs ?? {})) element.setAttribute(name, value);
  for (const child of children) {
    if (child !== undefined) element.append(child);
  }
  return element;
}

export function clear(element: Element): void {
  element.replaceChildren();
}

/** Fills `{0}`, `{1}`… of a localized template the host sent. */
export function formatMessage(template: string, ...args: (string | number)[]): string {
  return template.replace(/\{(\d+)\}/g, (match, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? match : String(value);
  });
}

export function setHidden(element: HTMLElement, hidden: boolean): void {
  element.hidden = hidden;
}
