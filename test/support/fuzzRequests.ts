// fast-check arbitraries for requests to the sandbox: the real routes and near misses of them,
// every method node:http can send, query strings with hostile values, bodies that are not what
// the route expects, and headers with right, wrong and absent keys.
import fc from 'fast-check';

export interface FuzzRequest {
  method: string;
  /** Raw request target: path and query, already as it goes on the wire. */
  target: string;
  headers: Record<string, string>;
  body?: string;
}

export interface FuzzContext {
  apiKey: string;
  userIds: string[];
  clientUserIds: string[];
  labTestIds: string[];
  labAccountIds: string[];
}

/** encodeURIComponent that survives lone surrogates (sent as U+FFFD, as a browser would). */
const encode = (value: string): string =>
  encodeURIComponent(value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

const METHODS = ['GET', 'GET', 'GET', 'POST', 'POST', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND', 'MKCOL', 'PURGE'];

/** Strings that break naive parsers: unicode, control characters, escapes, numbers that are not. */
const nasty = fc.oneof(
  { weight: 6, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 5, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 5, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 12, arbitrary: fc.constantFrom('', ' ', '-1', '-0', '0', '1e308', '1.5', 'NaN', 'Infinity', '-Infinity', '0x10', '99999999999999999999999',
    'null', 'true', '[]', '{}', '%', '%zz', '%00', '..', '../..', '\u0000', '\ud800', '<script>alert(1)</script>', "' OR 1=1 --",
    '2026-02-30', '2026-13-01', '0000-00-00', '2026-01-01T25:00:00', '2026-01-01T00:00:00+99:99', '9999-12-31', '0001-01-01',
    '2026-01-01T00:00:00.0000000000Z', ' 2026-01-01', '２０２６-０１-０１', 'cursor', '\u202e') },
  { weight: 4, arbitrary: fc.integer().map(String) },
  { weight: 4, arbitrary: fc.double().map(String) },
  { weight: 4, arbitrary: fc.nat(3_000).map((n) => 'x'.repeat(n)) },
  // Over node's 16 KiB header limit once in the URL: the sandbox must still answer JSON (431).
  { weight: 1, arbitrary: fc.integer({ min: 16_000, max: 40_000 }).map((n) => 'x'.repeat(n)) },
);

const realDate = fc
  .tuple(fc.date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), fc.boolean())
  .map(([d, dateOnly]) => (dateOnly ? d.toISOString().slice(0, 10) : d.toISOString()));

const QUERY_NAMES = ['offset', 'limit', 'start_date', 'end_date', 'provider', 'next_cursor', 'cursor', 'lab_account_id', 'page', 'size'];

function queryString(): fc.Arbitrary<string> {
  const name = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...QUERY_NAMES) }, { weight: 1, arbitrary: nasty });
  const value = fc.oneof(nasty, realDate, fc.integer({ min: -5, max: 600 }).map(String));
  const pair = fc.tuple(name, value).map(([n, v]) => `${encode(n)}=${encode(v)}`);
  const rawPair = fc.constantFrom('a=%zz', '%=%', '&&', '=', 'limit', 'limit=', 'offset=1&offset=-1', 'limit=1&limit=1000', 'start_date');
  return fc.array(fc.oneof({ weight: 5, arbitrary: pair }, { weight: 1, arbitrary: rawPair }), { maxLength: 8 }).map((pairs) => pairs.join('&'));
}

/** A path segment as it goes on the wire: percent-encoded, or raw bytes node:http accepts. */
function segment(real: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...real).map(encode) },
    { weight: 3, arbitrary: nasty.map(encode) },
    { weight: 1, arbitrary: fc.constantFrom('%2F', '%2f..%2f', '%', '%zz', '%00', '..', '.', '', '%E2%80%AE', '\u00e9\u00ff', '%FF%FE') },
  );
}

interface Route {
  method: string;
  path: string;
}

function realRoute(ctx: FuzzContext): fc.Arbitrary<Route> {
  const get = (path: fc.Arbitrary<string>) => path.map((p) => ({ method: 'GET', path: p }));
  return fc.oneof(
    get(fc.constantFrom('/v2/user/', '/v2/user')),
    get(segment(ctx.clientUserIds).map((s) => `/v2/user/resolve/${s}`)),
    get(segment(ctx.userIds).map((s) => `/v2/timeseries/${s}/blood_pressure/grouped`)),
    get(segment(ctx.labTestIds).map((s) => `/v3/lab_tests/${s}/markers`)),
    fc.constant({ method: 'POST', path: '/v3/lab_tests/list_order_set_markers' }),
  );
}

function realPath(ctx: FuzzContext): fc.Arbitrary<string> {
  return realRoute(ctx).map((route) => route.path);
}

/** Near misses: one edit away from a real path (version, case, slashes, extra or missing parts). */
function nearMiss(ctx: FuzzContext): fc.Arbitrary<string> {
  const edits: ((p: string) => string)[] = [
    (p) => p.replace('/v2/', '/v1/'),
    (p) => p.replace('/v3/', '/v2/'),
    (p) => p.replace(/\/v(\d)\//, '/V$1/'),
    (p) => p.toUpperCase(),
    (p) => `${p}/`,
    (p) => p.replace(/\/$/, ''),
    (p) => p.replace('/', '//'),
    (p) => `${p}/extra`,
    (p) => `/api${p}`,
    (p) => p.split('/').slice(0, -1).join('/'),
    (p) => p.replace('blood_pressure', 'blood-pressure'),
    (p) => p.replace('grouped', 'grouped.json'),
    (p) => p.replace(/\/[^/]*$/, '/%2e%2e'),
    (p) => `${p};jsessionid=1`,
    (p) => `${p}#fragment`,
    (p) => p.replace('/v', '/./v'),
    (p) => `/v2/user/../..${p}`,
  ];
  return fc.tuple(realPath(ctx), fc.constantFrom(...edits)).map(([p, edit]) => edit(p));
}

function randomPath(): fc.Arbitrary<string> {
  return fc
    .array(nasty.map(encode), { maxLength: 6 })
    .map((parts) => `/${parts.join('/')}`)
    .chain((p) => fc.constantFrom(p, `/_sandbox${p}`, `/v2${p}`, `/v3/lab_tests${p}`, '*', '/'));
}

function headers(ctx: FuzzContext): fc.Arbitrary<Record<string, string>> {
  const key = fc.oneof(
    { weight: 6, arbitrary: fc.constant<string | undefined>(ctx.apiKey) },
    { weight: 1, arbitrary: fc.constant<string | undefined>(undefined) },
    { weight: 1, arbitrary: fc.constantFrom<string | undefined>('', ' ', `${ctx.apiKey} `, ctx.apiKey.toUpperCase(), 'x'.repeat(8_000), 'Bearer x') },
    { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 }) },
  );
  const contentType = fc.constantFrom(undefined, 'application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1');
  const accept = fc.constantFrom(undefined, 'application/json', 'text/html', '*/*', 'application/xml');
  const extra = fc.dictionary(
    fc.stringMatching(/^x-[a-z0-9-]{1,20}$/),
    fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 }),
    { maxKeys: 3 },
  );
  return fc.tuple(key, contentType, accept, extra).map(([k, type, acc, more]) => ({
    ...more,
    ...(k === undefined ? {} : { 'x-service-api-key': k }),
    ...(type === undefined ? {} : { 'content-type': type }),
    ...(acc === undefined ? {} : { accept: acc }),
  }));
}

function jsonValue(ctx: FuzzContext): fc.Arbitrary<unknown> {
  const ids = fc.oneof(fc.constantFrom(...ctx.labTestIds), nasty);
  const orderSet = fc.record(
    {
      lab_test_ids: fc.oneof(fc.array(ids, { maxLength: 5 }), fc.anything(), fc.constant(null)),
      add_on: fc.oneof(fc.record({ provider_ids: fc.oneof(fc.array(nasty, { maxLength: 4 }), fc.anything()) }), fc.anything()),
      lab_account_id: fc.oneof(fc.constantFrom(...ctx.labAccountIds), fc.anything()),
    },
    { requiredKeys: [] },
  );
  return fc.oneof({ weight: 3, arbitrary: orderSet }, { weight: 2, arbitrary: fc.jsonValue() }, { weight: 1, arbitrary: fc.anything() });
}

function body(ctx: FuzzContext): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 6, arbitrary: jsonValue(ctx).map((v) => JSON.stringify(v) ?? 'undefined') },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '{"lab_test_ids": [', '[1,2,', 'nul', '{"a":1}{"b":2}', '\ufeff{}', "{'single': 1}", '{"lab_test_ids": NaN}') },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 60_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 60_000 }).map((depth) => `{"lab_test_ids": ${'['.repeat(depth)}${']'.repeat(depth)}}`) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 200_000 }).map((n) => JSON.stringify({ lab_test_ids: Array.from({ length: n }, (_, i) => (i % 2 ? i : `id-${i}`)) })) },
    { weight: 1, arbitrary: fc.constant(`{"lab_test_ids": ["${'a'.repeat(1_100_000)}"]}`) },
  );
}

export function fuzzRequest(ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const anyMethod = fc.constantFrom(...METHODS);
  // Mostly the route's own method, so most requests get past routing into the handlers.
  const route = fc.oneof(
    { weight: 6, arbitrary: realRoute(ctx) },
    { weight: 1, arbitrary: fc.tuple(realPath(ctx), anyMethod).map(([path, method]) => ({ path, method })) },
    { weight: 2, arbitrary: fc.tuple(nearMiss(ctx), anyMethod).map(([path, method]) => ({ path, method })) },
    { weight: 1, arbitrary: fc.tuple(randomPath(), anyMethod).map(([path, method]) => ({ path, method })) },
  );
  // node:http refuses to send characters beyond Latin-1 raw; edits like toUpperCase can create them.
  const onTheWire = (p: string) => p.replace(/[^\u0021-\u00ff]/gu, (ch) => encode(ch));
  return fc
    .record({ route, query: fc.option(queryString(), { nil: undefined }), headers: headers(ctx), body: body(ctx), bodyOnRead: fc.boolean() })
    .map(({ route: { method, path }, query, headers: h, body: b, bodyOnRead }) => ({
      method,
      target: query === undefined ? onTheWire(path) : `${onTheWire(path)}?${query}`,
      headers: h,
      body: method === 'GET' || method === 'HEAD' ? (bodyOnRead ? b : undefined) : b,
    }));
}
