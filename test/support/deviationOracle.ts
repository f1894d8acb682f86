// The tests' own reading of a body against the spec, along the vendor's facts (vendorFacts.ts),
// and the summary both it and the contract lens are compared in: one line per (kind, place, value)
// with the count, the first paths and how many objects sit at that place.
import type { Deviation } from '../../src/api/contract/deviations';
import { REQUESTED_MARKER_PAGE_SIZE, writtenOffset, type PlantedDeviation, type Segment } from './vendorBodies';
import { OPERATION_KINDS, SPEC_KINDS, VENDOR_FACTS, type VendorKind, type VendorOperation } from './vendorFacts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function concrete(segments: readonly Segment[]): string {
  let path = '';
  for (const segment of segments) {
    const name = typeof segment === 'object' ? segment.key : segment;
    if (typeof name === 'number') path += `[${name}]`;
    else if (IDENTIFIER.test(name)) path += path === '' ? name : `.${name}`;
    else path += `[${JSON.stringify(name)}]`;
  }
  return path;
}

function pattern(segments: readonly Segment[]): string {
  let path = '';
  for (const segment of segments) {
    if (typeof segment === 'number') path += '[*]';
    else if (typeof segment === 'object') path += '.*';
    else if (IDENTIFIER.test(segment)) path += path === '' ? segment : `.${segment}`;
    else path += `[${JSON.stringify(segment)}]`;
  }
  return path;
}

/** How many objects the body holds at the place of `segments` (indexes and keys standing for all). */
function countAt(body: unknown, segments: readonly Segment[]): number {
  let level: unknown[] = [body];
  for (const segment of segments) {
    const next: unknown[] = [];
    for (const value of level) {
      if (typeof segment === 'number') {
        if (Array.isArray(value)) next.push(...value);
      } else if (typeof segment === 'object') {
        if (isObject(value)) next.push(...Object.values(value));
      } else if (isObject(value) && value[segment] !== undefined && value[segment] !== null) {
        next.push(value[segment]);
      }
    }
    level = next;
  }
  return level.length;
}

export interface SummaryLine {
  kind: string;
  pattern: string;
  value: string | undefined;
  count: number;
  of: number;
  paths: string[];
  section: string;
}

/** Planted deviations as the lens summarises them; `of` counted in the body itself. */
export function summarisePlanted(planted: readonly PlantedDeviation[], body: unknown): SummaryLine[] {
  const lines = new Map<string, SummaryLine>();
  for (const deviation of planted) {
    const place = pattern(deviation.segments);
    const key = `${deviation.kind}|${place}|${deviation.value ?? ''}`;
    const line = lines.get(key);
    if (line) {
      line.count++;
      if (line.paths.length < 5) line.paths.push(concrete(deviation.segments));
      continue;
    }
    const parent = deviation.segments.slice(0, -1);
    const paging = deviation.kind === 'pagingMismatch';
    lines.set(key, {
      kind: deviation.kind,
      pattern: place,
      value: deviation.value,
      count: 1,
      of: paging ? 1 : countAt(body, parent),
      paths: [concrete(deviation.segments)],
      section: deviation.section,
    });
  }
  return [...lines.values()].map((line) => ({ ...line, of: Math.max(line.of, line.count) })).sort(byKey);
}

export function summariseLens(deviations: readonly Deviation[]): SummaryLine[] {
  return deviations
    .map((d) => ({ kind: d.kind, pattern: d.pattern, value: d.value, count: d.count, of: d.of, paths: d.paths, section: d.section }))
    .sort(byKey);
}

function byKey(a: SummaryLine, b: SummaryLine): number {
  const left = `${a.kind}|${a.pattern}|${a.value ?? ''}`;
  const right = `${b.kind}|${b.pattern}|${b.value ?? ''}`;
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * The deviations a body holds, read along the vendor's facts: what the spec requires and the body
 * lacks, nulls the spec does not allow, fields the spec does not have, open values the product has
 * not seen, deprecated fields in use, and paging that does not add up within the page.
 */
export function readDeviations(operation: VendorOperation, body: unknown): PlantedDeviation[] {
  const found: PlantedDeviation[] = [];
  const rootSection = operation === 'labTestMarkers' ? '4.5' : '4.4';
  const section = (value: string): string => (value === '4.4' ? rootSection : value);
  const objectSection: Partial<Record<VendorKind, string>> = {
    userList: '4.2', user: '2.1', connectedSource: '2.1.1', provider: '2.1.1', fallbackTimeZone: '2.1.2', fallbackBirthDate: '2.1.3',
    groupedBloodPressure: '4.1', bloodPressureGroup: '2.2', bloodPressureSource: '2.2', reading: '2.2', markerPage: rootSection,
  };
  const walk = (kind: VendorKind, object: Json, at: Segment[]): void => {
    const facts = VENDOR_FACTS[kind];
    const own = objectSection[kind] ?? '2.3';
    for (const [name, fact] of Object.entries(facts)) {
      const value = object[name];
      const path = [...at, name];
      const spec = fact.spec;
      if (!spec) {
        if (value !== undefined) found.push({ kind: 'unknownField', segments: path, section: own });
        continue;
      }
      if (value === undefined) {
        if (spec.required) found.push({ kind: 'missingRequired', segments: path, section: section(spec.section) });
        continue;
      }
      if (value === null) {
        if (!spec.nullable) found.push({ kind: 'nullNotAllowed', segments: path, section: section(spec.section) });
        continue;
      }
      if (fact.known && typeof value === 'string' && !fact.known.includes(value)) found.push({ kind: 'unknownValue', segments: path, section: own, value });
      const { type } = fact;
      if (typeof type !== 'object') continue;
      if ('object' in type && isObject(value) && SPEC_KINDS.has(type.object)) walk(type.object, value, path);
      if ('arrayOf' in type && Array.isArray(value)) value.forEach((item, index) => isObject(item) && walk(type.arrayOf, item, [...path, index]));
      if ('recordOfArraysOf' in type && isObject(value)) {
        for (const [key, items] of Object.entries(value)) {
          if (Array.isArray(items)) items.forEach((item, index) => isObject(item) && walk(type.recordOfArraysOf, item, [...path, { key }, index]));
        }
      }
    }
    for (const name of Object.keys(object)) if (!(name in facts)) found.push({ kind: 'unknownField', segments: [...at, name], section: own });
    if (kind === 'groupedBloodPressure' && 'next' in object && !('next_cursor' in object)) found.push({ kind: 'deprecated', segments: [...at, 'next'], section: '9' });
    if (kind === 'connectedSource' && 'source' in object && 'provider' in object) found.push({ kind: 'deprecated', segments: [...at, 'source'], section: '2.1.1' });
  };
  if (isObject(body)) walk(OPERATION_KINDS[operation], body, []);
  found.push(...pagingDeviations(operation, body as Json, rootSection));
  if (operation === 'groupedBloodPressure' && isObject(body)) found.push(...offsetDeviations(body));
  return found;
}

/** Readings whose timezone_offset (to the minute) and the timestamp's own offset disagree. */
function offsetDeviations(body: Json): PlantedDeviation[] {
  const out: PlantedDeviation[] = [];
  const groups = body.groups;
  if (!isObject(groups)) return out;
  for (const [key, list] of Object.entries(groups)) {
    if (!Array.isArray(list)) continue;
    list.forEach((group, g) => {
      const data = isObject(group) ? group.data : undefined;
      if (!Array.isArray(data)) return;
      data.forEach((reading, r) => {
        if (!isObject(reading) || typeof reading.timestamp !== 'string' || typeof reading.timezone_offset !== 'number' || !Number.isFinite(reading.timezone_offset)) return;
        const written = writtenOffset(reading.timestamp);
        if (written !== undefined && Math.round(reading.timezone_offset / 60) * 60 !== written) {
          out.push({ kind: 'offsetMismatch', segments: ['groups', { key }, g, 'data', r, 'timezone_offset'], section: '2.2' });
        }
      });
    });
  }
  return out;
}

function pagingDeviations(operation: VendorOperation, body: Json, rootSection: string): PlantedDeviation[] {
  const int = (value: unknown): number | undefined => (Number.isSafeInteger(value) ? (value as number) : undefined);
  if (operation === 'listUsers') {
    const users = (body.users as unknown[]).length;
    const out: PlantedDeviation[] = [];
    if (users > (body.limit as number)) out.push({ kind: 'pagingMismatch', segments: ['users'], section: '4.2', value: String(users) });
    if ((body.total as number) < (body.offset as number) + users) out.push({ kind: 'pagingMismatch', segments: ['total'], section: '4.2', value: String(body.total) });
    return out;
  }
  if (operation !== 'labTestMarkers' && operation !== 'orderSetMarkers') return [];
  const markers = (body.markers as unknown[]).length;
  const sizeSent = int(body.size);
  const size = sizeSent !== undefined && sizeSent > 0 ? sizeSent : REQUESTED_MARKER_PAGE_SIZE;
  const pageSent = int(body.page);
  const page = pageSent !== undefined && pageSent > 0 ? pageSent : 1;
  const out: PlantedDeviation[] = [];
  if (markers > size) out.push({ kind: 'pagingMismatch', segments: ['markers'], section: rootSection, value: String(markers) });
  const total = int(body.total);
  if (total !== undefined && total < (page - 1) * size + markers) out.push({ kind: 'pagingMismatch', segments: ['total'], section: rootSection, value: String(total) });
  // The last page (by `pages` when sent, else a short page) ends the list: a total above its end.
  const pages = int(body.pages);
  const last = pages !== undefined && pages > 0 ? page >= pages : markers < size;
  if (total !== undefined && last && total > (page - 1) * size + markers) out.push({ kind: 'pagingMismatch', segments: ['total'], section: rootSection, value: String(total) });
  return out;
}
