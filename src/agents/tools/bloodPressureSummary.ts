import * as z from 'zod';
import { iterateBloodPressurePages } from '../../api/paging';
import { BLOOD_PRESSURE_CATEGORIES, bloodPressureCategory, type BloodPressureCategory } from '../../domain/bloodPressure/bloodPressureCategory';
import { IMPLAUSIBILITY_CODES, implausibilityOf } from '../../domain/bloodPressure/bloodPressurePlausibility';
import { isPressureUnit } from '../../domain/bloodPressure/bloodPressureUnits';
import { computeCoverage, type Coverage, type DayRange } from '../../domain/coverage/bloodPressureCoverage';
import { ReadingGrouper, type Reading, type ReadingGroup } from '../../domain/bloodPressure/bloodPressureGroups';
import { summarizeByProvider } from '../../domain/bloodPressure/bloodPressureSummary';
import { DEFAULT_GAP_DAYS } from '../../domain/coverage/dataDiagnosis';
import { DEFAULT_DIAGNOSIS_DAYS, lastDaysWindow } from '../../domain/coverage/diagnosisWindow';
import { checkDateRange, isDateOnly } from '../../domain/inputValidation';
import { dayCount, ZoneCalendar } from '../../domain/zonedTime';
import { defineTool } from '../agentTool';
import { quoted } from '../dataText';
import { errorResult } from '../failures';
import { failureResult, ResultBuilder } from '../resultBuilder';
import { lookUpUser } from '../userLookup';
import { counted } from '../counts';

export const MAX_RAW_READINGS = 100;
const MAX_WINDOW_DAYS = 366;
const GAPS_PER_GROUP = 3;

const input = z
  .object({
    user: z.string().min(1).max(2000).describe('The client_user_id or user_id (UUID) of the user.'),
    days: z.number().int().min(1).max(MAX_WINDOW_DAYS).optional().describe('The last N days of the user\'s calendar, today included (default 30). Leave out when start_date is given.'),
    start_date: z.string().max(40).optional().describe('First day, YYYY-MM-DD, in the user\'s fallback time zone. Use with end_date for a fixed range (at most 366 days).'),
    end_date: z.string().max(40).optional().describe('Last day, YYYY-MM-DD (default: today).'),
    provider: z.string().max(100).optional().describe('Only this provider slug, e.g. "withings".'),
    raw_readings: z.number().int().min(0).max(MAX_RAW_READINGS).default(0).describe(`The newest N readings themselves (0–${MAX_RAW_READINGS}); default none: a summary is usually enough.`),
  })
  .strict();

type Input = z.infer<typeof input>;

interface GroupSummary {
  provider: string;
  /** null: the service sent no source type. */
  source_type: string | null;
  readings: number;
  /** First and last reading, in the user's fallback time zone with its offset (as the window's days). */
  first: string;
  last: string;
  /** Of the readings in mmHg (or without a unit) only; null when there is none. */
  systolic: { min: number; mean: number; max: number } | null;
  diastolic: { min: number; mean: number; max: number } | null;
  /** Readings in another unit than mmHg, per unit as sent: never in the figures or categories. */
  other_units: Record<string, number>;
  /** Readings in mmHg that cannot be a blood pressure, per reason: never in the figures or categories. */
  implausible: Record<string, number>;
  days_with_readings: number;
  longest_gaps: { first_day: string; last_day: string; days: number }[];
  categories: Partial<Record<BloodPressureCategory, number>>;
}

/** Runs of at least DEFAULT_GAP_DAYS days without a reading of one group (its coverage, one day per cell), longest first. */
function gapsOf(coverage: Coverage): GroupSummary['longest_gaps'] {
  const counts = coverage.providers[0]?.counts ?? [];
  const gaps: GroupSummary['longest_gaps'] = [];
  let start = -1;
  for (let i = 0; i <= coverage.cells.length; i++) {
    const empty = i < coverage.cells.length && (counts[i] ?? 0) === 0;
    if (empty && start < 0) start = i;
    if (!empty && start >= 0) {
      const first = coverage.cells[start]!.firstDay;
      const last = coverage.cells[i - 1]!.lastDay;
      const days = dayCount(first, last);
      if (days >= DEFAULT_GAP_DAYS) gaps.push({ first_day: first, last_day: last, days });
      start = -1;
    }
  }
  return gaps.sort((a, b) => b.days - a.days).slice(0, GAPS_PER_GROUP);
}

/** An instant as the user's calendar reads it, with that zone's offset: "2026-11-20T07:35:59+01:00" (the window's days are the same zone's). */
export function zonedInstant(zone: ZoneCalendar, epochMs: number): string {
  return `${zone.formatWallTime(epochMs).replace(' ', 'T')}${zone.formatOffset(epochMs)}`;
}

function summarise(group: ReadingGroup, zone: ZoneCalendar, range: DayRange): GroupSummary {
  const [totals] = summarizeByProvider([group]);
  const categories: Partial<Record<BloodPressureCategory, number>> = {};
  let minSys = Infinity;
  let maxSys = -Infinity;
  let minDia = Infinity;
  let maxDia = -Infinity;
  const otherUnits: Record<string, number> = {};
  const implausible: Record<string, number> = {};
  for (const reading of group.readings) {
    if (!isPressureUnit(reading.unit)) {
      const unit = reading.unit ?? '';
      otherUnits[unit] = (otherUnits[unit] ?? 0) + 1;
      continue;
    }
    const why = implausibilityOf(reading.systolic, reading.diastolic);
    if (why !== undefined) {
      const code = IMPLAUSIBILITY_CODES[why];
      implausible[code] = (implausible[code] ?? 0) + 1;
      continue;
    }
    minSys = Math.min(minSys, reading.systolic);
    maxSys = Math.max(maxSys, reading.systolic);
    minDia = Math.min(minDia, reading.diastolic);
    maxDia = Math.max(maxDia, reading.diastolic);
    const category = bloodPressureCategory(reading.systolic, reading.diastolic);
    categories[category] = (categories[category] ?? 0) + 1;
  }
  const coverage = computeCoverage([group], zone, range, { maxCells: MAX_WINDOW_DAYS + 31 });
  return {
    provider: group.provider,
    source_type: group.sourceType ?? null,
    readings: group.readings.length,
    first: zonedInstant(zone, totals?.firstMs ?? 0),
    last: zonedInstant(zone, totals?.lastMs ?? 0),
    systolic: totals && totals.pressureCount > 0 ? { min: minSys, mean: Math.round(totals.meanSystolic), max: maxSys } : null,
    diastolic: totals && totals.pressureCount > 0 ? { min: minDia, mean: Math.round(totals.meanDiastolic), max: maxDia } : null,
    other_units: otherUnits,
    implausible,
    days_with_readings: coverage.providers[0]?.daysWithReadings ?? 0,
    longest_gaps: gapsOf(coverage),
    categories,
  };
}

function rangeOf(args: Input, zone: ZoneCalendar, nowMs: number): { ok: true; range: DayRange } | { ok: false; problem: string; nextStep: string } {
  if (args.start_date === undefined) {
    if (args.end_date !== undefined) return { ok: false, problem: 'end_date was given without start_date.', nextStep: 'Pass start_date too, or only days.' };
    return { ok: true, range: lastDaysWindow(args.days ?? DEFAULT_DIAGNOSIS_DAYS, zone, nowMs) };
  }
  if (args.days !== undefined) return { ok: false, problem: 'both days and start_date were given.', nextStep: 'Pass either days, or start_date (and end_date).' };
  const end = args.end_date ?? zone.dayKey(nowMs);
  const problem = checkDateRange(args.start_date, end);
  if (problem || !isDateOnly(args.start_date) || !isDateOnly(end)) {
    const why =
      problem === 'endBeforeStart'
        ? `end_date ${quoted(end)} is before start_date ${quoted(args.start_date)}.`
        : `the dates must be real calendar days written YYYY-MM-DD (got start_date ${quoted(args.start_date)}, end_date ${quoted(end)}).`;
    return { ok: false, problem: why, nextStep: 'Call again with dates like 2026-01-31.' };
  }
  if (dayCount(args.start_date, end) > MAX_WINDOW_DAYS) {
    return { ok: false, problem: `the range has ${dayCount(args.start_date, end)} days; at most ${MAX_WINDOW_DAYS}.`, nextStep: 'Ask for a shorter range, or several ranges in turn.' };
  }
  return { ok: true, range: { firstDay: args.start_date, lastDay: end } };
}

function newest(groups: readonly ReadingGroup[], count: number): { group: ReadingGroup; reading: Reading }[] {
  if (count === 0) return [];
  const all = groups.flatMap((group) => group.readings.map((reading) => ({ group, reading })));
  return all.sort((a, b) => b.reading.epochMs - a.reading.epochMs).slice(0, count);
}

export const bloodPressureSummaryTool = defineTool({
  name: 'blood_pressure_summary',
  title: 'Summarise blood pressure',
  description:
    'Summarises one user\'s blood pressure over a window: per provider and source type the number of readings, first and last reading (in the user\'s time zone, with its offset), min/mean/max systolic and diastolic, days with readings, the longest gaps, and the count per AHA category. ' +
    'Days are the user\'s fallback time zone\'s. Raw readings only when asked (raw_readings, at most 100). Use it to see what arrived; diagnose_user explains what did not. ' +
    'Cost: resolves the user and reads every page of the window (one request per 2,000 readings).',
  input,
  describeCall: (args) =>
    `Reading blood pressure of ${quoted(args.user, 60)}, ${args.start_date ? `${args.start_date} to ${args.end_date ?? 'today'}` : `last ${args.days ?? DEFAULT_DIAGNOSIS_DAYS} days`}${args.provider ? `, ${quoted(args.provider, 40)} only` : ''}`,
  async run(args, context) {
    const tool = 'blood_pressure_summary';
    const { environment, signal } = context;
    try {
      const client = await context.client();
      const found = await lookUpUser(tool, args.user, context, client);
      if (!found.ok) return found.result;
      const user = found.user;
      const zone = new ZoneCalendar(user.fallback_time_zone?.id ?? undefined);
      const window = rangeOf(args, zone, context.nowMs ?? Date.now());
      if (!window.ok) return failureResult(tool, environment, window.problem, window.nextStep);
      const { range } = window;
      const grouper = new ReadingGrouper(zone);
      let pages = 0;
      const query = { startDate: range.firstDay, endDate: range.lastDay, ...(args.provider ? { provider: args.provider } : {}) };
      for await (const page of iterateBloodPressurePages(client, user.user_id, query, { signal }, 'pipelined')) {
        pages++;
        grouper.add(page.groups);
        context.onProgress?.({ message: `Read ${counted(pages, 'page')}, ${counted(grouper.readingCount, 'reading')}` });
      }
      const groups = grouper.groups();
      const result = new ResultBuilder(tool, environment);
      result.line(
        `User ${quoted(user.client_user_id)}: ${range.firstDay} to ${range.lastDay} (days in ${quoted(zone.zone)})${args.provider ? `, provider ${quoted(args.provider)}` : ''}: ${counted(grouper.readingCount, 'reading')} from ${counted(groups.length, 'source')}, ${counted(pages, 'page')} read.`,
      );
      if (grouper.unreadableCount > 0) result.line(`${counted(grouper.unreadableCount, 'reading')} had a timestamp that is not a date and ${grouper.unreadableCount === 1 ? 'is' : 'are'} left out.`);
      if (groups.length === 0) result.line('No readings in this window. diagnose_user explains why.');
      result.set('user', { client_user_id: user.client_user_id, user_id: user.user_id });
      result.set('range', { start_date: range.firstDay, end_date: range.lastDay, timeZone: zone.zone, provider: args.provider ?? null });
      result.set('readings', grouper.readingCount).set('unreadableReadings', grouper.unreadableCount);
      result.list(
        'groups',
        groups.map((group) => summarise(group, zone, range)),
        (summary) => {
          const categories = BLOOD_PRESSURE_CATEGORIES.filter((c) => summary.categories[c]).map((c) => `${c} ${summary.categories[c]}`).join(', ');
          const gaps = summary.longest_gaps.map((gap) => `${gap.first_day}–${gap.last_day} (${gap.days} d)`).join(', ');
          const figures = (name: string, values: GroupSummary['systolic']): string => (values ? `${name} ${values.min}/${values.mean}/${values.max}` : `${name} none in mmHg`);
          const others = Object.entries(summary.other_units).map(([unit, count]) => `${count} in ${quoted(unit)}`).join(', ');
          const implausible = Object.entries(summary.implausible).map(([why, count]) => `${count} ${why}`).join(', ');
          return {
            line:
              `- ${quoted(summary.provider)} / ${quoted(summary.source_type)}: ${counted(summary.readings, 'reading')}, ${summary.first} to ${summary.last}, on ${counted(summary.days_with_readings, 'day')}; ` +
              `${figures('systolic', summary.systolic)}, ${figures('diastolic', summary.diastolic)} (min/mean/max of the mmHg readings); ` +
              (others ? `not in mmHg, left out of the figures and categories: ${others}; ` : '') +
              (implausible ? `implausible (cannot be a blood pressure), left out of the figures and categories: ${implausible}; ` : '') +
              `categories: ${categories || 'none'}; gaps of ${DEFAULT_GAP_DAYS}+ days: ${gaps || 'none'}.`,
            data: summary,
          };
        },
        () => 'Pass provider to see one provider at a time.',
      );
      const raw = newest(groups, args.raw_readings);
      if (raw.length > 0) {
        result.line(`Newest ${raw.length === 1 ? 'reading' : `${raw.length} readings`} (timestamps as sent):`);
        result.list(
          'rawReadings',
          raw,
          ({ group, reading }) => ({
            line: `- ${quoted(reading.timestamp)} ${reading.systolic}/${reading.diastolic} ${quoted(reading.unit)} ${quoted(group.provider)}/${quoted(group.sourceType)}`,
            data: { timestamp: reading.timestamp, systolic: reading.systolic, diastolic: reading.diastolic, unit: reading.unit ?? null, provider: group.provider, source_type: group.sourceType ?? null },
          }),
          (shown) => `Ask for raw_readings=${shown} or a shorter range.`,
        );
      }
      return result.build();
    } catch (error) {
      return errorResult(tool, environment, error);
    }
  },
});
