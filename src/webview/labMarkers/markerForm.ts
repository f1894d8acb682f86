// The lab-markers query: ids of the lab test (or of the order set and its add-ons), the optional
// lab account, page and size. Problems are shown inline and nothing is sent.
import { checkLabMarkersForm, type LabMarkersForm, type LabMarkersFormProblem } from '../../domain/labs/labMarkersForm';
import { MARKER_PAGE_SIZE_MAX, parseIdList, parsePositiveInteger } from '../../domain/labs/markerTable';
import type { LabMarkersStrings } from '../../shared/labMarkersProtocol';
import { el, formatMessage } from '../common/dom';
import { createButton, createTextField, type ButtonHandle, type TextFieldHandle } from '../common/toolkit';

const MESSAGE_ID = 'form-message';

export class MarkerForm {
  readonly element: HTMLElement;
  readonly applyButton: ButtonHandle;
  private readonly ids: TextFieldHandle;
  private readonly providerIds: TextFieldHandle | undefined;
  private readonly account: TextFieldHandle;
  private readonly page: TextFieldHandle;
  private readonly size: TextFieldHandle;
  private readonly message: HTMLElement;

  constructor(
    private readonly strings: LabMarkersStrings,
    private form: LabMarkersForm,
    private readonly onSubmit: (form: LabMarkersForm) => void,
  ) {
    const submit = (): void => this.submit();
    const field = (label: string, value: string, size: number, placeholder?: string): TextFieldHandle =>
      createTextField({ label, value, size, onEnter: submit, ...(placeholder ? { placeholder } : {}) });
    const { source } = form;
    const optional = (label: string): string => `${label} ${strings.optional}`;
    if (source.kind === 'labTest') {
      this.ids = field(strings.labTestId, source.labTestId, 28);
      this.providerIds = undefined;
    } else {
      this.ids = field(strings.labTestIds, source.labTestIds.join(', '), 32, strings.idsPlaceholder);
      this.providerIds = field(strings.providerIds, source.providerIds.join(', '), 28, strings.idsPlaceholder);
    }
    this.account = field(optional(strings.labAccountId), source.labAccountId, 20);
    this.page = field(strings.page, String(form.page), 5);
    this.size = field(formatMessage(strings.size, MARKER_PAGE_SIZE_MAX), String(form.size), 5);
    this.applyButton = createButton(strings.apply, submit, { appearance: 'primary' });
    this.message = el('div', { className: 'form-message', attrs: { id: MESSAGE_ID, 'aria-live': 'assertive' } });
    const fields = [this.ids.element, this.providerIds?.element, this.account.element, this.page.element, this.size.element];
    this.element = el(
      'div',
      { attrs: { role: 'group', 'aria-label': source.kind === 'labTest' ? strings.labTestTitle : strings.orderSetTitle } },
      el('div', { className: 'form-row' }, ...fields, this.applyButton.element),
      this.message,
    );
  }

  /** Shows a form the host confirmed (e.g. the page it actually returned). */
  setForm(form: LabMarkersForm): void {
    this.form = form;
    this.page.value = String(form.page);
    this.size.value = String(form.size);
  }

  /** Asks for another page of the current query (Previous / Next). */
  goToPage(page: number): void {
    this.page.value = String(page);
    this.submit();
  }

  private submit(): void {
    const page = parsePositiveInteger(this.page.value);
    const size = parsePositiveInteger(this.size.value, MARKER_PAGE_SIZE_MAX);
    const labAccountId = this.account.value.trim();
    const source: LabMarkersForm['source'] =
      this.form.source.kind === 'labTest'
        ? { kind: 'labTest', labTestId: this.ids.value.trim(), labAccountId }
        : {
            kind: 'orderSet',
            labTestIds: parseIdList(this.ids.value),
            providerIds: parseIdList(this.providerIds?.value ?? ''),
            labAccountId,
          };
    const form: LabMarkersForm = { source, page: page ?? 0, size: size ?? 0 };
    const problem = checkLabMarkersForm(form);
    this.showProblem(problem);
    if (!problem) this.onSubmit(form);
  }

  private showProblem(problem: LabMarkersFormProblem | undefined): void {
    const invalid: Record<LabMarkersFormProblem, TextFieldHandle> = {
      labTestIdMissing: this.ids,
      orderSetEmpty: this.ids,
      pageInvalid: this.page,
      sizeInvalid: this.size,
    };
    for (const handle of new Set(Object.values(invalid))) handle.setInvalid(false);
    this.message.textContent = '';
    if (!problem) return;
    const target = invalid[problem];
    target.setInvalid(true, MESSAGE_ID);
    this.message.textContent = formatMessage(this.strings[problem], MARKER_PAGE_SIZE_MAX);
    target.focus();
  }
}
