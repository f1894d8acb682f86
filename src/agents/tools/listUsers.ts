import * as z from 'zod';
import type { User } from '../../api/schemas';
import { providerOf } from '../../api/wireValues';
import { listScopeUsers } from '../../domain/coverage/scanUsers';
import { defineTool } from '../agentTool';
import { quoted } from '../dataText';
import { errorResult } from '../failures';
import { failureResult, ResultBuilder } from '../resultBuilder';

const input = z
  .object({
    prefix: z.string().max(256).optional().describe('Case-insensitive prefix of client_user_id or user_id (the same search as the Users view\'s filter). Omit to list a page of all users.'),
    offset: z.number().int().min(0).max(10_000_000).default(0).describe('Position of the first user to return (0-based).'),
    limit: z.number().int().min(1).max(100).default(25).describe('Users to return, 1–100.'),
  })
  .strict();

function row(user: User, position: number): { line: string; data: unknown } {
  const sources = (user.connected_sources ?? []).map((connected) => providerOf(connected).slug);
  return {
    line: `${position}. ${quoted(user.client_user_id)} user_id ${quoted(user.user_id)} · sources ${sources.length === 0 ? 'none' : sources.map((slug) => quoted(slug)).join(', ')}`,
    data: { position, client_user_id: user.client_user_id, user_id: user.user_id, created_on: user.created_on, providers: sources },
  };
}

export const listUsersTool = defineTool({
  name: 'list_users',
  title: 'List Health Data users',
  description:
    'Lists the team\'s end users with the total: a page of all users (offset/limit), or the users whose client_user_id or user_id starts with a prefix, in any case. ' +
    'Use it to find a user whose exact id is unknown, or to see how many users there are. Cost: one request per page without a prefix; a prefix search reads every user (one request per 500 users).',
  input,
  describeCall: ({ prefix, offset }) => (prefix ? `Searching users whose id starts with ${quoted(prefix, 60)}` : `Listing users from position ${offset}`),
  async run({ prefix, offset, limit }, context) {
    const tool = 'list_users';
    const { environment, signal } = context;
    try {
      const client = await context.client();
      let users: readonly User[];
      let total: number;
      let first = offset;
      if (prefix !== undefined && prefix.trim() !== '') {
        context.onProgress?.({ message: `Searching every user of ${environment.label}` });
        const matches = await listScopeUsers(client, { kind: 'filtered', prefix }, { signal });
        total = matches.length;
        users = matches.slice(offset, offset + limit);
      } else {
        const page = await client.listUsers({ offset, limit }, { signal });
        total = page.total;
        users = page.users;
        first = page.offset;
      }
      if (users.length === 0 && total > 0 && offset >= total) {
        return failureResult(tool, environment, `offset ${offset} is past the last user (there are ${total}).`, `Call again with an offset from 0 to ${total - 1}.`, { total });
      }
      const result = new ResultBuilder(tool, environment);
      const what = prefix ? `users whose client_user_id or user_id starts with ${quoted(prefix)}` : 'users';
      result.line(total === 0 ? `No ${what}.` : `${total} ${what}; positions ${first}–${first + users.length - 1}:`);
      result.set('total', total).set('offset', first).set('prefix', prefix ?? null);
      const shown = result.list('users', users, (user, index) => row(user, first + index), (count) => `Call list_users again with offset=${first + count}.`);
      if (shown === users.length && first + users.length < total) result.line(`More: list_users with offset=${first + users.length}${prefix ? ' and the same prefix' : ''}.`);
      return result.build();
    } catch (error) {
      return errorResult(tool, environment, error);
    }
  },
});
