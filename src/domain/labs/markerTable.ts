// Pure helpers of the lab-markers panel: the text filter, paging arithmetic, id lists and CSV.
import type { ExpectedResult, Marker, MarkerPage, MarkerPricing } from '../../api/schemas';
import { toCsv, type CsvCell } from '../csv';
import { aoeQuestionsOf } from './markerFacts';
import { isIntegerInRange } from '../inputValidation';

export const MARKER_PAGE_SIZE_MAX = 100;
export const DEFAULT_MARKER_PAGE_SIZE = 50;

/** Case-insensitive match on name, slug or any expected result's LOINC code; a value not sent matches nothing. */
export function filterMarkers(markers: readonly Marker[], text: string): Marker[] {
  const needle = text.trim().toLowerCase();
  if (needle === '') return [...markers];
  const has = (value: string | null | undefined): boolean => typeof value === 'string' && value.toLowerCase().includes(needle);
  return markers.filter(
    (marker) =>
      has(marker.name) || has(marker.slug) || (marker.expected_results ?? []).some((result) => has(result.loinc?.code)),
  );
}

/** A marker's expected results; none when the service sent none (absent or null). */
export function expectedResultsOf(marker: Marker): ExpectedResult[] {
  return marker.expected_results ?? [];
}

export function pageCount(total: number, size: number): number {
  if (size <= 0) return 0;
  return Math.ceil(Math.max(0, total) / size);
}

/**
 * How many pages the query has, as far as the page tells: `pages` when sent, else from `total`
 * and the page size (the response's, else the one asked for). When neither is sent (both may be
 * null on the vendor's service) it is this page, plus one when the page is full.
 */
export function markerPageCount(page: Pick<MarkerPage, 'markers' | 'total' | 'page' | 'size' | 'pages'>, requestedSize: number, requestedPage = 1): number {
  if (typeof page.pages === 'number') return page.pages;
  const size = typeof page.size === 'number' && page.size > 0 ? page.size : requestedSize;
  if (typeof page.total === 'number') return pageCount(page.total, size);
  const current = typeof page.page === 'number' ? page.page : requestedPage;
  return current + (page.markers.length >= size ? 1 : 0);
}

/**
 * Whether another page follows page `pageNumber` (1-based) of `size` markers, after `loaded` markers
 * so far. The service may send `total` and `pages` as null: then `pages`, else a full page, says so.
 */
export function hasMorePages(page: Pick<MarkerPage, 'markers' | 'total' | 'pages'>, pageNumber: number, size: number, loaded: number): boolean {
  if (page.markers.length === 0) return false;
  if (typeof page.total === 'number') return loaded < page.total;
  if (typeof page.pages === 'number') return pageNumber < page.pages;
  return page.markers.length >= size;
}

/** Ids typed as a list: commas, semicolons, spaces or new lines separate them; duplicates dropped. */
export function parseIdList(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((id) => id.trim()).filter((id) => id !== ''))];
}

/** A page number or size typed in a form; undefined when it is not a whole number in range. */
export function parsePositiveInteger(text: string, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (!/^\s*\d+\s*$/.test(text)) return undefined;
  const value = Number(text);
  return isIntegerInRange(value, 1, max) ? value : undefined;
}

export const MARKER_CSV_HEADER = [
  'marker_id',
  'name',
  'slug',
  'type',
  'unit',
  'provider_id',
  'lab_id',
  'price',
  'pricing_amount_minor',
  'pricing_currency',
  'pricing_unspecified',
  'is_orderable',
  'a_la_carte_enabled',
  'common_tat_days',
  'worst_case_tat_days',
  'aoe_questions',
  'result_name',
  'result_provider_id',
  'result_required',
  'loinc_code',
  'loinc_name',
  'loinc_unit',
] as const;

const flagCell = (value: boolean | null | undefined): CsvCell => (typeof value === 'boolean' ? String(value) : undefined);

/**
 * One line per expected result; a marker without expected results still gets one line. A value the
 * service did not send (absent or null) is an empty cell. `price` is the marker's text as sent; the
 * page's `pricing` entry for the marker (keyed by its id) fills the three pricing columns.
 */
export function markersCsv(markers: readonly Marker[], pricing?: MarkerPricing | null): string {
  function* rows(): Generator<CsvCell[]> {
    for (const marker of markers) {
      const priced = pricing?.data?.[String(marker.id)];
      const aoe = marker.aoe?.questions === null || marker.aoe?.questions === undefined ? undefined : aoeQuestionsOf(marker).length;
      const head: CsvCell[] = [
        marker.id,
        marker.name,
        marker.slug,
        marker.type,
        marker.unit,
        marker.provider_id,
        marker.lab_id,
        marker.price,
        priced?.base_amount_minor,
        priced ? pricing?.currency : undefined,
        priced?.unspecified,
        flagCell(marker.is_orderable),
        flagCell(marker.a_la_carte_enabled),
        marker.common_tat_days,
        marker.worst_case_tat_days,
        aoe,
      ];
      const results = expectedResultsOf(marker);
      if (results.length === 0) yield [...head, '', '', '', '', '', ''];
      for (const result of results) {
        yield [...head, result.name, result.provider_id, flagCell(result.required), result.loinc?.code, result.loinc?.name, result.loinc?.unit];
      }
    }
  }
  return toCsv(MARKER_CSV_HEADER, rows());
}
