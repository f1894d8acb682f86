// Start date, end date, provider and Apply. Checks the range before anything is sent.
import { checkDateRange } from '../../domain/inputValidation';
import type { BloodPressureForm } from '../../domain/bloodPressureQuery';
import type { BloodPressureStrings, BloodPressureUserView } from '../../shared/bloodPressureProtocol';
import { el } from '../common/dom';
import { createButton, createDropdown, createTextField, type ButtonHandle } from '../common/toolkit';

const MESSAGE_ID = 'query-message';

export class QueryBar {
  readonly element: HTMLElement;
  readonly applyButton: ButtonHandle;
  private readonly start;
  private readonly end;
  private readonly provider;
  private readonly message: HTMLElement;

  constructor(
    private readonly strings: BloodPressureStrings,
    user: BloodPressureUserView,
    form: BloodPressureForm,
    private readonly onApply: (form: BloodPressureForm) => void,
  ) {
    const submit = (): void => this.submit();
    this.start = createTextField({ label: strings.startDate, value: form.startDate, placeholder: strings.startDatePlaceholder, size: 14, onEnter: submit });
    this.end = createTextField({ label: strings.endDate, value: form.endDate, placeholder: strings.endDatePlaceholder, size: 14, onEnter: submit });
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
    this.element = el(
      'div',
      { attrs: { role: 'group', 'aria-label': strings.queryLabel } },
      el('div', { className: 'form-row' }, this.start.element, this.end.element, this.provider.element, this.applyButton.element),
      this.message,
    );
  }

  setForm(form: BloodPressureForm): void {
    this.start.value = form.startDate;
    this.end.value = form.endDate;
    this.provider.value = form.provider;
    this.showProblem(undefined);
  }

  private submit(): void {
    const form: BloodPressureForm = {
      startDate: this.start.value.trim(),
      endDate: this.end.value.trim(),
      provider: this.provider.value,
    };
    const problem = checkDateRange(form.startDate, form.endDate);
    this.showProblem(problem);
    if (!problem) this.onApply(form);
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
