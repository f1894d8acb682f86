// "Raw JSON": the body as pretty JSON text in a <details>, made only when opened (a body of
// 100,000 readings is megabytes of text) and cut at RAW_JSON_LIMIT characters with a note; with
// `open` (the extension listens), a button opens the whole body in a read-only JSON editor.
import { rawJsonText } from '../../notebook/resultPresentation';
import type { NotebookOutputStrings } from '../../shared/notebookRendererProtocol';
import { el, formatMessage } from '../common/dom';
import { createButton } from '../common/toolkit';

export const RAW_JSON_LIMIT = 200_000;

export function rawJsonView(body: unknown, s: NotebookOutputStrings, locale: string, open?: () => void): HTMLElement {
  const details = el('details', { className: 'raw-json' }, el('summary', { text: s.rawJson }));
  const content = el('div');
  details.append(content);
  details.addEventListener('toggle', () => {
    if (!details.open || content.childElementCount > 0) return;
    const { text, totalChars, truncated } = rawJsonText(body, RAW_JSON_LIMIT);
    const numbers = new Intl.NumberFormat(locale);
    if (open) content.append(el('div', { className: 'button-row' }, createButton(s.rawJsonOpen, open).element));
    if (truncated) content.append(el('p', { className: 'note', text: formatMessage(s.rawJsonTruncated, numbers.format(text.length), numbers.format(totalChars)) }));
    // A <pre> that scrolls is a Tab stop of its own, so keyboard users can scroll it.
    content.append(el('pre', { className: 'raw-json-text', text, attrs: { tabindex: '0', role: 'region', 'aria-label': s.rawJsonLabel } }));
  });
  return details;
}
