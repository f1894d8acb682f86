import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { groupedBloodPressureRequest, listUsersRequest, requestUrl, type RequestSpec } from '../../src/api/requests';

/** requestUrl as it was: one searchParams.set per parameter. */
function requestUrlBySet(baseUrl: string, spec: RequestSpec): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + spec.path);
  for (const [name, value] of Object.entries(spec.query)) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url.toString();
}

const text = fc.string({ unit: fc.constantFrom(...'aZ09 -_.~!*\'()+&=?#/%:@é\u00a0😀'.split('')), maxLength: 12 });

describe('requestUrl', () => {
  test('builds the URL the parser would, query written once: the same URL as a set per parameter (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          'http://127.0.0.1:8080',
          'https://api.example.com/',
          'https://api.example.com/base//',
          'http://[::1]:3000/v',
          'HTTP://API.Example.COM:80/Base',
          'https://user:pw@h.example/api/..',
          'https://h.example/a/./b/%2e%2e',
          'https://h.example/api?x=1',
          'https://h.example/api#top',
          'https://bücher.example/ä b',
          'not a url',
        ),
        fc.oneof(
          fc.constantFrom('/v2/users', '/v2/timeseries/a%20b/blood_pressure/grouped', '/v2/users?fixed=1', '/v2/x#frag', '/v2/users?limit=3', '/v2/a/../b', '/v2/%2e%2E/c', '/v2/%2E', '/v2/.x', '/v2/a%2Fb', '/v2/ä', '/v2/a b', '/v2//x', '/v2/x/'),
          fc.array(fc.string({ unit: fc.constantFrom(...'aZ09-_~.%2eEF/ ä\\'.split('')), minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 3 }).map((segments) => `/${segments.join('/')}`),
        ),
        fc.dictionary(fc.constantFrom('limit', 'offset', 'start_date', 'next_cursor', 'provider', 'a b', 'é', ''), fc.option(fc.oneof(text, fc.integer()), { nil: undefined })),
        (base, path, query) => {
          const spec: RequestSpec = { method: 'GET', path, query, operation: { name: 'listUsers', args: [{}] } };
          let expected: string;
          try {
            expected = requestUrlBySet(base, spec);
          } catch {
            assert.throws(() => requestUrl(base, spec));
            return;
          }
          assert.equal(requestUrl(base, spec), expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  test('the usual requests', () => {
    const users = listUsersRequest({ offset: 0, limit: 100 });
    assert.equal(requestUrl('http://127.0.0.1:1/', users), requestUrlBySet('http://127.0.0.1:1', users));
    assert.match(requestUrl('http://127.0.0.1:1/', users), /\?offset=0&limit=100$/);
    const spec = groupedBloodPressureRequest('00000000-0000-4000-8000-000000000000', { startDate: '2026-01-01', endDate: '2026-01-31', nextCursor: 'a+b/c=' });
    assert.equal(requestUrl('http://127.0.0.1:1', spec), requestUrlBySet('http://127.0.0.1:1', spec));
    assert.match(requestUrl('http://127.0.0.1:1', spec), /next_cursor=a%2Bb%2Fc%3D$/);
  });
});
