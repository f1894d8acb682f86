// The only module that knows about @vscode/webview-ui-toolkit. Everything else builds its UI through
// these small factories, so replacing the toolkit (it is no longer maintained upstream) means
// rewriting this one file.
import {
  provideVSCodeDesignSystem,
  vsCodeBadge,
  vsCodeButton,
  vsCodeDivider,
  vsCodeDropdown,
  vsCodeOption,
  vsCodeProgressRing,
  vsCodeTextField,
} from '@vscode/webview-ui-toolkit';

let registered = false;

/** Registers the custom elements once per document. */
export function registerToolkit(): void {
  if (registered) return;
  provideVSCodeDesignSystem().register(
    vsCodeBadge(),
    vsCodeButton(),
    vsCodeDivider(),
    vsCodeDropdown(),
    vsCodeOption(),
    vsCodeProgressRing(),
    vsCodeTextField(),
  );
  registered = true;
}

export interface ButtonHandle {
  readonly element: HTMLElement;
  setDisabled(disabled: boolean): void;
  focus(): void;
}

export function createButton(
  label: string,
  onClick: () => void,
  options: { appearance?: 'primary' | 'secondary'; title?: string } = {},
): ButtonHandle {
  const element = document.createElement('vscode-button');
  element.textContent = label;
  element.setAttribute('appearance', options.appearance ?? 'secondary');
  if (options.title) element.setAttribute('title', options.title);
  element.addEventListener('click', () => {
    if (!element.hasAttribute('disabled')) onClick();
  });
  return {
    element,
    setDisabled: (disabled) => element.toggleAttribute('disabled', disabled),
    focus: () => element.focus(),
  };
}

interface ValueElement extends HTMLElement {
  value: string;
}

export interface TextFieldHandle {
  readonly element: HTMLElement;
  value: string;
  /** Marks the field invalid and points assistive technology at the message element. */
  setInvalid(invalid: boolean, messageId?: string): void;
  focus(): void;
}

export function createTextField(options: {
  label: string;
  value: string;
  placeholder?: string;
  size?: number;
  onEnter?: () => void;
  onInput?: (value: string) => void;
}): TextFieldHandle {
  const element = document.createElement('vscode-text-field') as ValueElement;
  element.textContent = options.label;
  element.setAttribute('value', options.value);
  element.value = options.value;
  if (options.placeholder) element.setAttribute('placeholder', options.placeholder);
  if (options.size) element.setAttribute('size', String(options.size));
  element.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && options.onEnter) {
      event.preventDefault();
      options.onEnter();
    }
  });
  element.addEventListener('input', () => options.onInput?.(element.value));
  return {
    element,
    get value() {
      return element.value ?? '';
    },
    set value(value: string) {
      element.value = value;
    },
    setInvalid(invalid, messageId) {
      element.classList.toggle('invalid', invalid);
      // An empty aria-invalid counts as "false" for assistive technology: the value must be "true".
      if (invalid) element.setAttribute('aria-invalid', 'true');
      else element.removeAttribute('aria-invalid');
      if (invalid && messageId) element.setAttribute('aria-describedby', messageId);
      else element.removeAttribute('aria-describedby');
    },
    focus: () => element.focus(),
  };
}

export interface DropdownHandle {
  readonly element: HTMLElement;
  value: string;
}

/** A labelled single-choice list; `label` is rendered above it and names it for screen readers. */
export function createDropdown(options: {
  id: string;
  label: string;
  choices: { value: string; label: string }[];
  value: string;
  onChange?: (value: string) => void;
}): DropdownHandle {
  const wrapper = document.createElement('div');
  wrapper.className = 'dropdown-field';
  const label = document.createElement('label');
  label.id = `${options.id}-label`;
  label.textContent = options.label;
  const dropdown = document.createElement('vscode-dropdown') as ValueElement;
  dropdown.id = options.id;
  dropdown.setAttribute('aria-labelledby', label.id);
  for (const choice of options.choices) {
    const option = document.createElement('vscode-option') as ValueElement;
    option.setAttribute('value', choice.value);
    option.textContent = choice.label;
    if (choice.value === options.value) option.setAttribute('selected', '');
    dropdown.append(option);
  }
  dropdown.addEventListener('change', () => options.onChange?.(dropdown.value));
  label.addEventListener('click', () => dropdown.focus());
  wrapper.append(label, dropdown);
  return {
    element: wrapper,
    get value() {
      return dropdown.value ?? '';
    },
    set value(value: string) {
      dropdown.value = value;
    },
  };
}

export function createProgressRing(label: string): HTMLElement {
  const ring = document.createElement('vscode-progress-ring');
  ring.setAttribute('aria-label', label);
  return ring;
}

export function createDivider(): HTMLElement {
  return document.createElement('vscode-divider');
}

export function createBadge(text: string): HTMLElement {
  const badge = document.createElement('vscode-badge');
  badge.textContent = text;
  return badge;
}
