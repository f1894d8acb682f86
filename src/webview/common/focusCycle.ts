// Tab and Shift+Tab go round the panel's own controls: after the last one Tab comes back to the
// first (the environment bar at the top), as in an editor, instead of leaving for the workbench's
// title bar and menus while the webview looks as if nothing had focus. The rest of the workbench
// stays one key away (Ctrl+1, F6, Ctrl+Tab…).

const TOOLKIT = 'vscode-button, vscode-text-field, vscode-dropdown, vscode-checkbox, vscode-link';

/** Elements that take focus by themselves, the toolkit's controls included (focus lands on their host). */
const FOCUSABLE = ['a[href]', 'button', 'input', 'select', 'textarea', '[tabindex]', TOOLKIT].join(',');

/** The controls Tab stops at, in document order. */
export function tabStops(root: ParentNode = document): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => {
    // A toolkit control delegates focus to the input in its shadow root: its host may report
    // tabIndex -1 and still be a Tab stop, unless told otherwise.
    const toolkit = element.matches(TOOLKIT);
    const reachable = toolkit ? element.getAttribute('tabindex') !== '-1' : element.tabIndex >= 0;
    return (
      reachable &&
      !element.hasAttribute('disabled') &&
      element.getAttribute('aria-disabled') !== 'true' &&
      !element.closest('[hidden], [inert]') &&
      element.getClientRects().length > 0 &&
      // A toolkit control's inner elements are reached through its host.
      !element.parentElement?.closest(TOOLKIT)
    );
  });
}

/** Keeps Tab and Shift+Tab inside the document: past the last control comes the first, and back. */
export function cycleFocusWithinPanel(doc: Document = document): void {
  doc.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      const stops = tabStops(doc);
      if (stops.length === 0) return;
      const active = doc.activeElement;
      // Nothing focused yet: the browser starts from where the user clicked, or from the top.
      if (!active || active === doc.body) return;
      const inside = (stop: HTMLElement): boolean => stop === active || stop.contains(active);
      const follows = (stop: HTMLElement): boolean => (active.compareDocumentPosition(stop) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0 && !inside(stop);
      const precedes = (stop: HTMLElement): boolean => (active.compareDocumentPosition(stop) & Node.DOCUMENT_POSITION_PRECEDING) !== 0 && !inside(stop);
      // Within the controls the browser moves focus itself; only at either end does it wrap round.
      const hasNext = event.shiftKey ? stops.some(precedes) : stops.some(follows);
      if (hasNext) return;
      event.preventDefault();
      (event.shiftKey ? stops[stops.length - 1]! : stops[0]!).focus();
    },
    true,
  );
}
