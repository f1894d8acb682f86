import * as z from 'zod';
import { SEVERITY, type Finding, type Severity } from '../../domain/coverage/dataDiagnosis';
import { diagnoseUser } from '../../domain/coverage/diagnoseUser';
import { DEFAULT_DIAGNOSIS_DAYS } from '../../domain/coverage/diagnosisWindow';
import { evidenceRange } from '../../domain/coverage/findingEvidence';
import { defineTool } from '../agentTool';
import { quoted } from '../dataText';
import { errorResult } from '../failures';
import { findingText } from '../findingText';
import { isHealthApiError } from '../../api/errors';
import { classifyUserArgument, lookUpUser } from '../userLookup';
import { failureResult, ResultBuilder } from '../resultBuilder';
import { counted } from '../counts';

const input = z
  .object({
    user: z.string().min(1).max(2000).describe('The client_user_id or user_id (UUID) of the user.'),
    days: z.number().int().min(1).max(366).default(DEFAULT_DIAGNOSIS_DAYS).describe('The window: the last N days of the user\'s calendar, today included (the panel offers 7, 14, 30, 90).'),
  })
  .strict();

const SEVERITY_ORDER: readonly Severity[] = ['problem', 'warning', 'info'];
const HEADINGS: Record<Severity, string> = { problem: 'Why data is missing', warning: 'Worth checking', info: 'Facts' };

export const diagnoseUserTool = defineTool({
  name: 'diagnose_user',
  title: 'Diagnose missing blood pressure',
  description:
    'Explains why a user\'s blood pressure is missing in the last N days: the same diagnosis as the Diagnose Data panel. Each finding in plain words with its evidence and a next step: sources that stopped or never delivered, ' +
    'sources that cannot measure blood pressure, gaps, ingestion bounds, time-zone changes. Use it for "why is this user\'s data missing?". ' +
    'Cost: resolves the user and reads every page of blood pressure over the window and the year before it (one request per 2,000 readings).',
  input,
  describeCall: ({ user, days }) => `Diagnosing blood pressure of ${quoted(user, 60)}, last ${days} days`,
  async run({ user, days }, context) {
    const tool = 'diagnose_user';
    const { environment, signal } = context;
    try {
      const client = await context.client();
      // diagnoseUser resolves the user itself: a client_user_id costs no extra request; a user_id is searched first.
      const id = classifyUserArgument(user);
      let clientUserId: string;
      if (id.kind === 'clientUserId') clientUserId = id.value;
      else {
        const found = await lookUpUser(tool, user, context, client);
        if (!found.ok) return found.result;
        clientUserId = found.user.client_user_id;
      }
      const diagnosis = await diagnoseUser(client, clientUserId, {
        days,
        signal,
        ...(context.nowMs === undefined ? {} : { nowMs: context.nowMs }),
        onPage: (pages, readings) => context.onProgress?.({ message: `Read ${counted(pages, 'page')}, ${counted(readings, 'reading')}` }),
      }).catch((error: unknown) => {
        if (isHealthApiError(error) && error.kind === 'not_found' && error.url.includes('/v2/user/resolve/')) return undefined;
        throw error;
      });
      if (!diagnosis) {
        return failureResult(tool, environment, `no user has client_user_id ${quoted(clientUserId)} in ${environment.label}.`, 'Check the id: list_users with a prefix of it searches client_user_ids and user_ids.');
      }
      const { window, zone, findings } = diagnosis;
      const result = new ResultBuilder(tool, environment);
      result.line(
        `User ${quoted(diagnosis.user.client_user_id)}: ${window.firstDay} to ${window.lastDay} (days in ${quoted(zone.zone)}), ${counted(diagnosis.readingsInWindow, 'reading')} in the window; ${counted(diagnosis.pages.length, 'page')} read back to ${diagnosis.history.firstDay}.`,
      );
      const problems = findings.filter((finding) => SEVERITY[finding.kind] === 'problem').length;
      result.line(
        findings.length === 0
          ? 'No connected source and no readings: nothing can deliver blood pressure.'
          : problems === 0
            ? 'Nothing is missing: every source able to measure blood pressure delivered.'
            : `${counted(problems, 'finding')} ${problems === 1 ? 'explains' : 'explain'} missing data.`,
      );
      result.set('user', { client_user_id: diagnosis.user.client_user_id, user_id: diagnosis.user.user_id });
      result.set('window', { ...window, days, timeZone: zone.zone }).set('readingsInWindow', diagnosis.readingsInWindow).set('pagesRead', diagnosis.pages.length);
      const ordered = SEVERITY_ORDER.flatMap((severity) => findings.filter((finding) => SEVERITY[finding.kind] === severity));
      let heading: Severity | undefined;
      result.list(
        'findings',
        ordered,
        (finding: Finding) => {
          const severity = SEVERITY[finding.kind];
          const words = findingText(finding, zone.zone);
          const range = evidenceRange(finding, window);
          const evidence = range
            ? { start_date: range.startDate, end_date: range.endDate, ...(range.provider ? { provider: range.provider } : {}) }
            : undefined;
          const title = severity !== heading ? `${HEADINGS[severity]}:\n` : '';
          heading = severity;
          const evidenceText = range
            ? ` Evidence: blood_pressure_summary start_date=${range.startDate} end_date=${range.endDate}${range.provider ? ` provider=${quoted(range.provider)}` : ''}.`
            : '';
          return {
            line: `${title}- [${severity}] ${words.text} Next step: ${words.nextStep}${evidenceText}`,
            data: { severity, ...finding, text: words.text, nextStep: words.nextStep, ...(evidence ? { evidence } : {}) },
          };
        },
        () => 'The most important findings come first; call diagnose_user with fewer days for a shorter list.',
      );
      return result.build();
    } catch (error) {
      return errorResult(tool, environment, error);
    }
  },
});
