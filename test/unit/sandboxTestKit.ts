// Shared helpers of the sandbox's own contract tests: real HTTP to a real sandbox on 127.0.0.1
// with the platform fetch (the typed client is tested separately, against the same server).
import assert from 'node:assert/strict';
import { startSandbox } from '../../src/sandbox/server';
import type { SandboxHandle } from '../../src/sandbox/server';
import type { SandboxOptions } from '../../src/sandbox/options';

/** Data is relative to "today"; pinning it keeps every expectation reproducible. */
export const TODAY = '2026-11-22';

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests index freely into wire JSON
  json: any;
}

export function start(options: SandboxOptions = {}): Promise<SandboxHandle> {
  return startSandbox({ today: TODAY, ...options });
}

export async function call(
  sandbox: SandboxHandle,
  path: string,
  init: { method?: string; body?: string | undefined; key?: string | null; signal?: AbortSignal } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const key = init.key === undefined ? sandbox.apiKey : init.key;
  if (key !== null) headers['x-service-api-key'] = key;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(sandbox.url + path, {
    method: init.method ?? 'GET',
    headers,
    body: init.body,
    signal: init.signal,
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export const postJson = (sandbox: SandboxHandle, path: string, body: unknown) =>
  call(sandbox, path, { method: 'POST', body: JSON.stringify(body) });

/** A pydantic-v2 422: detail is a list of {type, loc, msg, input}; one item has this loc and type. */
export function assertValidationError(response: ApiResponse, loc: (string | number)[], type: string): void {
  assert.equal(response.status, 422, response.text);
  assert.ok(Array.isArray(response.json?.detail), `detail is a list: ${response.text}`);
  for (const item of response.json.detail) {
    assert.equal(typeof item.type, 'string');
    assert.equal(typeof item.msg, 'string');
    assert.ok(Array.isArray(item.loc));
    assert.ok('input' in item, 'every item carries the input');
  }
  const found = response.json.detail.find(
    (item: { loc: unknown[]; type: string }) => JSON.stringify(item.loc) === JSON.stringify(loc),
  );
  assert.ok(found, `an item at ${JSON.stringify(loc)} in ${response.text}`);
  assert.equal(found.type, type);
}

export interface FlatReading {
  provider: string;
  type: string;
  systolic: number;
  diastolic: number;
  timestamp: string;
  unit: string;
}

/** Readings of a grouped response, flattened and sorted by time (stable). */
export function flatten(groups: Record<string, { data: Omit<FlatReading, 'provider' | 'type'>[]; source: { provider: string; type: string } }[]>): FlatReading[] {
  const out: FlatReading[] = [];
  for (const [key, list] of Object.entries(groups)) {
    for (const group of list) {
      assert.equal(group.source.provider, key, 'groups are keyed by source.provider');
      for (const reading of group.data) out.push({ provider: key, type: group.source.type, ...reading });
    }
  }
  return out.sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
}

/** Follows next_cursor (or the deprecated cursor/next pair) to the end; returns every page. */
export async function allPages(
  sandbox: SandboxHandle,
  userId: string,
  query: Record<string, string>,
  style: 'next_cursor' | 'cursor' = 'next_cursor',
): Promise<ApiResponse[]> {
  const pages: ApiResponse[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams(query);
    if (cursor) params.set(style, cursor);
    const page = await call(sandbox, `/v2/timeseries/${userId}/blood_pressure/grouped?${params.toString()}`);
    assert.equal(page.status, 200, page.text);
    assert.equal(page.json.next, page.json.next_cursor, 'deprecated next mirrors next_cursor');
    pages.push(page);
    cursor = style === 'cursor' ? page.json.next : page.json.next_cursor;
    assert.ok(pages.length < 10_000, 'paging terminates');
  } while (cursor);
  return pages;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
