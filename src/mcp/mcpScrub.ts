// Whether the MCP server's results leave scrubbed, and with which key: $HEALTH_DATA_SCRUB says when
// (always, productionOnly — the default — or never, as healthData.scrub.when), $HEALTH_DATA_SCRUB_SECRET
// gives the key (shared with the extension or a team's scripts, so pseudonyms match); without it, a
// random key for this process only.
import { randomBytes } from 'node:crypto';
import { parseScrubPolicy, scrubApplies } from '../domain/scrubPolicy';

export const SCRUB_POLICY_VARIABLE = 'HEALTH_DATA_SCRUB';
export const SCRUB_SECRET_VARIABLE = 'HEALTH_DATA_SCRUB_SECRET';

export type McpScrubSetting = { ok: true; secret: string | undefined } | { ok: false; message: string };

export function mcpScrubSetting(env: Readonly<Record<string, string | undefined>>, production: boolean): McpScrubSetting {
  const raw = env[SCRUB_POLICY_VARIABLE]?.trim() || 'productionOnly';
  const policy = parseScrubPolicy(raw);
  if (policy === undefined) {
    return { ok: false, message: `$${SCRUB_POLICY_VARIABLE} must be always, productionOnly or never, not ${JSON.stringify(raw)}` };
  }
  if (!scrubApplies(policy, production)) return { ok: true, secret: undefined };
  const given = env[SCRUB_SECRET_VARIABLE];
  return { ok: true, secret: given && given.length > 0 ? given : randomBytes(32).toString('base64url') };
}
