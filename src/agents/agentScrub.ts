// The agent tools' results as they may leave for a model (healthData.scrub.when; production by
// default). The tools run on the data as received — their arithmetic over days and readings stays
// right — and what they answer is then rewritten: every identifier and free-text value the scrubber
// changed in the responses of the call (and the request paths recent_requests lists) is replaced by
// its scrubbed form wherever the result quotes it. A pseudonym the model passes back in a later call
// is mapped to the real id again within the same session, so it can keep asking about "user-3f9a…".
import type { HealthApiClient } from '../api/client';
import { requestOfOperation, requestUrl, type RequestOperation, type RequestOperationName } from '../api/requests';
import type { RequestRecord } from '../domain/requests/requestRecords';
import { scrubBody, scrubOperation } from '../scrub/scrubber';
import type { AgentSession } from './agentSession';
import type { AgentToolContext, AgentToolResult } from './agentTool';

const ID_FIELDS = new Set(['user_id', 'team_id', 'client_user_id']);
/** Shorter strings are left alone: replacing "ok" or "12" everywhere would garble the result. */
const SHORTEST_REPLACED = 3;
const DATE_LIKE = /^\d{4}-\d{2}-\d{2}/;

/** Pseudonym → real id of one session (the extension window, one MCP server); never part of a result. */
const realIds = new WeakMap<AgentSession, Map<string, string>>();

function realIdsOf(session: AgentSession): Map<string, string> {
  let map = realIds.get(session);
  if (!map) realIds.set(session, (map = new Map()));
  return map;
}

/** Client methods that answer one operation, and how many leading arguments the operation has. */
const OPERATION_ARITY: Readonly<Record<RequestOperationName, number>> = {
  listUsers: 1,
  resolveUser: 1,
  getGroupedBloodPressure: 2,
  listLabTestMarkers: 2,
  listOrderSetMarkers: 2,
};

function isOperationName(name: PropertyKey): name is RequestOperationName {
  return typeof name === 'string' && Object.hasOwn(OPERATION_ARITY, name);
}

export class AgentResultScrub {
  /** Real string → its scrubbed form, learnt from this call's responses. */
  readonly #replacements = new Map<string, string>();
  #ids = 0;
  #texts = 0;

  constructor(
    private readonly secret: string,
    private readonly session: AgentSession,
  ) {}

  /** `context` with a client that learns what to replace, and request rows whose paths are scrubbed. */
  context(context: AgentToolContext): AgentToolContext {
    return {
      ...context,
      client: async () => this.client(await context.client()),
      requests: () => context.requests().map((record) => this.record(record)),
    };
  }

  /** The model's input with every pseudonym of this session back to the real id it stands for. */
  input(raw: unknown): unknown {
    const real = realIdsOf(this.session);
    return real.size === 0 ? raw : replaceStrings(raw, (text) => real.get(text) ?? text);
  }

  /** The tool's answer with every learnt value replaced, and one line saying what was scrubbed. */
  result(result: AgentToolResult): AgentToolResult {
    const pairs = [...this.#replacements].filter(([real]) => real.length >= SHORTEST_REPLACED).sort(([a], [b]) => b.length - a.length);
    const replace = (text: string): string => pairs.reduce((out, [real, scrubbed]) => (out.includes(real) ? out.split(real).join(scrubbed) : out), text);
    const data = replaceStrings(result.data, replace) as Record<string, unknown>;
    const line = this.line();
    data.scrubbed = line;
    return { ...result, text: `${replace(result.text)}\n${line}`, data };
  }

  private line(): string {
    const parts = [
      this.#ids > 0 ? `${this.#ids} identifier${this.#ids === 1 ? '' : 's'} pseudonymised` : undefined,
      this.#texts > 0 ? `${this.#texts} free-text value${this.#texts === 1 ? '' : 's'} removed` : undefined,
    ].filter((part): part is string => part !== undefined);
    const what = parts.length > 0 ? parts.join(', ') : 'nothing identifying was found';
    return `Scrubbed for sharing (healthData.scrub.when): ${what}. Ids are pseudonyms, valid in later calls of this session; dates are as received.`;
  }

  private client(client: HealthApiClient): HealthApiClient {
    return new Proxy(client, {
      get: (target, property, receiver) => {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        if (!isOperationName(property)) return (value as (...args: unknown[]) => unknown).bind(target);
        return async (...args: unknown[]) => {
          const real = args.map((arg) => (typeof arg === 'string' ? (realIdsOf(this.session).get(arg) ?? arg) : arg));
          const body: unknown = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, real);
          const operation = { name: property, args: real.slice(0, OPERATION_ARITY[property]) } as unknown as RequestOperation;
          this.learn(operation, body);
          return body;
        };
      },
    });
  }

  private learn(operation: RequestOperation, body: unknown): void {
    walkPairs(body, scrubBody(operation, body, this.secret).body, undefined, (real, scrubbed, key) => this.remember(real, scrubbed, key));
    this.learnArgs(operation);
  }

  /** The path's id is a user_id or a client_user_id: the same pseudonym as in bodies. */
  private learnArgs(operation: RequestOperation): RequestOperation {
    const scrubbed = scrubOperation(operation, this.secret).operation;
    const [real] = operation.args;
    const [pseudonym] = scrubbed.args;
    const key = operation.name === 'resolveUser' ? 'client_user_id' : operation.name === 'getGroupedBloodPressure' ? 'user_id' : undefined;
    if (key && typeof real === 'string' && typeof pseudonym === 'string' && real !== pseudonym) this.remember(real, pseudonym, key);
    return scrubbed;
  }

  private remember(real: string, scrubbed: string, key: string | undefined): void {
    // Dates are left as received: the tools' day arithmetic is over them (see the line).
    if (DATE_LIKE.test(real) || this.#replacements.has(real)) return;
    this.#replacements.set(real, scrubbed);
    if (key !== undefined && ID_FIELDS.has(key)) {
      this.#ids += 1;
      realIdsOf(this.session).set(scrubbed, real);
    } else if (scrubbed === '' || !real.includes(scrubbed)) {
      this.#texts += 1;
    }
  }

  /** A request row as recent_requests may show it: its URL from the scrubbed operation (or none), no bodies. */
  private record(record: RequestRecord): RequestRecord {
    if (!record.operation) return { ...record, url: `${record.baseUrl}/…`, requestBody: undefined, responseBody: undefined };
    const scrubbed = this.learnArgs(record.operation);
    return { ...record, url: requestUrl(record.baseUrl, requestOfOperation(scrubbed)), requestBody: undefined, responseBody: undefined };
  }
}

/** Calls `visit` for every string of `real` that `scrubbed` holds differently at the same place. */
function walkPairs(real: unknown, scrubbed: unknown, key: string | undefined, visit: (real: string, scrubbed: string, key: string | undefined) => void): void {
  if (typeof real === 'string') {
    if (real !== scrubbed) visit(real, typeof scrubbed === 'string' ? scrubbed : '', key);
    return;
  }
  if (Array.isArray(real)) {
    real.forEach((item, index) => walkPairs(item, Array.isArray(scrubbed) ? scrubbed[index] : undefined, key, visit));
    return;
  }
  if (real && typeof real === 'object') {
    const other = scrubbed && typeof scrubbed === 'object' ? (scrubbed as Record<string, unknown>) : {};
    for (const [name, value] of Object.entries(real)) walkPairs(value, other[name], name, visit);
  }
}

function replaceStrings(value: unknown, replace: (text: string) => string): unknown {
  if (typeof value === 'string') return replace(value);
  if (Array.isArray(value)) return value.map((item) => replaceStrings(item, replace));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceStrings(item, replace)]));
  return value;
}
