// The contract lens in a panel: how many places the responses of the panel's current load differ
// from the spec, as a dismissible line above the panel's own content ("… in 3 places · Show").
// Every panel bundle handles it in src/webview/common/startPanel.ts; Show posts `showDeviations`.

export interface PanelDeviationsStrings {
  /** "This response differs from the spec in {0} places" (and its one-place form, `lineOne`). */
  line: string;
  lineOne: string;
  show: string;
  dismiss: string;
  /** The line's accessible name. */
  label: string;
}

export interface PanelDeviationsMessage {
  type: 'deviations';
  /** Which load of the panel: a dismissed line stays hidden until another load sends a new number. */
  load: number;
  /** Occurrences over the load's responses so far; 0 hides the line. */
  places: number;
  /** The line as the host words it, the same as the Requests row and the document ("15 deviations in 21 places"). */
  text?: string;
  strings: PanelDeviationsStrings;
}

export function isPanelDeviationsMessage(message: unknown): message is PanelDeviationsMessage {
  return !!message && typeof message === 'object' && (message as { type?: unknown }).type === 'deviations';
}
