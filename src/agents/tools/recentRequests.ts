import * as z from 'zod';
import { durationText, outcomeOf, pathOf } from '../../domain/requests/requestPresentation';
import { isErrorRecord, type RequestRecord } from '../../domain/requests/requestRecords';
import { defineTool } from '../agentTool';
import { quoted } from '../dataText';
import { ResultBuilder } from '../resultBuilder';

const input = z
  .object({
    errors_only: z.boolean().default(false).describe('Only failed requests (status 400 and above, or no response).'),
    user: z.string().min(1).max(256).optional().describe('Only requests about this user_id or client_user_id (matched in the request path).'),
    limit: z.number().int().min(1).max(50).default(20).describe('Requests to return, newest first, 1–50.'),
  })
  .strict();

function mentions(record: RequestRecord, user: string): boolean {
  const wanted = [user, encodeURIComponent(user)].map((value) => value.toLowerCase());
  const url = record.url.toLowerCase();
  return wanted.some((value) => url.includes(value));
}

function totalMs(record: RequestRecord): number {
  return record.attempts.reduce((sum, attempt) => sum + attempt.ms + (attempt.waitMs ?? 0), 0);
}

export const recentRequestsTool = defineTool({
  name: 'recent_requests',
  title: 'Recent Health Data requests',
  description:
    'Lists the latest requests made to the Health Data API (in VS Code: by this window, panels and agents alike, as the Requests view shows them; over MCP: by this server), newest first: ' +
    'status or failure cause, method, path, duration, attempts and environment. Never a key or a body. Use it to see what failed and why. Cost: none (no request to the API).',
  input,
  describeCall: ({ errors_only, user }) => `Reading the recent ${errors_only ? 'failed ' : ''}requests${user ? ` about ${quoted(user, 60)}` : ''}`,
  async run(args, context) {
    const all = [...context.requests()].reverse();
    const kept = all.filter((record) => (!args.errors_only || isErrorRecord(record)) && (!args.user || mentions(record, args.user)));
    const result = new ResultBuilder('recent_requests', context.environment);
    const rows = kept.slice(0, args.limit);
    result.line(
      kept.length === 0
        ? `No ${args.errors_only ? 'failed ' : ''}requests${args.user ? ` about ${quoted(args.user)}` : ''} recorded yet (of ${all.length}).`
        : `${kept.length} matching of ${all.length} recorded requests; the newest ${rows.length}:`,
    );
    result.set('matching', kept.length).set('recorded', all.length);
    result.list(
      'requests',
      rows,
      (record) => {
        const path = pathOf(record);
        const agent = record.agentTool ? ` · for agent tool ${record.agentTool}` : '';
        return {
          line: `- ${outcomeOf(record)} ${record.method} ${quoted(path, 160)} · ${durationText(totalMs(record))} · ${record.attempts.length} attempt(s) · ${record.environmentLabel} · ${new Date(record.startedAt).toISOString()}${record.requestId ? ` · request id ${quoted(record.requestId)}` : ''}${agent}`,
          data: {
            outcome: outcomeOf(record),
            status: record.status ?? null,
            failure: record.failure ?? null,
            method: record.method,
            path,
            ms: totalMs(record),
            attempts: record.attempts.length,
            environment: record.environmentLabel,
            at: new Date(record.startedAt).toISOString(),
            requestId: record.requestId ?? null,
            agentTool: record.agentTool ?? null,
          },
        };
      },
      (shown) => `Call recent_requests with a smaller limit than ${shown + 1}, errors_only or user to narrow it.`,
    );
    if (rows.length < kept.length) result.line(`${kept.length - rows.length} older matching requests not listed (limit ${args.limit}).`);
    return result.build();
  },
});
