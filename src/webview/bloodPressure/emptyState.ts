// A query without readings: what was asked, and (once the host found them) the nearest readings
// before and after the range, each with a button that shows the 30 days around it.
import { formEndingOn, formStartingOn, type BloodPressureForm } from '../../domain/bloodPressure/bloodPressureQuery';
import type { BloodPressureHostMessage, BloodPressureRenderSnapshot, BloodPressureStrings } from '../../shared/bloodPressureProtocol';
import { el, formatMessage } from '../common/dom';
import { createButton } from '../common/toolkit';

type Nearest = Extract<BloodPressureHostMessage, { type: 'nearest' }>;

export class EmptyState {
  /** The days found, for the render snapshot. */
  nearest: BloodPressureRenderSnapshot['nearest'];

  constructor(
    private readonly strings: BloodPressureStrings,
    private readonly container: HTMLElement,
    private readonly apply: (form: BloodPressureForm) => void,
  ) {}

  clear(): void {
    this.nearest = undefined;
  }

  show(form: BloodPressureForm, cancelled: boolean): void {
    const s = this.strings;
    const end = form.endDate || s.openEnd;
    const text = form.provider
      ? formatMessage(s.emptyMessage, form.startDate, end, form.provider)
      : formatMessage(s.emptyMessageAllProviders, form.startDate, end);
    const nearest = el('div', { className: 'nearest muted', text: cancelled ? '' : s.nearestSearching });
    this.container.replaceChildren(
      el('div', { className: 'empty-box', attrs: { role: 'status' } }, el('h2', { text: s.emptyTitle }), el('p', { text }), nearest),
    );
  }

  showNearest(message: Nearest, form: BloodPressureForm): void {
    this.nearest = {
      ...(message.beforeDay ? { beforeDay: message.beforeDay } : {}),
      ...(message.afterDay ? { afterDay: message.afterDay } : {}),
    };
    const s = this.strings;
    const nearest = this.container.querySelector<HTMLElement>('.nearest');
    if (!nearest) return;
    const parts: HTMLElement[] = [];
    if (message.beforeDay) {
      const day = message.beforeDay;
      parts.push(el('span', { text: formatMessage(s.nearestBefore, day) }));
      parts.push(createButton(s.showAround, () => this.apply(formEndingOn(form, day))).element);
    }
    if (message.afterDay) {
      const day = message.afterDay;
      parts.push(el('span', { text: formatMessage(s.nearestAfter, day) }));
      parts.push(createButton(s.showAround, () => this.apply(formStartingOn(form, day))).element);
    }
    if (parts.length === 0) parts.push(el('span', { text: s.nearestNone }));
    nearest.replaceChildren(...parts);
  }
}
