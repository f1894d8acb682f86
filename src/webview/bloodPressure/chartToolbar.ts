// The line above the chart: the zoom keys, the range in view and Reset zoom.
import type { BloodPressureStrings } from '../../shared/bloodPressureProtocol';
import { el } from '../common/dom';
import { createButton, type ButtonHandle } from '../common/toolkit';

export class ChartToolbar {
  readonly element: HTMLElement;
  private readonly resetZoom: ButtonHandle;
  private readonly rangeText = el('span', { className: 'chart-range', attrs: { 'aria-live': 'polite' } });

  constructor(strings: BloodPressureStrings, onResetZoom: () => void) {
    this.resetZoom = createButton(strings.resetZoom, onResetZoom, { title: strings.resetZoomHint });
    this.resetZoom.element.classList.add('reset-zoom');
    this.resetZoom.setDisabled(true);
    this.element = el(
      'div',
      { className: 'chart-toolbar' },
      el('span', { className: 'muted chart-keys', text: strings.zoomHint, attrs: { id: 'chart-keys' } }),
      this.rangeText,
      this.resetZoom.element,
    );
  }

  /** The range in view, and whether it is zoomed (Reset zoom is enabled then). */
  show(range: string, zoomed: boolean): void {
    if (this.rangeText.textContent !== range) this.rangeText.textContent = range;
    this.resetZoom.setDisabled(!zoomed);
  }
}
