// How the contract lens's findings read wherever they show: the Requests view's count, the request
// document's list, a panel's deviation document. Pure: the wording comes in through `DeviationWords`.
import { deviationCount, type Deviation, type DeviationKind } from '../../api/contract/deviations';

/** The localised words (src/l10n/requestStrings.ts). */
export interface DeviationWords {
  /** "15 deviations in 21 places", "1 deviation": a count, the same on a row, a panel's line and a document. */
  deviations(deviations: number, places: number): string;
  /** The list's heading: "Differs from the spec: 2 deviations in 41 places". */
  heading(deviations: number, places: number): string;
  /** What kind of difference, in a few words: "required field missing", "not in the spec"… */
  kind(kind: DeviationKind): string;
  /** "in 40 of 50" (places where it occurs, out of the objects at that place). */
  occurrences(count: number, of: number): string;
  /** The value or type that came back: "sent: {0}". */
  sent(value: string): string;
  /** "Spec 2.3: {says}". */
  spec(section: string, says: string): string;
  /** "the request itself", for a deviation of the request (a redirect) rather than a field. */
  request: string;
}

/** How many deviations the records carry (entries, as each document lists them); 0 with the lens off. */
export function deviationsOf(records: readonly { deviations?: readonly Deviation[] }[]): number {
  return records.reduce((sum, record) => sum + (record.deviations?.length ?? 0), 0);
}

/** Places the records' deviations occur in (a field missing from 20 readings is one deviation in 20 places). */
export function placesOf(records: readonly { deviations?: readonly Deviation[] }[]): number {
  return records.reduce((sum, record) => sum + deviationCount(record.deviations ?? []), 0);
}

/** The row's part of a description: "15 deviations in 21 places", or undefined when there are none. */
export function deviationCountText(records: readonly { deviations?: readonly Deviation[] }[], words: Pick<DeviationWords, 'deviations'>): string | undefined {
  const count = deviationsOf(records);
  return count > 0 ? words.deviations(count, placesOf(records)) : undefined;
}

/** The tooltip's line: "Differs from the spec: 2 deviations in 41 places", or undefined. */
export function deviationSummaryLine(records: readonly { deviations?: readonly Deviation[] }[], words: Pick<DeviationWords, 'heading'>): string | undefined {
  const count = deviationsOf(records);
  if (count === 0) return undefined;
  return words.heading(count, placesOf(records));
}

function placeOf(deviation: Deviation, words: DeviationWords): string {
  return deviation.pattern === '' && deviation.path === '' ? words.request : deviation.pattern || deviation.path;
}

/**
 * One deviation as lines (no prefix): what, where (the pattern, how often, the first paths), the
 * value sent, and what the spec says with its section.
 */
export function deviationLines(deviation: Deviation, words: DeviationWords): string[] {
  const where = [`${words.kind(deviation.kind)}: ${placeOf(deviation, words)}`];
  if (deviation.pattern !== deviation.path || deviation.of > 1) where.push(words.occurrences(deviation.count, deviation.of));
  const lines = [where.join(', ')];
  const paths = deviation.paths.filter((path) => path !== '' && path !== deviation.pattern);
  if (paths.length > 0) lines.push(`  ${paths.join(', ')}${deviation.count > paths.length ? ', …' : ''}`);
  if (deviation.value !== undefined) lines.push(`  ${words.sent(deviation.value)}`);
  lines.push(`  ${words.spec(deviation.section, deviation.spec)}`);
  return lines;
}

/** The whole list with its heading, each line starting with `prefix` ("# " in the .http document). */
export function deviationListLines(deviations: readonly Deviation[], words: DeviationWords, prefix = ''): string[] {
  if (deviations.length === 0) return [];
  const lines = [words.heading(deviations.length, deviationCount(deviations))];
  deviations.forEach((deviation, index) => {
    const [first, ...rest] = deviationLines(deviation, words);
    lines.push(`${index + 1}. ${first ?? ''}`, ...rest.map((line) => `  ${line}`));
  });
  return lines.map((line) => `${prefix}${line}`);
}

/** One response a panel read, for its deviation document: the request it answered, and how it differs. */
export interface ReadResponse {
  /** "GET /v3/lab_tests/…/markers?page=1", or with a page number for the pages of a cursor load. */
  request: string;
  deviations: readonly Deviation[];
}

/** A panel's "Show": every response of its load that differs, with its list. */
export function panelDeviationDocument(title: string, responses: readonly ReadResponse[], words: DeviationWords, intro: string): string {
  const lines = [`# ${title}`, `# ${intro}`, ''];
  for (const response of responses) {
    if (response.deviations.length === 0) continue;
    lines.push(response.request, ...deviationListLines(response.deviations, words, '  '), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
