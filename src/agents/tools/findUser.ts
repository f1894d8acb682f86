import * as z from 'zod';
import { summariseSource } from '../../domain/users/userTree';
import { defineTool } from '../agentTool';
import { quoted } from '../dataText';
import { errorResult } from '../failures';
import { ResultBuilder } from '../resultBuilder';
import { lookUpUser, userFacts } from '../userLookup';

const input = z
  .object({
    user: z.string().min(1).max(2000).describe('The client_user_id (the team\'s own id) or the user_id (a UUID) of the user.'),
  })
  .strict();

export const findUserTool = defineTool({
  name: 'find_user',
  title: 'Find a Health Data user',
  description:
    'Finds one end user of the team by client_user_id or user_id and returns the ids, the connected sources (provider and when connected), the fallback time zone and the ingestion bounds (ingestion_start / ingestion_end). ' +
    'Use it first when a question names a user. Cost: one request for a client_user_id; a user_id the API cannot resolve directly costs one request per 500 users of the team.',
  input,
  describeCall: ({ user }) => `Looking up user ${quoted(user, 60)}`,
  async run({ user }, context) {
    const tool = 'find_user';
    let client;
    try {
      client = await context.client();
    } catch (error) {
      return errorResult(tool, context.environment, error);
    }
    const found = await lookUpUser(tool, user, context, client);
    if (!found.ok) return found.result;
    const record = found.user;
    const result = new ResultBuilder(tool, context.environment);
    result.line(`User ${quoted(record.client_user_id)} (user_id ${quoted(record.user_id)}), created ${quoted(record.created_on)}.`);
    const sources = record.connected_sources ?? [];
    result.line(
      sources.length === 0
        ? 'Connected sources: none.'
        : `Connected sources: ${sources.map((connected) => `${quoted(summariseSource(connected).slug)} since ${quoted(connected.created_on)}`).join(', ')}.`,
    );
    const zone = record.fallback_time_zone;
    result.line(zone ? `Fallback time zone: ${quoted(zone.id)} (from ${quoted(zone.source_slug)}, set ${quoted(zone.updated_at)}).` : 'Fallback time zone: none (days count in UTC).');
    result.line(`Ingestion bounds: start ${quoted(record.ingestion_start)}, end ${quoted(record.ingestion_end)}.`);
    if (found.foundBy === 'user_id') result.line(`Found by user_id after searching ${found.usersSearched} users.`);
    result.line('Next: diagnose_user explains missing blood pressure; blood_pressure_summary shows what arrived.');
    result.set('user', userFacts(record)).set('foundBy', found.foundBy);
    return result.build();
  },
});
