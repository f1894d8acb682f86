// The Diagnose Data page: the user and the environment, the window picker, progress with Cancel,
// then the findings grouped by severity, each with its evidence, a next step and links to the
// evidence (the blood-pressure panel at that range, the raw response, the request log).
import type {
  DiagnosisHostMessage,
  DiagnosisPanelState,
  DiagnosisRenderSnapshot,
  DiagnosisStrings,
  DiagnosisWebviewMessage,
  FindingView,
} from '../../shared/diagnosisProtocol';
import type { DayRange } from '../../domain/coverage/bloodPressureCoverage';
import { dayCount } from '../../domain/dayKeys';
import { assertNever } from '../../shared/assertNever';
import { setAppearance } from '../common/pressedButton';
import { el, formatMessage } from '../common/dom';
import type { HostChannel } from '../common/hostChannel';
import { PanelPage } from '../common/panelPage';
import { createButton, type ButtonHandle } from '../common/toolkit';

type Channel = HostChannel<DiagnosisWebviewMessage, DiagnosisPanelState>;
type Init = Extract<DiagnosisHostMessage, { type: 'init' }>;
type Result = Extract<DiagnosisHostMessage, { type: 'result' }>;

export class DiagnosisView {
  private readonly strings: DiagnosisStrings;
  private readonly page: PanelPage;
  private readonly numbers: Intl.NumberFormat;
  private readonly windows = new Map<number, ButtonHandle>();
  private readonly findings = el('div', { className: 'findings' });
  /** The headline findings in the scan's words, so the two say the same thing. */
  private readonly inShort = el('p', { className: 'in-short' });
  /** What the diagnosis read: the window only, or how far back it went while a source had no reading. */
  private readonly read = el('p', { className: 'muted read-range' });
  private phase: DiagnosisRenderSnapshot['phase'] = 'loading';
  private days: number;
  private shown: FindingView[] = [];
  private headline: string[] = [];

  constructor(
    private readonly init: Init,
    private readonly channel: Channel,
  ) {
    const s = (this.strings = init.strings);
    this.page = new PanelPage(init, s, channel);
    this.numbers = this.page.numbers;
    this.days = init.days;
    const picker = el('div', { className: 'preset-row window-picker', attrs: { role: 'group', 'aria-label': s.windowLabel } });
    for (const days of init.windows) {
      const button = createButton(formatMessage(s.windowPreset, days), () => channel.post({ type: 'setWindow', days }), {
        title: formatMessage(s.windowHint, days),
      });
      button.element.classList.add('preset');
      button.element.dataset.days = String(days);
      this.windows.set(days, button);
      picker.append(button.element);
    }
    this.page.mount(
      ...this.page.header(formatMessage(s.heading, init.clientUserId), `${init.userId} · `),
      el('div', { className: 'form-row' }, el('span', { className: 'field-label', text: s.windowLabel }), picker),
      this.page.status.element,
      this.read,
      this.inShort,
      this.page.message,
      this.findings,
    );
    this.inShort.hidden = true;
    this.read.hidden = true;
    this.markWindow();
    this.saveState();
  }

  handle(message: Exclude<DiagnosisHostMessage, Init>): void {
    switch (message.type) {
      case 'loading':
        this.days = message.days;
        this.phase = 'loading';
        this.shown = [];
        this.showHeadline([]);
        this.markWindow();
        this.saveState();
        this.page.clearMessage();
        this.findings.replaceChildren();
        this.read.hidden = true;
        this.page.status.show(true, this.strings.loading);
        return this.report();
      case 'progress':
        this.page.status.show(true, formatMessage(this.strings.loadingPages, message.pages, this.numbers.format(message.readings)));
        return;
      case 'result':
        return this.showResult(message);
      case 'cancelled':
        this.phase = 'cancelled';
        this.page.status.show(false, this.strings.cancelled);
        return this.report();
      case 'error':
        this.phase = 'error';
        this.read.hidden = true;
        this.showHeadline([]);
        this.findings.replaceChildren();
        this.page.showError(message.error);
        return this.report();
      default:
        assertNever(message);
    }
  }

  private showResult(result: Result): void {
    const s = this.strings;
    this.phase = 'result';
    this.days = result.days;
    this.shown = result.findings;
    this.showHeadline(result.headline);
    this.markWindow();
    this.page.status.show(false, formatMessage(s.summary, result.window.firstDay, result.window.lastDay, result.timeZone, this.numbers.format(result.readingsInWindow)));
    this.read.textContent = readText(s, result.window, result.read);
    this.read.hidden = false;
    this.page.clearMessage();
    const groups: [FindingView['severity'], string][] = [
      ['problem', s.problems],
      ['warning', s.warnings],
      ['info', s.facts],
    ];
    const sections: HTMLElement[] = [];
    for (const [severity, heading] of groups) {
      const items = result.findings.filter((f) => f.severity === severity);
      if (items.length === 0 && severity !== 'problem') continue;
      const list = el('ul', { className: 'finding-list' });
      for (const finding of items) list.append(this.findingItem(finding));
      const section = el('section', { className: `severity-${severity}`, attrs: { 'aria-label': heading } }, el('h2', { text: heading }));
      if (items.length === 0) {
        const none = result.findings.length === 0 ? s.noFindings : s.noProblems;
        section.append(el('div', { className: 'empty-box', attrs: { role: 'status' } }, el('p', { text: none })));
      } else section.append(list);
      sections.push(section);
    }
    this.findings.replaceChildren(...sections);
    this.report();
  }

  private findingItem(finding: FindingView): HTMLElement {
    const s = this.strings;
    const severityLabel = { problem: s.severityProblem, warning: s.severityWarning, info: s.severityInfo }[finding.severity];
    const links = el('div', { className: 'button-row', attrs: { role: 'group', 'aria-label': s.linksLabel } });
    const range = finding.range;
    if (range) {
      const show = createButton(s.showBloodPressure, () => this.channel.post({ type: 'showBloodPressure', range }), {
        title: formatMessage(s.showBloodPressureHint, range.startDate, range.endDate),
      });
      links.append(show.element);
    }
    links.append(createButton(s.openRawJson, () => this.channel.post({ type: 'openRawJson' })).element);
    links.append(createButton(s.showRequestLog, () => this.channel.post({ type: 'showRequestLog' })).element);
    return el(
      'li',
      { className: `finding finding-${finding.severity}`, attrs: { 'data-kind': finding.kind } },
      el('h3', {}, el('span', { className: 'severity-tag', text: severityLabel }), el('span', { text: finding.title })),
      el(
        'dl',
        { className: 'finding-facts' },
        el('dt', { text: s.evidence }),
        el('dd', { text: finding.evidence }),
        el('dt', { text: s.nextStep }),
        el('dd', { text: finding.nextStep }),
      ),
      links,
    );
  }

  private showHeadline(headline: string[]): void {
    this.headline = headline;
    this.inShort.textContent = headline.length > 0 ? formatMessage(this.strings.inShort, headline.join(', ')) : '';
    this.inShort.hidden = headline.length === 0;
  }

  private markWindow(): void {
    for (const [days, button] of this.windows) {
      button.element.setAttribute('aria-pressed', String(days === this.days));
      setAppearance(button.element, days === this.days ? 'primary' : 'secondary');
    }
  }

  private saveState(): void {
    this.channel.saveState({ version: 1, userId: this.init.userId, clientUserId: this.init.clientUserId, days: this.days });
  }

  private report(): void {
    this.channel.post({
      type: 'rendered',
      snapshot: {
        phase: this.phase,
        environment: document.querySelector('.environment')?.textContent ?? '',
        days: this.days,
        headline: this.headline,
        read: this.read.hidden ? '' : (this.read.textContent ?? ''),
        findings: this.shown.map((f) => ({ kind: f.kind, severity: f.severity, title: f.title, hasRange: f.range !== undefined })),
        ...this.page.errorSnapshot(),
      },
    });
  }
}

/** "Read the window only (…)", or how far before it the diagnosis went while a source had no reading yet. */
function readText(s: DiagnosisStrings, window: DayRange, read: DayRange): string {
  const before = dayCount(read.firstDay, window.firstDay) - 1;
  return before > 0 ? formatMessage(s.readFurther, read.firstDay, read.lastDay, before) : formatMessage(s.readWindowOnly, window.firstDay, window.lastDay);
}
