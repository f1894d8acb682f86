// Requests made for an agent tool: the log line and the Requests view's row and tooltip say so,
// and a saved row keeps the tool's name across a window reload.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatRequestLogLine } from '../../src/domain/requests/requestLog';
import { rowText, tooltipLines, type RequestWords } from '../../src/domain/requests/requestPresentation';
import { parseSavedRecords, RequestRecords } from '../../src/domain/requests/requestRecords';
import { testRequestWordsWithoutLens } from '../support/requestWords';

const words: RequestWords = { ...testRequestWordsWithoutLens, forAgent: (tool) => `for agent (${tool})` };

const entry = { method: 'GET', url: 'https://api.test/v2/user/resolve/acme-42', status: 200, ms: 12, attempt: 1 };

test('the log line names the agent tool after the environment', () => {
  assert.equal(formatRequestLogLine(entry, 'Sandbox US', 'diagnose_user').text, 'GET /v2/user/resolve/acme-42 · 200 · 12 ms · attempt 1 · Sandbox US · for agent tool diagnose_user');
  assert.equal(formatRequestLogLine(entry, 'Sandbox US').text, 'GET /v2/user/resolve/acme-42 · 200 · 12 ms · attempt 1 · Sandbox US');
});

test('the row and its tooltip say the request was made for an agent; a saved row keeps it', () => {
  const records = new RequestRecords();
  const input = {
    environmentId: 'sandboxUs',
    environmentLabel: 'Sandbox US',
    baseUrl: 'https://api.test',
    method: 'GET',
    url: entry.url,
    requestHeaders: { 'x-service-api-key': 'secret-key' },
    status: 200,
    attempts: [{ ms: 12 }],
    startedAt: 1,
  };
  const forAgent = records.add({ ...input, agentTool: 'diagnose_user' }, 'x-service-api-key', 'secret-key');
  const byPanel = records.add(input, 'x-service-api-key', 'secret-key');
  assert.match(rowText({ kind: 'request', record: forAgent }, words).description, /Sandbox US · for agent \(diagnose_user\)$/);
  assert.doesNotMatch(rowText({ kind: 'request', record: byPanel }, words).description, /agent/);
  assert.ok(tooltipLines(forAgent, words).includes('for agent (diagnose_user)'));
  const { forAgent: _unused, ...olderWords } = words;
  assert.doesNotMatch(rowText({ kind: 'request', record: forAgent }, olderWords).description, /agent/, 'callers without the word are unchanged');
  const restored = parseSavedRecords(JSON.parse(JSON.stringify(records.snapshot())));
  assert.equal(restored[0]?.agentTool, 'diagnose_user');
  assert.equal(parseSavedRecords([{ ...records.snapshot()[0], agentTool: 7 }]).length, 0, 'a malformed tool name is not restored');
});
