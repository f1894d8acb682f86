// Start date, end date, provider, Apply, and the range presets. Checks the range before anything is
// sent. The date fields are plain text a keyboard user types into; Up/Down step them by a day.
import { checkDateRange } from '../../domain/inputValidation';
import { sameBloodPressureForm, type BloodPressureForm } from '../../domain/bloodPressure/bloodPressureQuery';
import { presetForm, presetOf, RANGE_PRESETS, stepDay, type RangePreset } from '../../domain/bloodPressure/bloodPressureRangePresets';
import type { BloodPressureStrings, BloodPressureUserView } from '../../shared/bloodPressureProtocol';
import { el, formatMessage } from '../common/dom';
import { createButton, createDropdown, createTextField, type ButtonHandle } from '../common/toolkit';

const MESSAGE_ID = 'query-message';

export class QueryBar {
  readonly element: HTMLElement;
  readonly applyButton: ButtonHandle;
  private readonly start;
  private readonly end;
  private readonly provider;
  private readonly message: HTMLElement;
  private readonly presets = new Map<RangePreset, ButtonHandle>();
  /** Queries this bar sent whose `loading` has not come back from the host yet, oldest first. */
  private readonly unanswered: BloodPressureForm[] = [];

  constructor(
    private readonly strings: BloodPressureStrings,
    private readonly user: BloodPressureUserView,
    form: BloodPressureForm,
    /** Today in the user's zone: where the presets end. */
    private readonly today: () => string,
    private readonly onApply: (form: BloodPressureForm) => void,
  ) {
    const submit = (): void => this.submit();
    this.start = createTextField({ label: strings.startDate, value: form.startDate, placeholder: strings.startDatePlaceholder, size: 14, onEnter: submit });
    this.end = createTextField({ label: strings.endDate, value: form.endDate, placeholder: strings.endDatePlaceholder, size: 14, onEnter: submit });
    for (const field of [this.start, this.end]) {
      field.element.setAttribute('title', strings.dateFieldHint);
      field.element.addEventListener('keydown', (event) => {
        if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
        const stepped = stepDay(field.value, event.key === 'ArrowUp' ? 1 : -1);
        if (stepped === field.value) return;
        event.preventDefault();
        field.value = stepped;
        this.markPreset();
      });
      field.element.addEventListener('input', () => this.markPreset());
    }
    const known = user.providers.some((p) => p.slug === form.provider);
    const choices = [
      { value: '', label: strings.allProviders },
      ...user.providers.map((p) => ({ value: p.slug, label: `${p.name} (${p.slug})` })),
      // A restored or passed-in provider the user no longer has connected stays selectable.
      ...(form.provider && !known ? [{ value: form.provider, label: form.provider }] : []),
    ];
    this.provider = createDropdown({ id: 'provider', label: strings.provider, choices, value: form.provider });
    this.applyButton = createButton(strings.apply, submit, { appearance: 'primary' });
    this.message = el('div', { className: 'form-message', attrs: { id: MESSAGE_ID, 'aria-live': 'assertive' } });
    const presetRow = el('div', { className: 'preset-row', attrs: { role: 'group', 'aria-label': strings.presetsLabel } });
    for (const preset of RANGE_PRESETS) {
      const button = createButton(this.presetLabel(preset), () => this.applyPreset(preset), { title: this.presetHint(preset) });
      button.element.classList.add('preset');
      button.element.dataset.preset = preset;
      if (preset === 'sinceIngestion' && !user.ingestionStartDay) button.setDisabled(true);
      this.presets.set(preset, button);
      presetRow.append(button.element);
    }
    this.element = el(
      'div',
      { attrs: { role: 'group', 'aria-label': strings.queryLabel } },
      el('div', { className: 'form-row' }, this.start.element, this.end.element, presetRow, this.provider.element, this.applyButton.element),
      this.message,
    );
    this.markPreset();
  }

  /** Shows `form` in the fields and sends it (a query chosen outside the bar, e.g. "show around"). */
  apply(form: BloodPressureForm): void {
    this.setForm(form);
    this.send(form);
  }

  /**
   * The host's `loading` of `form`. The host echoes every query this bar sends, and on a busy
   * machine the echo can come seconds later, when the user is already typing the next range: an
   * echo leaves the fields as they are. A query from elsewhere (the tree, a command) is shown, and
   * the echoes still to come are then shown too: each is the load in view once it arrives.
   */
  showLoading(form: BloodPressureForm): void {
    const echoed = this.unanswered.findIndex((sent) => sameBloodPressureForm(sent, form));
    if (echoed >= 0) return void this.unanswered.splice(0, echoed + 1);
    this.unanswered.length = 0;
    this.setForm(form);
  }

  private send(form: BloodPressureForm): void {
    this.unanswered.push(form);
    this.onApply(form);
  }

  private setForm(form: BloodPressureForm): void {
    this.start.value = form.startDate;
    this.end.value = form.endDate;
    this.provider.value = form.provider;
    this.showProblem(undefined);
    this.markPreset();
  }

  /** The preset the fields match, if any (its button shows as pressed). */
  get activePreset(): RangePreset | undefined {
    return presetOf(this.currentForm(), this.today(), this.user.ingestionStartDay);
  }

  private applyPreset(preset: RangePreset): void {
    const form = presetForm(this.currentForm(), preset, this.today(), this.user.ingestionStartDay);
    if (!form) return;
    this.apply(form);
  }

  private markPreset(): void {
    const active = this.activePreset;
    for (const [preset, button] of this.presets) {
      button.element.setAttribute('aria-pressed', String(preset === active));
      button.element.setAttribute('appearance', preset === active ? 'primary' : 'secondary');
    }
  }

  private presetLabel(preset: RangePreset): string {
    const s = this.strings;
    return { last7: s.presetLast7, last30: s.presetLast30, last90: s.presetLast90, lastYear: s.presetLastYear, sinceIngestion: s.presetSinceIngestion }[preset];
  }

  private presetHint(preset: RangePreset): string {
    if (preset === 'sinceIngestion') {
      const day = this.user.ingestionStartDay;
      return day ? formatMessage(this.strings.presetSinceIngestionHint, day) : this.strings.presetSinceIngestionNone;
    }
    const form = presetForm(this.currentForm(), preset, this.today(), undefined);
    return formatMessage(this.strings.presetLastHint, form?.startDate ?? '');
  }

  private currentForm(): BloodPressureForm {
    return { startDate: this.start.value.trim(), endDate: this.end.value.trim(), provider: this.provider.value };
  }

  private submit(): void {
    const form = this.currentForm();
    const problem = checkDateRange(form.startDate, form.endDate);
    this.showProblem(problem);
    if (!problem) this.send(form);
  }

  private showProblem(problem: ReturnType<typeof checkDateRange>): void {
    const onStart = problem === 'startMissing' || problem === 'startInvalid';
    const onEnd = problem === 'endInvalid' || problem === 'endBeforeStart';
    this.start.setInvalid(onStart, MESSAGE_ID);
    this.end.setInvalid(onEnd, MESSAGE_ID);
    this.message.textContent = problem ? this.strings[problem] : '';
    if (onStart) this.start.focus();
    if (onEnd) this.end.focus();
  }
}
