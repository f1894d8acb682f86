import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { describeDetail, kindForStatus } from '../../src/api/errors';
import { parseRetryAfter } from '../../src/api/retryPolicy';
import { checkBaseUrl, isLoopbackHost } from '../../src/api/transportSecurity';
import { checkDateRange, isApiDate, isUuid, rangeBoundMs } from '../../src/api/inputValidation';

describe('transport security', () => {
  test('loopback hosts', () => {
    for (const host of ['127.0.0.1', '127.255.0.9', 'localhost', 'api.localhost', '::1', '[::1]']) {
      assert.equal(isLoopbackHost(host), true, host);
    }
    for (const host of ['128.0.0.1', '10.0.0.1', '127.0.0.1.evil.com', 'localhost.evil.com', '127.0.0.256', 'example.com']) {
      assert.equal(isLoopbackHost(host), false, host);
    }
  });

  test('base URLs that may carry the key', () => {
    assert.equal(checkBaseUrl('https://api.us.junction.com'), undefined);
    assert.equal(checkBaseUrl('http://127.0.0.1:4010'), undefined);
    assert.equal(checkBaseUrl('http://[::1]:4010'), undefined);
    assert.equal(checkBaseUrl('http://api.us.junction.com'), 'plainHttpToRemoteHost');
    assert.equal(checkBaseUrl('ftp://x.com'), 'unsupportedScheme');
    assert.equal(checkBaseUrl('https://user:pw@x.com'), 'hasCredentials');
    assert.equal(checkBaseUrl('not a url'), 'invalid');
  });
});

describe('input validation', () => {
  test('uuid', () => {
    assert.equal(isUuid('5f0c3e9e-6d35-4c0e-9d4f-0c7f6b1d2a10'), true);
    assert.equal(isUuid('5f0c3e9e6d354c0e9d4f0c7f6b1d2a10'), false);
    assert.equal(isUuid('5f0c3e9e-6d35-4c0e-9d4f-0c7f6b1d2a1z'), false);
  });

  test('dates the service accepts', () => {
    for (const ok of ['2026-01-31', '2024-02-29', '2026-01-31T10:00:00', '2026-01-31T10:00:00Z', '2026-01-31T10:00:00.123+02:00', '2026-01-31T10:00']) {
      assert.equal(isApiDate(ok), true, ok);
    }
    for (const bad of ['2026-02-30', '2025-02-29', '2026-13-01', '26-01-01', '2026-01-31T24:00:00', 'yesterday', '']) {
      assert.equal(isApiDate(bad), false, bad);
    }
  });

  test('date-only bounds cover the whole day', () => {
    assert.equal(rangeBoundMs('2026-01-01', 'end') - rangeBoundMs('2026-01-01', 'start'), 86_399_000);
    assert.equal(checkDateRange('2026-01-01', '2026-01-01'), undefined);
    assert.equal(checkDateRange('2026-01-02', '2026-01-01'), 'endBeforeStart');
    assert.equal(checkDateRange('2026-01-01T12:00:00Z', '2026-01-01T11:59:59Z'), 'endBeforeStart');
    assert.equal(checkDateRange('', undefined), 'startMissing');
    assert.equal(checkDateRange('2026-01-01', 'soon'), 'endInvalid');
  });
});

describe('errors', () => {
  test('status → kind', () => {
    assert.deepEqual(
      [401, 403, 404, 408, 422, 429, 500, 502, 503, 400].map(kindForStatus),
      ['unauthorized', 'forbidden', 'not_found', 'timeout', 'invalid_request', 'rate_limited', 'server', 'server', 'server', 'invalid_request'],
    );
  });

  test('FastAPI detail, string or list', () => {
    assert.equal(describeDetail('Invalid API key'), 'Invalid API key');
    assert.equal(
      describeDetail([
        { loc: ['query', 'limit'], msg: 'Input should be less than or equal to 500', type: 'less_than_equal' },
        { loc: ['body', 'add_on', 'provider_ids'], msg: 'Field required', type: 'missing' },
      ]),
      'limit: Input should be less than or equal to 500; add_on.provider_ids: Field required',
    );
    assert.equal(describeDetail(undefined), undefined);
  });

  test('Retry-After as seconds or HTTP date', () => {
    assert.equal(parseRetryAfter('3'), 3000);
    assert.equal(parseRetryAfter(' 0 '), 0);
    const now = Date.parse('2026-11-22T10:00:00Z');
    assert.equal(parseRetryAfter('Sun, 22 Nov 2026 10:00:05 GMT', now), 5000);
    assert.equal(parseRetryAfter('soon'), undefined);
    assert.equal(parseRetryAfter(undefined), undefined);
  });
});
