// What the lab-markers panel shows of the vendor's extra marker fields, read tolerantly: the price
// (the page's `pricing` first, else the marker's own `price` text), orderable, turnaround days, AOE
// questions, and what the page knows of its paging. Every reader returns undefined for a value the
// service did not send (absent or null), so the panel shows "—" and the CSV an empty cell.
import { pageTotalDisagreement } from '../../api/contract/pageChecks';
import type { AoeQuestion, Marker, MarkerPage, MarkerPricing } from '../../api/schemas';

/** The known marker types; any other string is an open value, shown as sent. */
export const KNOWN_MARKER_TYPES: readonly string[] = ['biomarker', 'panel'];

export type MarkerPriceView =
  /** From the page's `pricing`: minor units (cents) of `currency`, with its modifiers counted. */
  | { kind: 'amount'; minor: number; currency: string | undefined; modifiers: number }
  /** From the page's `pricing`: no price, with the service's reason (`refer_to_contract`, …). */
  | { kind: 'unspecified'; reason: string }
  /** The marker's own `price` text (the spec's field), as sent. */
  | { kind: 'text'; text: string };

/** The page's `pricing.data` is keyed by marker id; a marker it does not list falls back to its `price`. */
export function markerPriceOf(marker: Marker, pricing: MarkerPricing | null | undefined): MarkerPriceView | undefined {
  const entry = pricing?.data?.[String(marker.id)];
  if (entry && typeof entry.base_amount_minor === 'number') {
    return { kind: 'amount', minor: entry.base_amount_minor, currency: pricing?.currency ?? undefined, modifiers: entry.modifiers?.length ?? 0 };
  }
  if (entry && typeof entry.unspecified === 'string') return { kind: 'unspecified', reason: entry.unspecified };
  return typeof marker.price === 'string' ? { kind: 'text', text: marker.price } : undefined;
}

/** The pricing of several pages as one (entries keyed by marker id; the first currency sent). */
export function mergePricing(pages: readonly (MarkerPricing | null | undefined)[]): MarkerPricing | undefined {
  const sent = pages.filter((p): p is MarkerPricing => p !== null && p !== undefined);
  if (sent.length === 0) return undefined;
  const currency = sent.find((p) => typeof p.currency === 'string')?.currency ?? null;
  return { currency, data: Object.assign({}, ...sent.map((p) => p.data ?? {})) };
}

/** `1250` USD → `$12.50`; a currency code Intl does not know is written after the number. */
export function formatMinorAmount(minor: number, currency: string | undefined, locale?: string): string {
  const amount = minor / 100;
  if (currency) {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
    } catch {
      // Not an ISO 4217 code: shown as sent beside the number.
    }
  }
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  return currency ? `${number} ${currency}` : number;
}

/** The price as one text (for the CSV and the sort); undefined when neither `pricing` nor `price` says. */
export function markerPriceText(marker: Marker, pricing: MarkerPricing | null | undefined, locale?: string): string | undefined {
  const price = markerPriceOf(marker, pricing);
  if (!price) return undefined;
  if (price.kind === 'amount') return formatMinorAmount(price.minor, price.currency, locale);
  return price.kind === 'unspecified' ? price.reason : price.text;
}

/** A marker's AOE questions in their `sequence` (unsequenced last, else in the order sent); none when not sent. */
export function aoeQuestionsOf(marker: Marker): AoeQuestion[] {
  const questions = marker.aoe?.questions ?? [];
  const rank = (q: AoeQuestion): number => (typeof q.sequence === 'number' ? q.sequence : Number.POSITIVE_INFINITY);
  return questions.map((q, index) => ({ q, index })).sort((a, b) => rank(a.q) - rank(b.q) || a.index - b.index).map(({ q }) => q);
}

export function isPanelMarker(marker: Marker): boolean {
  return marker.type === 'panel';
}

/** A type the product has not seen (neither biomarker nor panel): shown as sent, marked as new. */
export function isUnseenMarkerType(type: string | null | undefined): boolean {
  return typeof type === 'string' && !KNOWN_MARKER_TYPES.includes(type);
}

/** Turnaround in days, common and worst case; each undefined when not sent. */
export function turnaroundOf(marker: Marker): { common: number | undefined; worst: number | undefined } {
  return { common: marker.common_tat_days ?? undefined, worst: marker.worst_case_tat_days ?? undefined };
}

/** What the page itself says about where it stands; `pages` and `total` undefined when not sent and not derivable. */
export interface MarkerPaging {
  current: number;
  /** From `pages`, else from `total` and the size; undefined when neither was sent. */
  pages: number | undefined;
  total: number | undefined;
  /** Neither `pages` nor `total` was sent and the page is full: another page may follow. */
  moreMayFollow: boolean;
  /**
   * Set when the page's `total` cannot be true for what it holds (pageTotalDisagreement, the lens's
   * rule): the panel then says what this page holds and what the server claims, not the total alone.
   */
  totalDisagrees?: { held: number; total: number };
}

export function markerPagingOf(page: Pick<MarkerPage, 'markers' | 'total' | 'page' | 'size' | 'pages'>, requestedSize: number, requestedPage: number): MarkerPaging {
  const current = typeof page.page === 'number' ? page.page : requestedPage;
  const size = typeof page.size === 'number' && page.size > 0 ? page.size : requestedSize;
  const total = typeof page.total === 'number' ? page.total : undefined;
  const pages = typeof page.pages === 'number' ? page.pages : total !== undefined && size > 0 ? Math.ceil(Math.max(0, total) / size) : undefined;
  const disagreement = pageTotalDisagreement(page.markers.length, (current - 1) * size, size, page.total, page.pages, current);
  const paging: MarkerPaging = { current, pages, total, moreMayFollow: pages === undefined && page.markers.length >= size };
  if (disagreement) paging.totalDisagrees = { held: page.markers.length, total: disagreement.total };
  return paging;
}

export type MarkerSortKey = 'name' | 'slug' | 'type' | 'price' | 'turnaround';

/**
 * Markers in the order of `key`; markers without the value (not sent) come last in either
 * direction, in the order the service sent them. Prices compare as amounts where `pricing` gave one.
 */
export function sortMarkers(markers: readonly Marker[], key: MarkerSortKey, direction: 'ascending' | 'descending', pricing?: MarkerPricing | null): Marker[] {
  const valueOf = (marker: Marker): string | number | undefined => {
    switch (key) {
      case 'name':
      case 'slug':
      case 'type':
        return marker[key] ?? undefined;
      case 'price': {
        const price = markerPriceOf(marker, pricing);
        return price?.kind === 'amount' ? price.minor : price?.kind === 'text' ? (parsePriceText(price.text) ?? undefined) : undefined;
      }
      case 'turnaround':
        return marker.common_tat_days ?? marker.worst_case_tat_days ?? undefined;
    }
  };
  const sign = direction === 'ascending' ? 1 : -1;
  const keyed = markers.map((marker, index) => ({ marker, index, value: valueOf(marker) }));
  keyed.sort((a, b) => {
    if (a.value === undefined || b.value === undefined) return a.value === b.value ? a.index - b.index : a.value === undefined ? 1 : -1;
    const order = typeof a.value === 'number' && typeof b.value === 'number' ? a.value - b.value : String(a.value).localeCompare(String(b.value));
    return order * sign || a.index - b.index;
  });
  return keyed.map(({ marker }) => marker);
}

/** `$12.50` → 1250 (cents), so a text price sorts with the amounts; anything else (`N/A`) has no amount. */
function parsePriceText(text: string): number | undefined {
  const match = /^\D{0,3}(\d+)(?:\.(\d{1,2}))?\s*$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}
