// "Why is this user's data missing?": findings about one user's blood pressure in a window, from
// the resolved user and the readings fetched over a longer history. Pure: the shell words them
// (l10n) and links each to its evidence. Days are calendar days of the user's fallback zone.
import { capabilityOf, expectedToDeliver, type BloodPressureCapability } from '../api/providerCapabilities';
import type { User } from '../api/schemas';
import { providerOf } from '../api/wireValues';
import type { ReadingGroup } from './bloodPressureGroups';
import type { DayRange } from './bloodPressureCoverage';
import { addDays, dayCount, daysBetween, formatOffsetMinutes, type ZoneCalendar } from './zonedTime';

export interface DiagnosisInput {
  /** As resolve returns it (with ingestion bounds). */
  user: User;
  /** Every reading fetched for the user over `history`. */
  groups: readonly ReadingGroup[];
  /** The days fetched; contains `window`. */
  history: DayRange;
  /** The days asked about. */
  window: DayRange;
  zone: ZoneCalendar;
  nowMs: number;
  /** Days without readings that count as a gap, or as a source that stopped; default 7. */
  gapDays?: number;
}

export type Severity = 'problem' | 'warning' | 'info';

export type Finding =
  | { kind: 'sourceDelivering'; provider: string; connectedOn: string | undefined; lastDay: string; daysWithReadingsInWindow: number }
  | { kind: 'sourceStopped'; provider: string; connectedOn: string | undefined; lastDay: string; daysSince: number; atIngestionEnd: boolean }
  | { kind: 'sourceNeverDelivered'; provider: string; connectedOn: string | undefined; capability: BloodPressureCapability }
  | { kind: 'sourceCannotMeasure'; provider: string; connectedOn: string | undefined; capability: BloodPressureCapability; basis: string }
  | { kind: 'sourceCapabilityUnknown'; provider: string; connectedOn: string | undefined }
  | { kind: 'deliveredWithoutConnection'; provider: string; lastDay: string }
  | { kind: 'lastReading'; provider: string; sourceType: string | undefined; lastDay: string; timestamp: string }
  | { kind: 'gap'; firstDay: string; lastDay: string; days: number }
  | { kind: 'windowStartsBeforeIngestion'; ingestionStart: string; windowFirstDay: string }
  | { kind: 'windowEndsAfterIngestion'; ingestionEnd: string; windowLastDay: string }
  | { kind: 'noFallbackTimeZone' }
  | { kind: 'fallbackTimeZone'; zone: string; sourceSlug: string | undefined; updatedOn: string | undefined; ageDays: number | undefined; changedInWindow: boolean }
  | { kind: 'offsetsDiffer'; zone: string; readings: number; offsets: string[]; firstDay: string; lastDay: string };

export type FindingKind = Finding['kind'];

export const SEVERITY: Record<FindingKind, Severity> = {
  sourceDelivering: 'info',
  sourceStopped: 'problem',
  sourceNeverDelivered: 'problem',
  sourceCannotMeasure: 'info',
  sourceCapabilityUnknown: 'warning',
  deliveredWithoutConnection: 'info',
  lastReading: 'info',
  gap: 'warning',
  windowStartsBeforeIngestion: 'problem',
  windowEndsAfterIngestion: 'problem',
  noFallbackTimeZone: 'warning',
  fallbackTimeZone: 'info',
  offsetsDiffer: 'warning',
};

export const DEFAULT_GAP_DAYS = 7;

export function diagnose(input: DiagnosisInput): Finding[] {
  const { user, zone, window } = input;
  const gapDays = input.gapDays ?? DEFAULT_GAP_DAYS;
  const today = zone.dayKey(input.nowMs);
  const lastUsefulDay = minDay(window.lastDay, today);
  const days = daysPerProvider(input.groups, zone);
  const findings: Finding[] = [];

  const connected = new Set<string>();
  const sources = user.connected_sources ?? [];
  for (const source of sources) {
    const { slug } = providerOf(source);
    connected.add(slug);
    findings.push(sourceFinding(slug, dayOfTimestamp(source.created_on, zone), days.get(slug), window, lastUsefulDay, gapDays, user));
  }
  for (const [provider, seen] of days) {
    if (!connected.has(provider)) findings.push({ kind: 'deliveredWithoutConnection', provider, lastDay: seen.last });
  }
  findings.push(...lastReadings(input.groups, zone));

  const anyExpected = sources.some((s) => expectedToDeliver(capabilityOf(providerOf(s).slug)?.bloodPressure ?? 'none'));
  if (anyExpected || days.size > 0) findings.push(...gaps(input, days, lastUsefulDay, gapDays));

  if (user.ingestion_start && window.firstDay < user.ingestion_start) {
    findings.push({ kind: 'windowStartsBeforeIngestion', ingestionStart: user.ingestion_start, windowFirstDay: window.firstDay });
  }
  if (user.ingestion_end && window.lastDay > user.ingestion_end) {
    findings.push({ kind: 'windowEndsAfterIngestion', ingestionEnd: user.ingestion_end, windowLastDay: window.lastDay });
  }
  findings.push(...timeZoneFindings(input, today));
  return findings;
}

/** The zone's calendar day of a timestamp; undefined when none was sent or it is no date. */
function dayOfTimestamp(value: string | null | undefined, zone: ZoneCalendar): string | undefined {
  const ms = Date.parse(value ?? '');
  return Number.isNaN(ms) ? undefined : zone.dayKey(ms);
}

interface SeenDays {
  first: string;
  last: string;
  /** Days with readings. */
  all: Set<string>;
}

function daysPerProvider(groups: readonly ReadingGroup[], zone: ZoneCalendar): Map<string, SeenDays> {
  const byProvider = new Map<string, SeenDays>();
  for (const group of groups) {
    for (const reading of group.readings) {
      const day = zone.dayKey(reading.epochMs);
      const seen = byProvider.get(group.provider);
      if (!seen) byProvider.set(group.provider, { first: day, last: day, all: new Set([day]) });
      else {
        seen.all.add(day);
        if (day < seen.first) seen.first = day;
        if (day > seen.last) seen.last = day;
      }
    }
  }
  return byProvider;
}

function sourceFinding(
  provider: string,
  connectedOn: string | undefined,
  seen: SeenDays | undefined,
  window: DayRange,
  lastUsefulDay: string,
  gapDays: number,
  user: User,
): Finding {
  const capability = capabilityOf(provider);
  if (seen) {
    const silentFor = dayCount(seen.last, lastUsefulDay) - 1;
    if (silentFor >= gapDays) {
      const atIngestionEnd = !!user.ingestion_end && seen.last >= addDays(user.ingestion_end, -gapDays);
      return { kind: 'sourceStopped', provider, connectedOn, lastDay: seen.last, daysSince: silentFor, atIngestionEnd };
    }
    const daysWithReadingsInWindow = [...seen.all].filter((d) => d >= window.firstDay && d <= window.lastDay).length;
    return { kind: 'sourceDelivering', provider, connectedOn, lastDay: seen.last, daysWithReadingsInWindow };
  }
  if (!capability) return { kind: 'sourceCapabilityUnknown', provider, connectedOn };
  if (expectedToDeliver(capability.bloodPressure)) return { kind: 'sourceNeverDelivered', provider, connectedOn, capability: capability.bloodPressure };
  return { kind: 'sourceCannotMeasure', provider, connectedOn, capability: capability.bloodPressure, basis: capability.basis };
}

function lastReadings(groups: readonly ReadingGroup[], zone: ZoneCalendar): Finding[] {
  const findings: Extract<Finding, { kind: 'lastReading' }>[] = [];
  for (const group of groups) {
    let latest: ReadingGroup['readings'][number] | undefined;
    for (const reading of group.readings) if (!latest || reading.epochMs > latest.epochMs) latest = reading;
    if (latest) {
      findings.push({ kind: 'lastReading', provider: group.provider, sourceType: group.sourceType, lastDay: zone.dayKey(latest.epochMs), timestamp: latest.timestamp });
    }
  }
  return findings.sort((a, b) => b.lastDay.localeCompare(a.lastDay));
}

/** Runs of at least `gapDays` days without any reading, inside the window, from the first connection on. */
function gaps(input: DiagnosisInput, days: Map<string, SeenDays>, lastUsefulDay: string, gapDays: number): Finding[] {
  const { user, zone, window } = input;
  const firstConnection = (user.connected_sources ?? [])
    .map((s) => dayOfTimestamp(s.created_on, zone))
    .filter((day) => day !== undefined)
    .sort()[0];
  let from = window.firstDay;
  if (firstConnection && addDays(firstConnection, 1) > from) from = addDays(firstConnection, 1);
  if (user.ingestion_start && user.ingestion_start > from) from = user.ingestion_start;
  let to = lastUsefulDay;
  if (user.ingestion_end && user.ingestion_end < to) to = user.ingestion_end;
  if (from > to) return [];
  const withReadings = new Set<string>();
  for (const seen of days.values()) for (const day of seen.all) withReadings.add(day);
  const findings: Finding[] = [];
  let runStart: string | undefined;
  const range = daysBetween(from, to);
  for (const [i, day] of range.entries()) {
    const empty = !withReadings.has(day);
    if (empty && runStart === undefined) runStart = day;
    const runEnds = runStart !== undefined && (!empty || i === range.length - 1);
    if (runEnds && runStart !== undefined) {
      const lastDay = empty ? day : addDays(day, -1);
      const length = dayCount(runStart, lastDay);
      if (length >= gapDays) findings.push({ kind: 'gap', firstDay: runStart, lastDay, days: length });
      runStart = undefined;
    }
  }
  return findings;
}

function timeZoneFindings(input: DiagnosisInput, today: string): Finding[] {
  const { user, zone, window } = input;
  const setting = user.fallback_time_zone;
  // Without an id there is no zone to count days in, whatever else the object carries.
  if (!setting || typeof setting.id !== 'string') return [{ kind: 'noFallbackTimeZone' }];
  const zoneId = setting.id;
  const updatedOn = dayOfTimestamp(setting.updated_at, zone);
  const findings: Finding[] = [
    {
      kind: 'fallbackTimeZone',
      zone: zoneId,
      sourceSlug: setting.source_slug ?? undefined,
      updatedOn,
      ageDays: updatedOn === undefined ? undefined : dayCount(updatedOn, today) - 1,
      changedInWindow: updatedOn !== undefined && updatedOn >= window.firstDay && updatedOn <= window.lastDay,
    },
  ];
  const offsets = new Set<string>();
  let count = 0;
  let firstDay = '';
  let lastDay = '';
  for (const group of input.groups) {
    for (const reading of group.readings) {
      const day = zone.dayKey(reading.epochMs);
      if (day < window.firstDay || day > window.lastDay || reading.originalOffset === undefined) continue;
      if (reading.originalOffset === formatOffsetMinutes(zone.offsetMinutesAt(reading.epochMs))) continue;
      offsets.add(reading.originalOffset);
      count++;
      if (firstDay === '' || day < firstDay) firstDay = day;
      if (day > lastDay) lastDay = day;
    }
  }
  if (count > 0) findings.push({ kind: 'offsetsDiffer', zone: zoneId, readings: count, offsets: [...offsets].sort(), firstDay, lastDay });
  return findings;
}

function minDay(a: string, b: string): string {
  return a < b ? a : b;
}
