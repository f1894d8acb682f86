// The agent tools' results when they must leave scrubbed (issue 27), against the real sandbox: no
// user id or client_user_id of the answer survives in the text or the data, the line says what was
// scrubbed, a pseudonym given back in a later call of the session finds the same user, and without
// a secret the result is as before.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runAgentTool } from '../../src/agents/catalogue';
import { recordingContext } from '../support/agentContext';
import { useSandbox } from '../support/sandboxFixture';

const KEY = 'agent-scrub-key-7c1e';
const SECRET = 'agent-scrub-secret-0123456789abcdef';
const fixture = useSandbox({ users: 8, seed: 4, apiKey: KEY });

function setup(scrubSecret?: string): ReturnType<typeof recordingContext> {
  const recording = recordingContext('x-service-api-key', KEY, fixture.sandbox.url, scrubSecret === undefined ? {} : { scrubSecret });
  recording.bind(fixture.client({ onRequest: recording.onRequest }));
  return recording;
}

async function someUsers(): Promise<{ client_user_id: string; user_id: string }[]> {
  // The fixture closes the clients it made.
  return (await fixture.client().listUsers({ limit: 8 })).users;
}

const serialised = (result: { text: string; data: unknown }): string => `${result.text}\n${JSON.stringify(result.data)}`;

describe('agent tool results, scrubbed', () => {
  test('find_user: neither the user_id nor the client_user_id is in the result; the line says so', async () => {
    const [user] = await someUsers();
    assert.ok(user);
    const raw = await runAgentTool('find_user', { user: user.client_user_id }, setup().context);
    assert.ok(serialised(raw).includes(user.user_id), 'unscrubbed, the result names the user (the test can fail)');
    const scrubbed = await runAgentTool('find_user', { user: user.client_user_id }, setup(SECRET).context);
    assert.equal(scrubbed.isError, false, scrubbed.text);
    for (const id of [user.user_id, user.client_user_id]) assert.ok(!serialised(scrubbed).includes(id), `${id} left in: ${scrubbed.text}`);
    assert.match(scrubbed.text, /\nScrubbed for sharing \(healthData\.scrub\.when\): \d+ identifiers? pseudonymised/);
    assert.equal(typeof scrubbed.data.scrubbed, 'string');
  });

  test('list_users: every listed id is a pseudonym, the same one for the same secret', async () => {
    const users = await someUsers();
    const first = await runAgentTool('list_users', {}, setup(SECRET).context);
    const second = await runAgentTool('list_users', {}, setup(SECRET).context);
    const text = serialised(first);
    for (const user of users) assert.ok(!text.includes(user.user_id) && !text.includes(user.client_user_id), `${user.client_user_id} left`);
    assert.equal(first.text, second.text, 'stable pseudonyms');
  });

  test('a pseudonym given back in the same session finds the same user', async () => {
    const [user] = await someUsers();
    assert.ok(user);
    const recording = setup(SECRET);
    const found = await runAgentTool('find_user', { user: user.client_user_id }, recording.context);
    const pseudonym = (JSON.stringify(found.data).match(/"client_user_id":"([^"]+)"/) ?? [])[1];
    assert.ok(pseudonym && pseudonym !== user.client_user_id, `a pseudonymous client_user_id in ${JSON.stringify(found.data)}`);
    const again = await runAgentTool('find_user', { user: pseudonym }, recording.context);
    assert.equal(again.isError, false, again.text);
    assert.ok(!serialised(again).includes(user.user_id));
  });

  test('recent_requests: the paths it lists carry no id of the user', async () => {
    const [user] = await someUsers();
    assert.ok(user);
    const recording = setup(SECRET);
    await runAgentTool('find_user', { user: user.client_user_id }, recording.context);
    const recent = await runAgentTool('recent_requests', {}, recording.context);
    assert.match(recent.text, /\/v2\/user\/resolve\//);
    assert.ok(!serialised(recent).includes(user.client_user_id), recent.text);
  });
});
