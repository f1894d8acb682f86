// The cURL text is run by a real shell and a real curl against the real sandbox: what the user
// pastes is the request the extension makes, and the key only ever comes from $SERVICE_API_KEY.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { describe, test } from 'node:test';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { listUsersRequest, orderSetMarkersRequest, requestUrl, resolveUserRequest } from '../../src/api/requests';
import { API_KEY_VARIABLE, buildCurlCommand } from '../../src/domain/requests/curl';
import { useSandbox } from '../support/sandboxFixture';

const run = promisify(execFile);
const fixture = useSandbox({ users: 12, seed: 3, apiKey: 'curl-test-key-7f3a' });

const HOSTILE = [
  `it's`,
  `'; rm -rf ~ #`,
  '$(touch /tmp/pwned)`id`',
  '"double" and \\backslash\\',
  'new\nline\tand tab',
  '${HOME} $SERVICE_API_KEY !!',
  'ünïcødé ✓ 🩺',
];

/** The argv a shell hands to "curl" for `command`, captured by a shell function instead of curl. */
async function argvOf(command: string): Promise<string[]> {
  const script = `curl() { for a in "$@"; do printf '%s\\0' "$a"; done; }\n${command}`;
  const { stdout } = await run('sh', ['-c', script], { env: { PATH: process.env.PATH ?? '', [API_KEY_VARIABLE]: 'KEY-FROM-ENV' } });
  return stdout.split('\0').slice(0, -1);
}

describe('Copy as cURL', () => {
  test('hostile client_user_ids survive the shell exactly: the URL curl gets is the one the client sends', async () => {
    for (const clientUserId of HOSTILE) {
      const spec = resolveUserRequest(clientUserId);
      const argv = await argvOf(buildCurlCommand('https://api.example.com', spec));
      assert.deepEqual(argv.slice(0, 3), ['--request', 'GET', requestUrl('https://api.example.com', spec)], clientUserId);
      assert.ok(argv.includes('x-service-api-key: KEY-FROM-ENV'), 'the shell expands the key variable');
    }
  });

  test('property: any client_user_id and JSON body round-trips through sh unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 40 }).filter((s) => !s.includes('\0')), async (text) => {
        const spec = orderSetMarkersRequest({ labTestIds: [text] }, { page: 1 });
        const argv = await argvOf(buildCurlCommand('https://api.example.com', spec));
        const data = argv[argv.indexOf('--data') + 1];
        assert.deepEqual(JSON.parse(data ?? 'null'), { lab_test_ids: [text] });
      }),
      { numRuns: 60 },
    );
  });

  test('the key is never inline, only the variable reference is', () => {
    const command = buildCurlCommand(fixture.sandbox.url, resolveUserRequest('anyone'));
    assert.ok(!command.includes(fixture.sandbox.apiKey));
    assert.match(command, /"x-service-api-key: \$SERVICE_API_KEY"/);
  });

  test('pasted into a shell with SERVICE_API_KEY set, it returns what the client gets', async () => {
    const client = fixture.client();
    const first = (await client.listUsers({ limit: 3 })).users[2];
    assert.ok(first);
    const curl = buildCurlCommand(fixture.sandbox.url, resolveUserRequest(first.client_user_id));
    const { stdout } = await run('sh', ['-c', `${curl} --silent --show-error --fail`], {
      env: { PATH: process.env.PATH ?? '', [API_KEY_VARIABLE]: fixture.sandbox.apiKey },
    });
    assert.deepEqual(JSON.parse(stdout), await client.resolveUser(first.client_user_id));

    const list = buildCurlCommand(fixture.sandbox.url, listUsersRequest({ offset: 2, limit: 5 }));
    const listed = JSON.parse((await run('sh', ['-c', `${list} --silent --fail`], { env: { PATH: process.env.PATH ?? '', [API_KEY_VARIABLE]: fixture.sandbox.apiKey } })).stdout);
    assert.deepEqual(listed, await client.listUsers({ offset: 2, limit: 5 }));
  });

  test('without the variable the pasted command is refused by the API (nothing secret is baked in)', async () => {
    const curl = buildCurlCommand(fixture.sandbox.url, listUsersRequest({ limit: 1 }));
    const { stdout } = await run('sh', ['-c', `${curl} --silent --output /dev/null --write-out '%{http_code}'`], {
      env: { PATH: process.env.PATH ?? '' },
    });
    assert.equal(stdout, '401');
  });
});
