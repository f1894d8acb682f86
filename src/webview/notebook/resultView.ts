// One cell's output: what ran and how it ended, the assertions passed and failed, the error with
// its next step, the contract lens's line and list, the body as the panels show it, and the raw
// JSON. Every API string goes in as text (common/dom.ts); nothing here is global to the page.
import { deviationCount, type DeviationKind } from '../../api/contract/deviations';
import { deviationListLines, type DeviationWords } from '../../domain/requests/deviationPresentation';
import { ZoneCalendar } from '../../domain/zonedTime';
import type { CellResult } from '../../notebook/model';
import { assertionTally, requestLine, resultBodyView } from '../../notebook/resultPresentation';
import type { DeviationListStrings, NotebookOutputStrings, NotebookRendererStrings } from '../../shared/notebookRendererProtocol';
import { DeviationLine } from '../common/deviationLine';
import { el, formatMessage } from '../common/dom';
import { BloodPressureOutput } from './bloodPressureOutput';
import { markersOutput } from './markersOutput';
import { rawJsonView } from './rawJson';
import { UsersOutput } from './usersOutput';

export class ResultView {
  readonly element: HTMLElement;
  private readonly disposables: { dispose(): void }[] = [];
  private readonly attachedHooks: (() => void)[] = [];

  /** `openBody`: hands the result's whole body to the extension (absent when it does not listen). */
  constructor(result: CellResult, strings: NotebookRendererStrings, openBody?: (result: CellResult) => void) {
    const o = strings.output;
    const zone = new ZoneCalendar(result.timeZone);
    const line = requestLine(result.request);
    this.element = el(
      'article',
      { className: `hde-result outcome-${result.outcome}`, attrs: { 'aria-label': formatMessage(o.outputLabel, line || o.outputLabel), tabindex: '-1' } },
      header(result, line, o, strings.locale, zone),
      assertionsView(result, o),
      errorView(result, o),
      ...this.lensView(result, strings),
      this.bodyView(result, strings, zone),
      result.scrubbed ? el('p', { className: 'muted', text: formatMessage(o.scrubbed, result.scrubbed) }) : undefined,
      result.body !== undefined ? rawJsonView(result.body, o, strings.locale, openBody && (() => openBody(result))) : undefined,
    );
  }

  /** Called once the element is in the page: views that measure themselves draw now. */
  attached(): void {
    for (const hook of this.attachedHooks) hook();
  }

  dispose(): void {
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
  }

  private lensView(result: CellResult, strings: NotebookRendererStrings): HTMLElement[] {
    if (result.deviations.length === 0) return [];
    const list = el('pre', {
      className: 'deviation-list',
      text: deviationListLines(result.deviations, deviationWords(strings.deviationList, strings.locale)).join('\n'),
      attrs: { role: 'region', tabindex: '0', 'aria-label': strings.output.lensListLabel },
    });
    list.hidden = true;
    const lens = new DeviationLine(() => {
      list.hidden = !list.hidden;
      show?.setAttribute('aria-expanded', String(!list.hidden));
      if (show) show.textContent = list.hidden ? strings.deviationLine.show : strings.output.hideList;
    });
    lens.update({ type: 'deviations', load: 0, places: deviationCount(result.deviations), strings: strings.deviationLine });
    const show = lens.element.querySelector<HTMLElement>('.deviation-show');
    show?.setAttribute('aria-expanded', 'false');
    list.id = 'deviation-list';
    show?.setAttribute('aria-controls', list.id);
    // Dismiss hides the line for good: the list goes with it, and focus stays in this output.
    lens.element.querySelector('.deviation-dismiss')?.addEventListener('click', () => {
      list.hidden = true;
      this.element.focus();
    });
    return [lens.element, list];
  }

  private bodyView(result: CellResult, strings: NotebookRendererStrings, zone: ZoneCalendar): HTMLElement | undefined {
    const o = strings.output;
    const section = (heading: string, content: HTMLElement): HTMLElement =>
      el('section', { className: 'result-body' }, el('h3', { text: heading }), content);
    if (result.body === undefined && result.bodyOmittedBytes !== undefined) {
      return el('p', { className: 'muted', text: formatMessage(o.bodyOmitted, new Intl.NumberFormat(strings.locale).format(result.bodyOmittedBytes)) });
    }
    const view = resultBodyView(result);
    switch (view.kind) {
      case 'none':
        return result.outcome === 'ok' ? el('p', { className: 'muted', text: o.noBody }) : undefined;
      case 'json':
        return el('p', { className: 'note', text: o.unknownBody });
      case 'users': {
        const users = new UsersOutput(view.rows, view.total, o, strings.locale);
        this.disposables.push(users);
        return section(o.usersHeading, users.element);
      }
      case 'bloodPressure': {
        const ranAt = Date.parse(result.ranAt);
        const output = new BloodPressureOutput(view, strings, zone, Number.isFinite(ranAt) ? ranAt : Date.now());
        this.disposables.push(output);
        this.attachedHooks.push(() => output.attached());
        return section(o.bloodPressureHeading, output.element);
      }
      case 'markers':
        return section(o.markersHeading, markersOutput(view, strings));
    }
  }
}

function header(result: CellResult, line: string, o: NotebookOutputStrings, locale: string, zone: ZoneCalendar): HTMLElement {
  const numbers = new Intl.NumberFormat(locale);
  const seconds = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  // A request that succeeded with a failed check is headed by what failed, never "Succeeded".
  const failedChecks = result.outcome === 'ok' ? result.assertions.filter((assertion) => !assertion.passed).map((assertion) => assertion.text) : [];
  const state = failedChecks.length > 0 ? 'failed' : result.outcome;
  const outcome = failedChecks.length > 0 ? ['✗', formatMessage(o.outcomeChecksFailed, failedChecks.join('; '))] : { ok: ['✓', o.outcomeOk], error: ['✗', o.outcomeError], cancelled: ['■', o.outcomeCancelled] }[result.outcome];
  const facts = [
    result.status !== undefined ? formatMessage(o.status, result.status) : o.noStatus,
    result.ms < 1000 ? formatMessage(o.durationMs, numbers.format(Math.round(result.ms))) : formatMessage(o.durationSeconds, seconds.format(result.ms / 1000)),
    result.pages === 1 ? o.pageOne : formatMessage(o.pages, numbers.format(result.pages)),
    formatMessage(o.environment, result.environment.label || result.environment.id),
  ];
  const ranAt = Date.parse(result.ranAt);
  if (Number.isFinite(ranAt)) facts.push(formatMessage(o.ranAt, `${zone.formatWallTime(ranAt)} ${zone.zone}`));
  return el(
    'div',
    { className: 'result-header' },
    el('span', { className: `outcome outcome-${state}` }, el('span', { className: 'icon', text: outcome[0], attrs: { 'aria-hidden': 'true' } }), outcome[1]),
    el('code', { className: 'request-line', text: line, attrs: result.operation ? { title: result.operation } : {} }),
    el('span', { className: 'facts muted', text: facts.join(' · ') }),
  );
}

/** The message without the place that leads it: the row names the line itself. */
function withoutPlace(assertion: CellResult['assertions'][number]): string {
  const lead = assertion.place === undefined ? undefined : `${assertion.place}: `;
  return lead !== undefined && assertion.message.startsWith(lead) ? assertion.message.slice(lead.length) : assertion.message;
}

function assertionsView(result: CellResult, o: NotebookOutputStrings): HTMLElement | undefined {
  if (result.assertions.length === 0) return undefined;
  const { passed, failed } = assertionTally(result.assertions);
  const items = result.assertions.map((assertion) => {
    const state = assertion.passed ? 'passed' : 'failed';
    const where = [formatMessage(o.assertionLine, assertion.line), ...(assertion.section ? [formatMessage(o.specSection, assertion.section)] : [])].join(' · ');
    return el(
      'li',
      { className: `assertion ${state}` },
      el('span', { className: 'icon', text: assertion.passed ? '✓' : '✗', attrs: { 'aria-hidden': 'true' } }),
      el('span', { className: 'verdict', text: assertion.passed ? o.assertionPassed : o.assertionFailed }),
      el('code', { text: assertion.text }),
      assertion.message ? el('span', { className: 'message', text: withoutPlace(assertion) }) : undefined,
      el('span', { className: 'muted where', text: where }),
    );
  });
  return el(
    'section',
    { className: 'assertions' },
    el('h3', { text: `${o.assertionsHeading}: ${formatMessage(o.assertionsSummary, passed, failed)}` }),
    el('ul', {}, ...items),
  );
}

function errorView(result: CellResult, o: NotebookOutputStrings): HTMLElement | undefined {
  if (result.outcome === 'ok' || !result.error) return undefined;
  const { message, line, nextStep } = result.error;
  return el(
    'div',
    { className: `error-box result-error ${result.outcome}`, attrs: { role: 'alert' } },
    el('h3', { text: result.outcome === 'cancelled' ? o.cancelledHeading : o.errorHeading }),
    el('p', { className: 'error-message', text: message }),
    line !== undefined ? el('p', { className: 'muted', text: formatMessage(o.errorLine, line) }) : undefined,
    nextStep ? el('p', { className: 'next-step', text: formatMessage(o.nextStep, nextStep) }) : undefined,
  );
}

/** The lens's list words from their templates (the same words as src/l10n/deviationStrings.ts). */
export function deviationWords(s: DeviationListStrings, locale: string): DeviationWords {
  const numbers = new Intl.NumberFormat(locale);
  return {
    deviations: (count) => String(count),
    heading: (deviations, places) =>
      deviations === 1 && places === 1
        ? s.headingOne
        : deviations === 1
          ? formatMessage(s.headingOnePlaces, numbers.format(places))
          : formatMessage(s.heading, numbers.format(deviations), numbers.format(places)),
    kind: (kind: DeviationKind) => s.kinds[kind] ?? kind,
    occurrences: (count, of) => formatMessage(s.occurrences, numbers.format(count), numbers.format(of)),
    sent: (value) => formatMessage(s.sent, value),
    spec: (section, says) => formatMessage(s.spec, section, says),
    request: s.request,
  };
}
