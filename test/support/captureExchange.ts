// Sends one operation through the real client and keeps what came back on the wire: the status and
// the body as received (the client's log entry), the deviations the lens named — a fixture's input.
import type { HealthApiClient, RequestLogEntry } from '../../src/api/client';
import type { Deviation } from '../../src/api/contract/deviations';
import type { RequestOperation } from '../../src/api/requests';
import { sendOperation } from '../../src/api/replay';
import type { FixtureExchange } from '../../src/scrub/fixtureWriter';

export async function captureExchange(client: HealthApiClient, log: RequestLogEntry[], operation: RequestOperation): Promise<FixtureExchange & { raw: string }> {
  log.length = 0;
  let deviations: Deviation[] | undefined;
  await sendOperation(client, operation, { onDeviations: (found) => (deviations = found) }).catch(() => undefined);
  const answered = log.filter((entry) => entry.status !== undefined && (entry.status < 300 || entry.status >= 400)).at(-1);
  if (!answered?.status || answered.responseBody === undefined) throw new Error(`no answer for ${operation.name}`);
  return { operation, status: answered.status, body: JSON.parse(answered.responseBody) as unknown, deviations, raw: answered.responseBody };
}
