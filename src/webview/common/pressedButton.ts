// A toolkit button's look as pressed (primary) or not. The attribute alone can lose a race with the
// element reflecting its own `appearance` property back to the attribute (seen when the page is
// rebuilt after its tab comes back): both are set.
export function setAppearance(element: HTMLElement, appearance: 'primary' | 'secondary'): void {
  element.setAttribute('appearance', appearance);
  (element as HTMLElement & { appearance?: string }).appearance = appearance;
}
