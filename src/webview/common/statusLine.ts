// The progress row of a panel: a ring, Cancel and the progress text. Its elements are built once and
// only updated, so Cancel stays the same node at the same place for a whole load and a mouse press
// that spans several progress updates still lands on it (the text sits after Cancel, so its growth
// never pushes the button).
import { el } from './dom';
import { createButton, createProgressRing, type ButtonHandle } from './toolkit';

export class StatusLine {
  readonly element = el('div', { className: 'status-line' });
  private readonly ring = createProgressRing('');
  private readonly cancel: ButtonHandle;
  // Only the text is the live region: screen readers hear the progress, not the button's label.
  private readonly text = el('span', { className: 'status-text', attrs: { role: 'status', 'aria-live': 'polite' } });

  constructor(cancelLabel: string, onCancel: () => void) {
    this.cancel = createButton(cancelLabel, onCancel);
    this.cancel.element.classList.add('status-cancel');
    this.element.append(this.ring, this.cancel.element, this.text);
    this.show(false, '');
  }

  /** The progress or summary text shown (render snapshots). */
  get shownText(): string {
    return this.text.textContent ?? '';
  }

  /**
   * Holds the ring still (pages waiting to be taken in: nothing on the line changes until they
   * are) or lets it turn. Its animation is in the toolkit element's shadow tree, paused there
   * through one shared style sheet.
   */
  hold(held: boolean): void {
    if (held === this.ring.classList.contains('held')) return;
    const root = this.ring.shadowRoot;
    if (held && root && !root.adoptedStyleSheets.includes(heldRingSheet())) root.adoptedStyleSheets = [...root.adoptedStyleSheets, heldRingSheet()];
    this.ring.classList.toggle('held', held);
  }

  /** Busy shows the ring and Cancel; the text is the progress or, when done, the summary. */
  show(busy: boolean, text: string): void {
    this.ring.hidden = !busy;
    this.ring.setAttribute('aria-label', text);
    this.cancel.element.hidden = !busy;
    this.cancel.setDisabled(!busy);
    if (this.text.textContent !== text) this.text.textContent = text;
  }
}

let heldSheet: CSSStyleSheet | undefined;

function heldRingSheet(): CSSStyleSheet {
  if (!heldSheet) {
    heldSheet = new CSSStyleSheet();
    heldSheet.replaceSync(':host(.held) * { animation-play-state: paused !important; }');
  }
  return heldSheet;
}
