// The frame the Scan Data Coverage and Diagnose Data pages share: a heading and a subtitle that
// names the environment, the progress line with Cancel, a message area that shows an error with its
// actions, and the error's part of the render snapshot. Each view lays out its own content around it.
import type { PanelActionMessage } from '../../shared/panelActions';
import type { PanelErrorView } from '../../shared/panelError';
import { el, formatMessage } from './dom';
import { errorSnapshot, renderErrorView } from './errorView';
import { StatusLine } from './statusLine';

export interface PanelPageInit {
  locale: string;
  /** The environment's label, as the host sends it in `init`. */
  environment: string;
}

export interface PanelPageStrings {
  cancel: string;
  /** `Environment: {0}` */
  environment: string;
}

export class PanelPage {
  readonly numbers: Intl.NumberFormat;
  readonly status: StatusLine;
  /** Errors and empty states. */
  readonly message = el('div');
  private shownError: PanelErrorView | undefined;

  constructor(
    private readonly init: PanelPageInit,
    private readonly strings: PanelPageStrings,
    private readonly channel: { post(message: PanelActionMessage): void },
  ) {
    this.numbers = new Intl.NumberFormat(init.locale);
    this.status = new StatusLine(strings.cancel, () => channel.post({ type: 'cancel' }));
  }

  /** The page's h1 and the subtitle naming the environment (after `before`, e.g. the user's id). */
  header(heading: string, before = ''): HTMLElement[] {
    const environment = el('strong', { className: 'environment', text: formatMessage(this.strings.environment, this.init.environment) });
    return [el('h1', { text: heading }), el('div', { className: 'subtitle' }, ...(before ? [el('span', { text: before })] : []), environment)];
  }

  /** Lays the page out: `main` holds exactly `parts`, in order. */
  mount(...parts: HTMLElement[]): void {
    document.body.replaceChildren(el('main', {}, ...parts));
  }

  /** Stops the progress line and shows the error with its actions (Retry, Set API Key, …). */
  showError(error: PanelErrorView): void {
    this.shownError = error;
    this.status.show(false, '');
    renderErrorView(this.message, error, (action) => this.channel.post({ type: 'errorAction', action }));
  }

  /** Empties the message area (and forgets a shown error). */
  clearMessage(): void {
    this.shownError = undefined;
    this.message.replaceChildren();
  }

  errorSnapshot(): ReturnType<typeof errorSnapshot> {
    return errorSnapshot(this.shownError);
  }
}
