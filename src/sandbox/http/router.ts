// Minimal routing: a table of path patterns with one handler per method. The outcome tells the
// server whether the path is unknown (404), known but not for this method (405), or matched.
import type { IncomingMessage } from 'node:http';
import type { FaultQueue } from '../faults';
import type { TextStyle } from '../data/hostile';
import type { SamplePopulation } from '../data/sampleUsers';
import type { SandboxShape } from '../data/vendorShape';

export interface SandboxState {
  seed: number;
  /** Days since epoch (UTC) that the sample data is relative to. */
  today: number;
  population: SamplePopulation;
  style: TextStyle;
  bloodPressurePageSize: number;
  cursorSecret: string;
  faults: FaultQueue;
  /** How bodies are shaped: the spec's fields exactly, or as the vendor's schema allows. */
  shape: SandboxShape;
}

export interface RequestContext {
  state: SandboxState;
  /** Percent-decoded path parameters, in pattern order. */
  params: string[];
  query: URLSearchParams;
  request: IncomingMessage;
  /** The request body when the server already read it (to look for a fixture); handlers read it from here first. */
  body?: Buffer;
}

export interface Reply {
  status: number;
  body: unknown;
  /** Headers beside the JSON body (a replayed redirect's location). */
  headers?: Record<string, string>;
  /** `body` already serialised as the bytes sent, when it is sent often (a fixture's). */
  bytes?: Buffer;
}

export type Handler = (context: RequestContext) => Reply | Promise<Reply>;

export interface Route {
  pattern: RegExp;
  handlers: Partial<Record<'GET' | 'POST' | 'DELETE', Handler>>;
  /** Sandbox control routes: not counted, never hit by injected faults. */
  control?: boolean;
}

export type RouteMatch =
  | { kind: 'notFound' }
  | { kind: 'methodNotAllowed'; allow: string[]; route: Route }
  | { kind: 'matched'; route: Route; handler: Handler; params: string[]; headOnly: boolean };

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function matchRoute(routes: readonly Route[], method: string, rawPath: string): RouteMatch {
  for (const route of routes) {
    const found = route.pattern.exec(rawPath);
    if (!found) continue;
    const params = found.slice(1).map((segment) => decodeSegment(segment ?? ''));
    // Like Starlette, a GET route answers HEAD with the same headers and no body.
    const effective = method === 'HEAD' ? 'GET' : method;
    const handler = Object.hasOwn(route.handlers, effective)
      ? route.handlers[effective as keyof Route['handlers']]
      : undefined;
    if (handler) return { kind: 'matched', route, handler, params, headOnly: method === 'HEAD' };
    const allow = Object.keys(route.handlers);
    return { kind: 'methodNotAllowed', allow: allow.includes('GET') ? [...allow, 'HEAD'] : allow, route };
  }
  return { kind: 'notFound' };
}
