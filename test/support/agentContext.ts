// A tool context for the agent catalogue's tests: a real client on a real sandbox, the requests it
// made recorded the way the MCP server records them.
import type { HealthApiClient } from '../../src/api/client';
import { AgentSession, type AgentToolContext } from '../../src/agents/catalogue';
import { requestRecordInput } from '../../src/domain/requests/requestRecordInput';
import { RequestRecords } from '../../src/domain/requests/requestRecords';

export const TEST_ENVIRONMENT = { id: 'local', label: 'Local sandbox (sample data)', production: false } as const;

export interface RecordingContext {
  context: AgentToolContext;
  records: RequestRecords;
  onRequest: NonNullable<ConstructorParameters<typeof HealthApiClient>[0]['onRequest']>;
}

/** `client` should be made with `onRequest` from the returned value to feed recent_requests. */
export function recordingContext(keyHeader: string, apiKey: string, baseUrl: string, overrides: Partial<AgentToolContext> = {}): RecordingContext & { bind(client: HealthApiClient): AgentToolContext } {
  const records = new RequestRecords();
  const environment = { id: TEST_ENVIRONMENT.id, label: TEST_ENVIRONMENT.label, baseUrl };
  const onRequest: RecordingContext['onRequest'] = (entry) => records.addAttempt(requestRecordInput(entry, environment, Date.now()), entry.attempt, keyHeader, apiKey);
  const session = new AgentSession();
  let bound: HealthApiClient | undefined;
  const context: AgentToolContext = {
    environment: { ...TEST_ENVIRONMENT },
    client: async () => bound ?? Promise.reject(new Error('no client bound')),
    requests: () => records.all(),
    session,
    ...overrides,
  };
  return {
    context,
    records,
    onRequest,
    bind(client) {
      bound = client;
      return context;
    },
  };
}

/** The text with every JSON string literal (a quoted API value) removed: what is left is the tool's own words. */
export function outsideQuotes(text: string): string {
  return text.replace(/"(?:[^"\\\n]|\\.)*"/g, '""');
}
