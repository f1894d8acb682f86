import * as z from 'zod';
import { scanCoverage, type ScanRow } from '../../domain/coverage/coverageScan';
import { compareRows, keepsRow, type ScannedRow, type ScanFilter } from '../../domain/coverage/coverageScanTable';
import { DEFAULT_DIAGNOSIS_DAYS } from '../../domain/coverage/diagnosisWindow';
import { listScopeUsers, type UserScope } from '../../domain/coverage/scanUsers';
import { defineTool, type AgentToolContext } from '../agentTool';
import type { RememberedScan } from '../agentSession';
import { quoted } from '../dataText';
import { FINDING_WORDS } from '../findingText';
import { errorResult } from '../failures';
import { failureResult, ResultBuilder } from '../resultBuilder';
import { counted } from '../counts';

export const DEFAULT_SCAN_USERS = 100;
const MAX_FIRST_USERS = 100_000;

const SHOW = ['problems', 'connectedButSilent', 'stoppedSyncing', 'neverDelivered', 'noReadings', 'failed', 'all'] as const;
type Show = (typeof SHOW)[number];

const input = z
  .object({
    days: z.number().int().min(1).max(366).default(DEFAULT_DIAGNOSIS_DAYS).describe('The window: the last N days of each user\'s calendar (the panel offers 7, 14, 30, 90).'),
    first: z.number().int().min(1).max(MAX_FIRST_USERS).optional().describe(`Scan the first N users of the list (default ${DEFAULT_SCAN_USERS}).`),
    all: z.boolean().optional().describe('Scan every user of the team. Costs at least one request per user.'),
    prefix: z.string().min(1).max(256).optional().describe('Scan only users whose client_user_id or user_id starts with this prefix (reads the whole user list to find them).'),
    provider: z.string().max(100).optional().describe('Only this provider slug.'),
    show: z.enum(SHOW).default('problems').describe('Which rows to list: users with any problem (default), one kind of problem, users without readings, failed rows, or all.'),
    offset: z.number().int().min(0).max(10_000_000).default(0).describe('First row to list, for paging through a scan already made (it is remembered for 10 minutes).'),
  })
  .strict();

type Input = z.infer<typeof input>;

function scopeOf(args: Input): UserScope {
  if (args.prefix) return { kind: 'filtered', prefix: args.prefix };
  if (args.all) return { kind: 'all' };
  return { kind: 'first', count: args.first ?? DEFAULT_SCAN_USERS };
}

const FILTER_OF: Partial<Record<Show, ScanFilter>> = { connectedButSilent: 'connectedButSilent', stoppedSyncing: 'stoppedSyncing', neverDelivered: 'neverDelivered', all: 'all' };

function rowsToShow(rows: readonly ScanRow[], show: Show): ScanRow[] {
  const scanned = rows.filter((row): row is ScannedRow => row.status === 'scanned');
  const worstFirst = (list: ScannedRow[]): ScannedRow[] => list.sort(compareRows('daysWithoutData'));
  switch (show) {
    case 'failed':
      return rows.filter((row) => row.status === 'failed');
    case 'noReadings':
      return worstFirst(scanned.filter((row) => row.readings === 0));
    case 'problems':
      return worstFirst(scanned.filter((row) => row.findings.length > 0));
    default:
      return worstFirst(scanned.filter((row) => keepsRow(row, FILTER_OF[show] ?? 'all')));
  }
}

function rowText(row: ScanRow): { line: string; data: unknown } {
  if (row.status === 'failed') {
    return { line: `- ${quoted(row.clientUserId)}: failed (${row.reason}): ${quoted(row.message, 160)}`, data: { client_user_id: row.clientUserId, user_id: row.userId, status: 'failed', reason: row.reason, message: row.message } };
  }
  if (row.status === 'notScanned') return { line: `- ${quoted(row.clientUserId)}: not scanned (cancelled)`, data: { client_user_id: row.clientUserId, user_id: row.userId, status: 'notScanned' } };
  const silent = row.silentSources.length > 0 ? `; silent: ${row.silentSources.map((slug) => quoted(slug)).join(', ')}` : '';
  const words = row.findings.map((kind) => FINDING_WORDS[kind]);
  const findings = words.length > 0 ? `; findings: ${words.join(', ')}` : '';
  return {
    line: `- ${quoted(row.clientUserId)}: ${counted(row.readings, 'reading')} on ${counted(row.daysWithReadings, 'day')}, last ${row.lastReadingDay ?? 'never'}, ${counted(row.daysWithoutData, 'day')} without data${silent}${findings}`,
    data: {
      client_user_id: row.clientUserId,
      user_id: row.userId,
      readings: row.readings,
      days_with_readings: row.daysWithReadings,
      last_reading_day: row.lastReadingDay ?? null,
      days_without_data: row.daysWithoutData,
      silent_sources: row.silentSources,
      findings: words,
    },
  };
}

async function runScan(args: Input, context: AgentToolContext, key: string): Promise<RememberedScan> {
  const client = await context.client();
  const { signal, environment } = context;
  context.onProgress?.({ message: `Listing the users of ${environment.label}` });
  let listed = 0;
  const users = await listScopeUsers(client, scopeOf(args), { signal, onPage: (count) => (listed = count) });
  const result = await scanCoverage(client, users, {
    days: args.days,
    concurrency: context.scanConcurrency ?? 4,
    ...(args.provider ? { provider: args.provider } : {}),
    ...(signal ? { signal } : {}),
    ...(context.nowMs === undefined ? {} : { nowMs: context.nowMs }),
    onProgress: (progress) => context.onProgress?.({ message: `Scanned ${progress.done} of ${progress.total} users`, done: progress.done, total: progress.total }),
  });
  return { environmentId: environment.id, key, result, listed, at: context.nowMs ?? Date.now() };
}

export const scanCoverageTool = defineTool({
  name: 'scan_coverage',
  title: 'Scan the team\'s blood-pressure coverage',
  description:
    'Scans many users at once, like the Scan Data Coverage panel: for each user the blood pressure of the last N days, then counts and lists the users whose connected source went silent, stopped syncing or never delivered, the users without readings, and the rows that failed and why. ' +
    `Use it for team-wide questions ("who stopped syncing this week?"). Scope: the first ${DEFAULT_SCAN_USERS} users by default, first N, a prefix, or all. ` +
    'Cost: at least one request per user (more for users with many readings or silent sources); the last scan is remembered for 10 minutes, so paging through its rows (offset, show) costs nothing.',
  input,
  describeCall: (args) => {
    const scope = args.prefix ? `users starting with ${quoted(args.prefix, 40)}` : args.all ? 'every user' : `the first ${args.first ?? DEFAULT_SCAN_USERS} users`;
    return `Scanning blood-pressure coverage of ${scope}, last ${args.days} days${args.provider ? `, ${quoted(args.provider, 40)} only` : ''}`;
  },
  async run(args, context) {
    const tool = 'scan_coverage';
    const { environment } = context;
    if ([args.all === true, args.first !== undefined, args.prefix !== undefined].filter(Boolean).length > 1) {
      return failureResult(tool, environment, 'more than one of first, all and prefix was given.', 'Pass one scope: first, all or prefix (or none for the first 100 users).');
    }
    const key = JSON.stringify({ days: args.days, scope: scopeOf(args), provider: args.provider ?? '' });
    try {
      const nowMs = context.nowMs ?? Date.now();
      let scan = context.session.scan(environment.id, key, nowMs);
      const remembered = scan !== undefined;
      if (!scan) {
        scan = await runScan(args, context, key);
        if (!scan.result.cancelled) context.session.rememberScan(scan);
      }
      const { rows, cancelled, requests } = scan.result;
      const scanned = rows.filter((row): row is ScannedRow => row.status === 'scanned');
      const count = (filter: ScanFilter): number => scanned.filter((row) => keepsRow(row, filter)).length;
      const counts = {
        users: rows.length,
        scanned: scanned.length,
        failed: rows.filter((row) => row.status === 'failed').length,
        notScanned: rows.filter((row) => row.status === 'notScanned').length,
        withProblems: scanned.filter((row) => row.findings.length > 0).length,
        connectedButSilent: count('connectedButSilent'),
        stoppedSyncing: count('stoppedSyncing'),
        neverDelivered: count('neverDelivered'),
        noReadings: scanned.filter((row) => row.readings === 0).length,
      };
      const result = new ResultBuilder(tool, environment);
      result.line(
        `${remembered ? 'Remembered scan' : 'Scan'} of ${counts.users} users${args.provider ? `, provider ${quoted(args.provider)}` : ''}, last ${args.days} days${cancelled ? ' (CANCELLED: rows not scanned are counted as such)' : ''}: ` +
          `${counts.scanned} scanned, ${counts.failed} failed, ${counts.notScanned} not scanned; ${requests} requests.`,
      );
      result.line(
        `With problems: ${counts.withProblems}. Connected but silent: ${counts.connectedButSilent}; stopped syncing: ${counts.stoppedSyncing}; never delivered: ${counts.neverDelivered}; no readings at all: ${counts.noReadings}.`,
      );
      result.set('scope', { days: args.days, ...scopeOf(args), provider: args.provider ?? null }).set('counts', counts).set('cancelled', cancelled).set('remembered', remembered);
      const listed = rowsToShow(rows, args.show);
      if (args.offset > 0 && args.offset >= listed.length) {
        return failureResult(tool, environment, `offset ${args.offset} is past the last ${args.show} row (there are ${listed.length}).`, `Call again with an offset from 0 to ${Math.max(0, listed.length - 1)}.`, { counts });
      }
      result.line(listed.length === 0 ? `No ${args.show} rows.` : `Rows (${args.show}, worst first), from ${args.offset}:`);
      const page = listed.slice(args.offset);
      result.set('show', args.show).set('offset', args.offset);
      result.list('rows', page, (row) => rowText(row), (shown) => `Call scan_coverage again with the same arguments and offset=${args.offset + shown} (answered from the remembered scan).`);
      if (counts.withProblems > 0) result.line('Next: diagnose_user on one of these users explains its findings.');
      return result.build();
    } catch (error) {
      return errorResult(tool, environment, error);
    }
  },
});
