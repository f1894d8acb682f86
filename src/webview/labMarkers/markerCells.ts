// The cells of the markers table and of its expanded rows. A value the service did not send (absent
// or null) is a quiet "—" whose tooltip says so: never blank, "undefined", "null" or "NaN".
import type { AoeQuestion, ExpectedResult, Marker, MarkerPricing } from '../../api/schemas';
import { formatMinorAmount, isPanelMarker, isUnseenMarkerType, markerPriceOf, turnaroundOf } from '../../domain/labs/markerFacts';
import type { LabMarkersStrings } from '../../shared/labMarkersProtocol';
import { el, formatMessage } from '../common/dom';

type Text = string | number | null | undefined;

export class MarkerCells {
  constructor(
    private readonly s: LabMarkersStrings,
    private readonly locale: string,
  ) {}

  /** "—" with the tooltip "not sent"; an empty string sent as such gets the same dash, its tooltip `""`. */
  missing(className = '', sentEmpty = false): HTMLTableCellElement {
    return el('td', { className: `missing ${className}`.trim(), text: '—', attrs: { title: sentEmpty ? '""' : this.s.notSent } });
  }

  text(value: Text, className = ''): HTMLTableCellElement {
    if (value === null || value === undefined) return this.missing(className);
    if (value === '') return this.missing(className, true);
    return el('td', { className, text: String(value) });
  }

  /** Yes / No for a flag sent; "—" for one not sent. */
  flagText(value: boolean | null | undefined): string {
    return value === true ? this.s.yes : value === false ? this.s.no : '—';
  }

  flag(value: boolean | null | undefined, className = ''): HTMLTableCellElement {
    return typeof value === 'boolean' ? el('td', { className, text: this.flagText(value) }) : this.missing(className);
  }

  /** `panel` as a badge; a type not seen before shown as sent, with a tooltip saying so. */
  type(marker: Marker): HTMLTableCellElement {
    const type = marker.type;
    if (type === null || type === undefined || type === '') return this.missing('type', type === '');
    if (isPanelMarker(marker)) return el('td', { className: 'type' }, el('span', { className: 'badge panel', text: type }));
    if (isUnseenMarkerType(type)) return el('td', { className: 'type unseen', text: type, attrs: { title: this.s.typeUnseen } });
    return el('td', { className: 'type', text: type });
  }

  /** The page's pricing for the marker where it has one, else the marker's own price text. */
  price(marker: Marker, pricing: MarkerPricing | null | undefined): HTMLTableCellElement {
    const price = markerPriceOf(marker, pricing);
    if (!price) return this.missing('price number');
    if (price.kind === 'amount') {
      const titles = [formatMessage(this.s.priceFromPricing, price.currency ?? this.s.notSent)];
      if (price.modifiers > 0) titles.push(formatMessage(this.s.priceModifiers, price.modifiers));
      return el('td', { className: 'price number', text: formatMinorAmount(price.minor, price.currency, this.locale), attrs: { title: titles.join('\n') } });
    }
    if (price.kind === 'unspecified') {
      return el('td', { className: 'price number muted', text: price.reason || '—', attrs: { title: formatMessage(this.s.priceUnspecified, price.reason) } });
    }
    if (price.text === '') return this.missing('price number', true);
    return el('td', { className: 'price number', text: price.text, attrs: { title: this.s.priceFromMarker } });
  }

  /** "Yes · à la carte"; "—" when neither flag was sent. */
  orderable(marker: Marker): HTMLTableCellElement {
    const orderable = marker.is_orderable;
    const aLaCarte = marker.a_la_carte_enabled;
    if (typeof orderable !== 'boolean' && typeof aLaCarte !== 'boolean') return this.missing('orderable');
    const parts = [this.flagText(orderable)];
    if (typeof aLaCarte === 'boolean') parts.push(aLaCarte ? this.s.aLaCarte : this.s.notALaCarte);
    const said = (value: boolean | null | undefined): string => (typeof value === 'boolean' ? String(value) : this.s.notSent);
    return el('td', { className: 'orderable', text: parts.join(' · '), attrs: { title: formatMessage(this.s.orderableTooltip, said(orderable), said(aLaCarte)) } });
  }

  /** "3 / 7 days" (common / worst case); "—" for a part not sent, and for the cell when neither was. */
  turnaround(marker: Marker): HTMLTableCellElement {
    const { common, worst } = turnaroundOf(marker);
    if (common === undefined && worst === undefined) return this.missing('turnaround number');
    const shown = (days: number | undefined): string => (days === undefined ? '—' : String(days));
    const told = (days: number | undefined): string => (days === undefined ? this.s.notSent : String(days));
    return el('td', {
      className: 'turnaround number',
      text: formatMessage(this.s.turnaroundDays, shown(common), shown(worst)),
      attrs: { title: formatMessage(this.s.turnaroundTooltip, told(common), told(worst)) },
    });
  }

  /** One expected result: its LOINC code, or "no LOINC" (not sent) when the result has none. */
  resultRow(result: ExpectedResult): HTMLTableRowElement {
    const loinc = result.loinc;
    const code = loinc?.code;
    const codeCell =
      loinc === null || loinc === undefined
        ? el('td', { className: 'missing mono loinc-code no-loinc', text: this.s.noLoinc, attrs: { title: this.s.notSent } })
        : this.text(code, 'mono loinc-code');
    return el('tr', {}, this.text(result.name), this.flag(result.required, 'required'), codeCell, this.text(loinc?.name), this.text(loinc?.unit));
  }

  questionRow(question: AoeQuestion): HTMLTableRowElement {
    const answers = question.answers;
    const answersCell =
      answers === null || answers === undefined
        ? this.missing()
        : answers.length === 0
          ? el('td', { className: 'muted', text: this.s.aoeNone })
          : el('td', { text: answers.map((a) => `${a.code || '—'}: ${a.value || '—'}`).join(', ') });
    return el('tr', {}, this.text(question.code, 'mono'), this.text(question.value), this.text(question.type), this.flag(question.required, 'required'), answersCell);
  }
}
