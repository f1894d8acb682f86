// The key header name: the client sends the key in the configured header and nowhere else, the
// sandbox accepts only the header it was started with, and cURL text and log entries name it.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { describe, test } from 'node:test';
import { promisify } from 'node:util';
import { DEFAULT_API_KEY_HEADER, normaliseApiKeyHeader, otherApiKeyHeader } from '../../src/api/apiKeyHeader';
import { isHealthApiError } from '../../src/api/errors';
import { listUsersRequest } from '../../src/api/requests';
import { buildCurlCommand } from '../../src/domain/requests/curl';
import { parseArgs } from '../../src/sandbox/cliArgs';
import { useSandbox } from '../support/sandboxFixture';

const run = promisify(execFile);
const vital = useSandbox({ users: 5, apiKey: 'vital-key-1', apiKeyHeader: 'x-vital-api-key' });
const spec = useSandbox({ users: 5, apiKey: 'spec-key-1' });

async function failureKind(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return isHealthApiError(error) ? error.kind : 'other';
  }
}

describe('API key header', () => {
  test('header names are checked and lower-cased; reserved names are refused', () => {
    assert.equal(normaliseApiKeyHeader(' X-Vital-API-Key '), 'x-vital-api-key');
    for (const bad of ['', 'with space', 'colon:', 'new\nline', 'Accept', 'host', 'a'.repeat(65), 42, undefined]) {
      assert.equal(normaliseApiKeyHeader(bad), undefined, String(bad));
    }
  });

  test('a sandbox started with another header accepts the key only there', async () => {
    const { client, log } = vital.loggingClient({ apiKeyHeader: 'X-Vital-Api-Key' });
    const page = await client.listUsers({ limit: 2 });
    assert.equal(page.users.length, 2);
    assert.equal(log[0]?.keyHeader, 'x-vital-api-key');
    assert.equal(await failureKind(vital.client().listUsers({ limit: 1 })), 'unauthorized');
  });

  test('the default sandbox accepts only the spec header', async () => {
    assert.equal(DEFAULT_API_KEY_HEADER, 'x-service-api-key');
    assert.equal((await spec.client().listUsers({ limit: 1 })).users.length, 1);
    assert.equal(await failureKind(spec.client({ apiKeyHeader: 'x-vital-api-key' }).listUsers({ limit: 1 })), 'unauthorized');
  });

  test('a 401 names the header the key was sent in, so the other one can be offered', async () => {
    for (const [fixture, header] of [[spec, 'x-vital-api-key'], [vital, 'x-service-api-key']] as const) {
      const error = await fixture
        .client({ apiKeyHeader: header })
        .listUsers({ limit: 1 })
        .then(() => assert.fail('a 401'), (caught: unknown) => caught);
      assert.ok(isHealthApiError(error));
      assert.equal(error.kind, 'unauthorized');
      assert.equal(error.keyHeader, header);
      assert.ok(error.message.includes(`the key was sent in the ${header} header`), error.message);
      // The header offered after it is the one the other fixture reads the key from.
      const other = otherApiKeyHeader(error.keyHeader);
      assert.equal(await failureKind(fixture.client({ apiKeyHeader: other }).listUsers({ limit: 1 })), 'ok');
    }
    assert.equal(otherApiKeyHeader('X-Service-Api-Key'), 'x-vital-api-key');
    assert.equal(otherApiKeyHeader('x-my-key'), undefined, 'a header of the user\'s own choosing: nothing to offer');
    assert.equal(otherApiKeyHeader(undefined), undefined);
  });

  test('an invalid header name fails before any request', async () => {
    const before = spec.sandbox.requestCount();
    assert.equal(await failureKind(spec.client({ apiKeyHeader: 'bad header' }).listUsers()), 'invalid_request');
    assert.equal(spec.sandbox.requestCount(), before);
  });

  test('Copy as cURL with another header works against that sandbox', async () => {
    const curl = buildCurlCommand(vital.sandbox.url, listUsersRequest({ limit: 1 }), 'x-vital-api-key');
    assert.match(curl, /--header "x-vital-api-key: \$SERVICE_API_KEY"/);
    const { stdout } = await run('sh', ['-c', `${curl} --silent`], { env: { ...process.env, SERVICE_API_KEY: 'vital-key-1' } });
    assert.equal((JSON.parse(stdout) as { users: unknown[] }).users.length, 1);
  });

  test('the sandbox CLI takes --api-key-header', () => {
    const parsed = parseArgs(['--api-key-header', 'x-vital-api-key']);
    assert.equal(parsed.kind === 'run' && parsed.options.apiKeyHeader, 'x-vital-api-key');
  });
});
