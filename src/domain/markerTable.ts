// Pure helpers of the lab-markers panel: the text filter, paging arithmetic, id lists and CSV.
import type { Marker } from '../api/schemas';
import { toCsv, type CsvCell } from './csv';
import { isIntegerInRange } from './inputValidation';

export const MARKER_PAGE_SIZE_MAX = 100;
export const DEFAULT_MARKER_PAGE_SIZE = 50;

/** Case-insensitive match on name, slug or any expected result's LOINC code. */
export function filterMarkers(markers: readonly Marker[], text: string): Marker[] {
  const needle = text.trim().toLowerCase();
  if (needle === '') return [...markers];
  return markers.filter(
    (marker) =>
      marker.name.toLowerCase().includes(needle) ||
      marker.slug.toLowerCase().includes(needle) ||
      marker.expected_results.some((result) => result.loinc.code.toLowerCase().includes(needle)),
  );
}

export function pageCount(total: number, size: number): number {
  if (size <= 0) return 0;
  return Math.ceil(Math.max(0, total) / size);
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

/** One line per expected result; a marker without expected results still gets one line. */
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
      if (marker.expected_results.length === 0) yield [...head, '', '', '', '', ''];
      for (const result of marker.expected_results) {
        yield [...head, result.name, result.provider_id, result.loinc.code, result.loinc.name, result.loinc.unit];
      }
    }
  }
  return toCsv(MARKER_CSV_HEADER, rows());
}
