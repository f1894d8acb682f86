// Sandbox contract: routing, authentication, method handling and the headers every response has.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { SandboxHandle } from '../../src/sandbox/server';
import { call, start } from './sandboxTestKit';

describe('sandbox protocol', () => {
  let sandbox: SandboxHandle;
  const labTestPath = () => `/v3/lab_tests/${sandbox.labTests[0]?.id}/markers`;
  before(async () => {
    sandbox = await start({ apiKey: 'team-secret-123' });
  });
  after(() => sandbox.close());

  it('listens on loopback with a free port and reports its key and catalogue', () => {
    assert.match(sandbox.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.notEqual(new URL(sandbox.url).port, '0');
    assert.equal(sandbox.apiKey, 'team-secret-123');
    assert.ok(sandbox.labTests.length >= 6 && sandbox.labTests.length <= 8);
    assert.equal(sandbox.labAccounts.length, 2);
  });

  it('defaults the key to sandbox-key', async () => {
    const other = await start();
    try {
      assert.equal(other.apiKey, 'sandbox-key');
      assert.equal((await call(other, '/v2/user/')).status, 200);
    } finally {
      await other.close();
    }
  });

  for (const [name, path, method, body] of [
    ['list users', '/v2/user/', 'GET', undefined],
    ['resolve user', '/v2/user/resolve/patient-0001', 'GET', undefined],
    ['blood pressure', '/v2/timeseries/00000000-0000-4000-8000-000000000000/blood_pressure/grouped', 'GET', undefined],
    ['order set', '/v3/lab_tests/list_order_set_markers', 'POST', '{}'],
  ] as const) {
    it(`401 without a key and with a wrong key: ${name}`, async () => {
      const missing = await call(sandbox, path, { method, body, key: null });
      assert.equal(missing.status, 401);
      assert.equal(typeof missing.json.detail, 'string');
      const wrong = await call(sandbox, path, { method, body, key: 'guess-ABCDEF-987' });
      assert.equal(wrong.status, 401);
      assert.equal(typeof wrong.json.detail, 'string');
      assert.ok(!wrong.text.includes('guess-ABCDEF-987'), 'the given key is never echoed');
      assert.ok(!wrong.text.includes('team-secret-123'), 'the real key is never revealed');
    });
  }

  it('401 for the lab markers route too, and an empty key counts as missing', async () => {
    assert.equal((await call(sandbox, labTestPath(), { key: '' })).status, 401);
    assert.equal((await call(sandbox, labTestPath(), { key: 'team-secret-1234' })).status, 401);
    assert.equal((await call(sandbox, labTestPath())).status, 200);
  });

  it('checks auth before validation (a bad request without a key is 401, not 422)', async () => {
    assert.equal((await call(sandbox, '/v2/user/?limit=9999', { key: null })).status, 401);
  });

  it('unknown routes are 404 {"detail":"Not Found"}, before auth', async () => {
    for (const path of ['/', '/v2/users', '/v1/user/', '/v2/user/resolve/', '/v3/lab_tests/x/markers/extra', '/v2/timeseries/x/heart_rate/grouped']) {
      const response = await call(sandbox, path, { key: null });
      assert.equal(response.status, 404, path);
      assert.deepEqual(response.json, { detail: 'Not Found' });
    }
  });

  it('a wrong method on a known path is 405 with an Allow header', async () => {
    const post = await call(sandbox, '/v2/user/', { method: 'POST', body: '{}' });
    assert.equal(post.status, 405);
    assert.deepEqual(post.json, { detail: 'Method Not Allowed' });
    assert.match(post.headers.get('allow') ?? '', /GET/);
    const get = await call(sandbox, '/v3/lab_tests/list_order_set_markers');
    assert.equal(get.status, 405);
    assert.equal(get.headers.get('allow'), 'POST');
    assert.equal((await call(sandbox, labTestPath(), { method: 'DELETE' })).status, 405);
  });

  it('serves /v2/user and /v2/user/ alike', async () => {
    const withSlash = await call(sandbox, '/v2/user/?limit=3');
    const without = await call(sandbox, '/v2/user?limit=3');
    assert.equal(without.status, 200);
    assert.deepEqual(without.json, withSlash.json);
  });

  it('every response is JSON with a fresh x-request-id, errors included', async () => {
    const responses = [
      await call(sandbox, '/v2/user/'),
      await call(sandbox, '/v2/user/', { key: null }),
      await call(sandbox, '/v2/user/?limit=0'),
      await call(sandbox, '/v2/user/resolve/nobody'),
      await call(sandbox, '/nowhere'),
      await call(sandbox, '/v2/user/', { method: 'PUT', body: '{}' }),
    ];
    const ids = new Set<string>();
    for (const response of responses) {
      assert.equal(response.headers.get('content-type'), 'application/json');
      const id = response.headers.get('x-request-id');
      assert.ok(id && id.length >= 16, 'x-request-id present');
      ids.add(id);
      assert.doesNotThrow(() => JSON.parse(response.text));
    }
    assert.equal(ids.size, responses.length, 'request ids are unique');
  });

  it('answers HEAD on GET routes with headers only', async () => {
    const response = await fetch(`${sandbox.url}/v2/user/`, { method: 'HEAD', headers: { 'x-service-api-key': sandbox.apiKey } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/json');
    assert.equal(await response.text(), '');
  });

  it('never answers 5xx to odd input: encoded slashes, bad escapes, repeated params, huge numbers', async () => {
    const paths = [
      '/v2/user/resolve/%E0%A4%A',
      '/v2/user/resolve/a%2Fb',
      '/v2/user/?limit=1&limit=2&offset=abc',
      '/v2/user/?limit=99999999999999999999999',
      '/v2/user/?offset=1e3',
      `/v3/lab_tests/%00/markers?page=%FF`,
      '/v2/timeseries/%20/blood_pressure/grouped?start_date=%00',
      '/v2/timeseries/00000000-0000-4000-8000-000000000000/blood_pressure/grouped?start_date=0001-01-01&end_date=9999-12-31',
    ];
    for (const path of paths) {
      const response = await call(sandbox, path);
      assert.ok(response.status >= 400 && response.status < 500, `${path} → ${response.status}`);
      assert.ok('detail' in response.json, path);
    }
  });

  it('rejects a body over 1 MB with 413, not a crash', async () => {
    const response = await call(sandbox, '/v3/lab_tests/list_order_set_markers', {
      method: 'POST',
      body: JSON.stringify({ lab_test_ids: ['x'.repeat(1_100_000)] }),
    });
    assert.equal(response.status, 413);
    assert.equal(typeof response.json.detail, 'string');
  });

  it('close() resolves and the port stops answering', async () => {
    const other = await start();
    await other.close();
    await assert.rejects(fetch(`${other.url}/v2/user/`));
  });
});
