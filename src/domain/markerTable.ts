// Pure helpers of the lab-markers panel: the text filter, paging arithmetic, id lists and CSV.
import type { ExpectedResult, Marker, MarkerPage } from '../api/schemas';
import { toCsv, type CsvCell } from './csv';
import { isIntegerInRange } from './inputValidation';

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
  'result_name',
  'result_provider_id',
  'loinc_code',
  'loinc_name',
  'loinc_unit',
] as const;

/**
 * One line per expected result; a marker without expected results still gets one line. A value the
 * service did not send (absent or null) is an empty cell.
 */
export function markersCsv(markers: readonly Marker[]): string {
  function* rows(): Generator<CsvCell[]> {
    for (const marker of markers) {
      const head: CsvCell[] = [
        marker.id,
        marker.name,
        marker.slug,
        marker.type,
        marker.unit,
        marker.provider_id,
        marker.lab_id,
        marker.price,
      ];
      const results = expectedResultsOf(marker);
      if (results.length === 0) yield [...head, '', '', '', '', ''];
      for (const result of results) {
        yield [...head, result.name, result.provider_id, result.loinc?.code, result.loinc?.name, result.loinc?.unit];
      }
    }
  }
  return toCsv(MARKER_CSV_HEADER, rows());
}
