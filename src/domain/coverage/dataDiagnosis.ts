// "Why is this user's data missing?": findings about one user's blood pressure in a window, from
// the resolved user and the readings fetched over a longer history. Pure: the shell words them
// (l10n) and links each to its evidence. Days are calendar days of the user's fallback zone,
// reckoned as day indexes (readingDays.ts) and written as YYYY-MM-DD only in the findings.
// The diagnosis panel, the coverage scan and the agent tools all take their findings from here.
import { capabilityOf, expectedToDeliver, type BloodPressureCapability } from '../../api/providerCapabilities';
import type { User } from '../../api/schemas';
import { providerOf } from '../../api/wireValues';
import type { ReadingGroup } from '../bloodPressure/bloodPressureGroups';
import type { DayRange } from './bloodPressureCoverage';
import { dayOfDate, ReadingDays } from '../bloodPressure/readingDays';
import { dayKeyOfIndex, type ZoneCalendar } from '../zonedTime';

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

/** Kinds in the order findings are listed everywhere: by severity, then as SEVERITY lists them. */
const KIND_ORDER = new Map(
  (['problem', 'warning', 'info'] as const).flatMap((severity) => (Object.keys(SEVERITY) as FindingKind[]).filter((kind) => SEVERITY[kind] === severity)).map((kind, i) => [kind, i]),
);

/**
 * The findings that say in a word why data is missing: every problem and warning of the
 * diagnosis, and, when the window holds no reading and no problem explains that, the fact that
 * does (a connected source that cannot measure blood pressure). The scan's Findings column, the
 * summary line of the diagnosis and the agent tools all name these, in this order.
 */
export function headlineFindings(findings: readonly Finding[], readingsInWindow: number): FindingKind[] {
  const kinds = new Set<FindingKind>();
  for (const finding of findings) if (SEVERITY[finding.kind] !== 'info' && !isSilenceOfStoppedSource(finding, findings)) kinds.add(finding.kind);
  const explained = [...kinds].some((kind) => SEVERITY[kind] === 'problem');
  if (readingsInWindow === 0 && !explained && findings.some((f) => f.kind === 'sourceCannotMeasure')) kinds.add('sourceCannotMeasure');
  return [...kinds].sort((a, b) => (KIND_ORDER.get(a) ?? 0) - (KIND_ORDER.get(b) ?? 0));
}

/**
 * A gap that begins after a stopped source's last reading is that source's silence, not news:
 * "stopped syncing" already says it ("stopped syncing, gap" said it twice). The gap stays a
 * finding of its own in the diagnosis, with its days.
 */
function isSilenceOfStoppedSource(finding: Finding, findings: readonly Finding[]): boolean {
  if (finding.kind !== 'gap') return false;
  return findings.some((other) => other.kind === 'sourceStopped' && other.lastDay < finding.firstDay);
}

/** Connected sources able to deliver that stopped or never delivered, by slug. */
export function silentSources(findings: readonly Finding[]): string[] {
  return findings.flatMap((f) => (f.kind === 'sourceStopped' || f.kind === 'sourceNeverDelivered' ? [f.provider] : [])).sort();
}

/** The findings of readings already grouped (the history is what was read; it holds the window). */
export function diagnose(input: DiagnosisInput): Finding[] {
  const readings = new ReadingDays(input.zone, input.window);
  readings.addGroups(input.groups);
  return diagnoseReadingDays(input.user, readings, { nowMs: input.nowMs, gapDays: input.gapDays });
}

export interface DiagnosisOptions {
  nowMs: number;
  /** Days without readings that count as a gap, or as a source that stopped; default 7. */
  gapDays?: number;
}

/** The findings of one user's readings (read page by page into `readings`, window and zone included). */
export function diagnoseReadingDays(user: User, readings: ReadingDays, options: DiagnosisOptions): Finding[] {
  const { zone } = readings;
  const gapDays = options.gapDays ?? DEFAULT_GAP_DAYS;
  const today = zone.dayIndex(options.nowMs);
  const lastUsefulDay = Math.min(readings.lastDay, today);
  const findings: Finding[] = [];

  const connected = new Set<string>();
  const sources = user.connected_sources ?? [];
  for (const source of sources) {
    const { slug } = providerOf(source);
    connected.add(slug);
    findings.push(sourceFinding(slug, dayOfTimestamp(source.created_on, zone), readings, lastUsefulDay, gapDays, user));
  }
  for (const provider of readings.providerSlugs()) {
    const seen = readings.provider(provider);
    if (seen && !connected.has(provider)) findings.push({ kind: 'deliveredWithoutConnection', provider, lastDay: dayKeyOfIndex(seen.last) });
  }
  findings.push(...lastReadings(readings));

  // Gaps matter for a user who should have readings: a connected source able to deliver, or readings in the window.
  const anyExpected = sources.some((s) => expectedToDeliver(capabilityOf(providerOf(s).slug)?.bloodPressure ?? 'none'));
  if (anyExpected || readings.readingsInWindow > 0) findings.push(...gaps(user, readings, lastUsefulDay, gapDays));

  const ingestionStart = dayOfDate(user.ingestion_start);
  const ingestionEnd = dayOfDate(user.ingestion_end);
  if (user.ingestion_start && ingestionStart !== undefined && readings.firstDay < ingestionStart) {
    findings.push({ kind: 'windowStartsBeforeIngestion', ingestionStart: user.ingestion_start, windowFirstDay: readings.window.firstDay });
  }
  if (user.ingestion_end && ingestionEnd !== undefined && readings.lastDay > ingestionEnd) {
    findings.push({ kind: 'windowEndsAfterIngestion', ingestionEnd: user.ingestion_end, windowLastDay: readings.window.lastDay });
  }
  findings.push(...timeZoneFindings(user, readings, today));
  return findings;
}

/** The zone's day index of a timestamp; undefined when none was sent or it is no date. */
function dayOfTimestamp(value: string | null | undefined, zone: ZoneCalendar): number | undefined {
  const ms = Date.parse(value ?? '');
  return Number.isNaN(ms) ? undefined : zone.dayIndex(ms);
}

function sourceFinding(
  provider: string,
  connectedDay: number | undefined,
  readings: ReadingDays,
  lastUsefulDay: number,
  gapDays: number,
  user: User,
): Finding {
  const connectedOn = connectedDay === undefined ? undefined : dayKeyOfIndex(connectedDay);
  const seen = readings.provider(provider);
  if (seen) {
    const silentFor = lastUsefulDay - seen.last;
    if (silentFor >= gapDays) {
      const ingestionEnd = dayOfDate(user.ingestion_end);
      const atIngestionEnd = ingestionEnd !== undefined && seen.last >= ingestionEnd - gapDays;
      return { kind: 'sourceStopped', provider, connectedOn, lastDay: dayKeyOfIndex(seen.last), daysSince: silentFor, atIngestionEnd };
    }
    return { kind: 'sourceDelivering', provider, connectedOn, lastDay: dayKeyOfIndex(seen.last), daysWithReadingsInWindow: seen.windowDays };
  }
  const capability = capabilityOf(provider);
  if (!capability) return { kind: 'sourceCapabilityUnknown', provider, connectedOn };
  if (expectedToDeliver(capability.bloodPressure)) return { kind: 'sourceNeverDelivered', provider, connectedOn, capability: capability.bloodPressure };
  return { kind: 'sourceCannotMeasure', provider, connectedOn, capability: capability.bloodPressure, basis: capability.basis };
}

/** The last reading of each source, newest first. */
function lastReadings(readings: ReadingDays): Finding[] {
  return readings
    .lastReadings()
    .map((last) => ({ last, day: readings.zone.dayIndex(last.epochMs) }))
    .sort((a, b) => b.day - a.day || compareText(a.last.provider, b.last.provider) || compareText(a.last.sourceType ?? '', b.last.sourceType ?? ''))
    .map(({ last, day }) => ({ kind: 'lastReading', provider: last.provider, sourceType: last.sourceType, lastDay: dayKeyOfIndex(day), timestamp: last.timestamp }));
}

/** Runs of at least `gapDays` days without any reading, inside the window, from the first connection on. */
function gaps(user: User, readings: ReadingDays, lastUsefulDay: number, gapDays: number): Finding[] {
  const { zone } = readings;
  let from = readings.firstDay;
  let firstConnection = Infinity;
  for (const source of user.connected_sources ?? []) {
    const connected = dayOfTimestamp(source.created_on, zone);
    if (connected !== undefined) firstConnection = Math.min(firstConnection, connected);
  }
  if (firstConnection + 1 > from) from = firstConnection + 1;
  const ingestionStart = dayOfDate(user.ingestion_start);
  if (ingestionStart !== undefined && ingestionStart > from) from = ingestionStart;
  let to = lastUsefulDay;
  const ingestionEnd = dayOfDate(user.ingestion_end);
  if (ingestionEnd !== undefined && ingestionEnd < to) to = ingestionEnd;
  const findings: Finding[] = [];
  let runStart: number | undefined;
  for (let day = from; day <= to; day++) {
    const empty = (readings.perWindowDay[day - readings.firstDay] ?? 0) === 0;
    if (empty && runStart === undefined) runStart = day;
    if (runStart !== undefined && (!empty || day === to)) {
      const lastDay = empty ? day : day - 1;
      const days = lastDay - runStart + 1;
      if (days >= gapDays) findings.push({ kind: 'gap', firstDay: dayKeyOfIndex(runStart), lastDay: dayKeyOfIndex(lastDay), days });
      runStart = undefined;
    }
  }
  return findings;
}

function timeZoneFindings(user: User, readings: ReadingDays, today: number): Finding[] {
  const setting = user.fallback_time_zone;
  // Without an id there is no zone to count days in, whatever else the object carries.
  if (!setting || typeof setting.id !== 'string') return [{ kind: 'noFallbackTimeZone' }];
  const zoneId = setting.id;
  const updated = dayOfTimestamp(setting.updated_at, readings.zone);
  const findings: Finding[] = [
    {
      kind: 'fallbackTimeZone',
      zone: zoneId,
      sourceSlug: setting.source_slug ?? undefined,
      updatedOn: updated === undefined ? undefined : dayKeyOfIndex(updated),
      ageDays: updated === undefined ? undefined : Math.max(-1, today - updated),
      changedInWindow: updated !== undefined && updated >= readings.firstDay && updated <= readings.lastDay,
    },
  ];
  const differing = readings.differingOffsets;
  if (differing.readings > 0) {
    findings.push({
      kind: 'offsetsDiffer',
      zone: zoneId,
      readings: differing.readings,
      offsets: [...differing.offsets].sort(),
      firstDay: dayKeyOfIndex(differing.firstDay),
      lastDay: dayKeyOfIndex(differing.lastDay),
    });
  }
  return findings;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
