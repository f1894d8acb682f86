// The agent tool catalogue against the real sandbox: each tool's answer (the sample stories
// included), the size cap, bad input and unknown ids as results a model can act on, cancellation,
// and that every result names its environment and never carries the key.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runAgentTool, type AgentToolResult } from '../../src/agents/catalogue';
import { MAX_RESULT_CHARS } from '../../src/agents/resultBuilder';
import { SEVERITY } from '../../src/domain/coverage/dataDiagnosis';
import { diagnoseUser } from '../../src/domain/coverage/diagnoseUser';
import { scanCoverage } from '../../src/domain/coverage/coverageScan';
import { listScopeUsers } from '../../src/domain/coverage/scanUsers';
import { keepsRow, type ScannedRow } from '../../src/domain/coverage/coverageScanTable';
import { recordingContext, TEST_ENVIRONMENT } from '../support/agentContext';
import { useSandbox } from '../support/sandboxFixture';

const KEY = 'agent-tools-key-5b0f2d9c81e4a7';
const HEAVY_READINGS = 100_000;
const fixture = useSandbox({ users: 60, seed: 2, apiKey: KEY, heavyUserReadings: HEAVY_READINGS });

function setup(): ReturnType<typeof recordingContext> {
  const recording = recordingContext('x-service-api-key', KEY, fixture.sandbox.url);
  recording.bind(fixture.client({ onRequest: recording.onRequest }));
  return recording;
}

const size = (result: AgentToolResult): number => result.text.length + JSON.stringify(result.data).length;
const all: AgentToolResult[] = [];

async function call(name: string, input: unknown, recording = setup()): Promise<AgentToolResult> {
  const result = await runAgentTool(name, input, recording.context);
  all.push(result);
  assert.ok(size(result) <= MAX_RESULT_CHARS, `${name}: ${size(result)} characters`);
  assert.match(result.text, new RegExp(`^Health Data · ${TEST_ENVIRONMENT.label.replace(/[()]/g, '\\$&')} · ${name}\n`), 'the first line names the environment and the tool');
  assert.deepEqual((result.data.environment as { id: string }).id, 'local');
  assert.equal(result.data.ok, !result.isError);
  assert.doesNotMatch(result.text, /\n\s+at .+:\d+:\d+/, 'no stack trace');
  return result;
}

async function userAt(position: number): Promise<{ client_user_id: string; user_id: string }> {
  // The heavy reader is listed first: story positions count after it.
  const page = await fixture.client().listUsers({ offset: position + 1, limit: 1 });
  return page.users[0] ?? assert.fail(`user #${position}`);
}

describe('find_user', () => {
  test('by client_user_id: ids, sources, zone and ingestion bounds, and nothing else about the person', async () => {
    const user = await userAt(13);
    const result = await call('find_user', { user: user.client_user_id });
    assert.equal(result.isError, false);
    const facts = result.data.user as Record<string, unknown>;
    assert.equal(facts.client_user_id, user.client_user_id);
    assert.match(String(facts.ingestion_start), /^\d{4}-\d{2}-\d{2}/, 'story #13 has an ingestion_start');
    assert.ok(!('fallback_birth_date' in facts), 'no birth date: minimum data');
    assert.match(result.text, /Ingestion bounds: start "\d{4}-/);
  });

  test('by user_id: not a client_user_id, so the team is searched', async () => {
    const user = await userAt(20);
    const result = await call('find_user', { user: `"${user.user_id.toUpperCase()}"` });
    assert.equal(result.isError, false);
    assert.equal((result.data.user as { user_id: string }).user_id, user.user_id);
    assert.equal(result.data.foundBy, 'user_id');
  });

  test('unknown ids and bad input are answers with a next step', async () => {
    const unknown = await call('find_user', { user: 'nobody-like-this' });
    assert.equal(unknown.isError, true);
    assert.match(unknown.text, /no user has client_user_id "nobody-like-this" in Local sandbox/);
    assert.match(unknown.text, /Next step: .*list_users/);
    const uuid = await call('find_user', { user: '00000000-0000-4000-8000-000000000000' });
    assert.match(uuid.text, /users searched/);
    const wrongField = await call('find_user', { client_user_id: 'x' });
    assert.match(wrongField.text, /unknown field\(s\) "client_user_id"/);
    assert.match(wrongField.text, /fields it takes: user/);
    const notAnObject = await call('find_user', 'patient-0001');
    assert.equal(notAnObject.isError, true);
    const empty = await call('find_user', { user: '   ' });
    assert.match(empty.text, /the user id is empty/);
    const unknownTool = await runAgentTool('delete_user', {}, setup().context);
    assert.match(unknownTool.text, /no tool named "delete_user"/);
  });
});

describe('list_users', () => {
  test('a page with the total, a prefix search like the tree filter, and an offset past the end', async () => {
    const page = await call('list_users', { offset: 5, limit: 10 });
    assert.equal(page.data.total, 61);
    assert.equal((page.data.users as unknown[]).length, 10);
    assert.match(page.text, /More: list_users with offset=15/);
    const client = fixture.client();
    const expected = await listScopeUsers(client, { kind: 'filtered', prefix: 'PATIENT-001' });
    const search = await call('list_users', { prefix: 'PATIENT-001' });
    assert.equal(search.data.total, expected.length);
    assert.ok(expected.length > 1);
    const past = await call('list_users', { offset: 500 });
    assert.equal(past.isError, true);
    assert.match(past.text, /offset 500 is past the last user \(there are 61\).*\n.*offset from 0 to 60/);
    const tooMany = await call('list_users', { limit: 1000 });
    assert.match(tooMany.text, /limit: Too big/);
  });

  test('100 users do not fit: the result stops at the cap and says how to go on', async () => {
    const result = await call('list_users', { limit: 100, offset: 0 });
    const truncated = result.data.usersTruncated as { shown: number; total: number; next: string };
    assert.ok(truncated.shown < 61 && truncated.total === 61, JSON.stringify(truncated));
    assert.match(result.text, new RegExp(`and ${61 - truncated.shown} more not shown.*offset=${truncated.shown}`));
  });
});

describe('blood_pressure_summary', () => {
  test('per provider and source type, with categories; raw readings only on request and capped', async () => {
    const user = await userAt(0);
    const summary = await call('blood_pressure_summary', { user: user.client_user_id, days: 30 });
    const groups = summary.data.groups as { readings: number; categories: Record<string, number>; days_with_readings: number }[];
    assert.ok(groups.length >= 1 && groups[0]!.readings > 0);
    const readings = groups.reduce((sum, group) => sum + group.readings, 0);
    assert.equal(summary.data.readings, readings);
    assert.equal(Object.values(groups[0]!.categories).reduce((a, b) => a + b, 0), groups[0]!.readings);
    assert.equal(summary.data.rawReadings, undefined, 'no raw readings unless asked');
    const raw = await call('blood_pressure_summary', { user: user.client_user_id, raw_readings: 5 });
    assert.equal((raw.data.rawReadings as unknown[]).length, 5);
    const tooMany = await call('blood_pressure_summary', { user: user.client_user_id, raw_readings: 101 });
    assert.equal(tooMany.isError, true);
  });

  test('the heavy reader: 100,000 readings, a year, 100 raw readings, still within the cap', async () => {
    const result = await call('blood_pressure_summary', { user: 'sample-heavy-reader', days: 366, raw_readings: 100 });
    assert.equal(result.isError, false);
    assert.ok((result.data.readings as number) > 90_000, String(result.data.readings));
    const truncated = result.data.rawReadingsTruncated as { shown: number } | undefined;
    assert.ok(truncated === undefined || truncated.shown < 100);
  });

  test('bad dates, both window forms, too long a range: each says what to send instead', async () => {
    const user = (await userAt(1)).client_user_id;
    const cases: [unknown, RegExp][] = [
      [{ user, start_date: '2026-02-30' }, /real calendar days written YYYY-MM-DD/],
      [{ user, start_date: 'last tuesday' }, /real calendar days/],
      [{ user, start_date: '2026-03-10', end_date: '2026-03-01' }, /end_date "2026-03-01" is before start_date "2026-03-10"/],
      [{ user, days: 7, start_date: '2026-03-01' }, /either days, or start_date/],
      [{ user, end_date: '2026-03-01' }, /end_date was given without start_date/],
      [{ user, start_date: '2024-01-01', end_date: '2026-01-01' }, /at most 366/],
      [{ user, days: 0 }, /days: Too small/],
    ];
    for (const [input, expected] of cases) {
      const result = await call('blood_pressure_summary', input);
      assert.equal(result.isError, true, JSON.stringify(input));
      assert.match(result.text, expected, JSON.stringify(input));
    }
  });
});

describe('diagnose_user', () => {
  test('the same findings as the Diagnose Data panel, for every story user', async () => {
    const client = fixture.client();
    for (const position of [10, 11, 12, 13, 14, 17]) {
      const user = await userAt(position);
      const result = await call('diagnose_user', { user: user.client_user_id, days: 30 });
      const expected = await diagnoseUser(client, user.client_user_id, { days: 30 });
      const kinds = (result.data.findings as { kind: string }[]).map((finding) => finding.kind).sort();
      assert.deepEqual(kinds, expected.findings.map((finding) => finding.kind).sort(), `user #${position}`);
      const problems = expected.findings.filter((finding) => SEVERITY[finding.kind] === 'problem');
      if (problems.length > 0) assert.match(result.text, /Why data is missing:\n- \[problem\]/);
    }
    const stopped = await call('diagnose_user', { user: (await userAt(10)).client_user_id });
    assert.match(stopped.text, /"withings" \(connected \d{4}-\d{2}-\d{2}\) stopped syncing: last reading \d{4}-\d{2}-\d{2}, nothing for \d+ days/);
    assert.match(stopped.text, /Evidence: blood_pressure_summary start_date=\d{4}-\d{2}-\d{2} end_date=\d{4}-\d{2}-\d{2} provider="withings"/);
  });

  test('the heavy reader fits the cap', async () => {
    const result = await call('diagnose_user', { user: 'sample-heavy-reader' });
    assert.equal(result.isError, false);
    // The window's pages only: every source delivers in it, so nothing further back is read.
    assert.ok((result.data.pagesRead as number) >= 1);
    assert.match(result.text, /pages? read back to (\d{4}-\d{2}-\d{2})/);
    const [, window, readBackTo] = /: (\d{4}-\d{2}-\d{2}) to .*pages? read back to (\d{4}-\d{2}-\d{2})/.exec(result.text) ?? assert.fail(result.text);
    assert.equal(readBackTo, window, 'read back only to the window\'s first day');
  });

  test('counts agree with their nouns: "1 page", never "1 pages" or "page(s)", in every tool that counts', async () => {
    const texts = [];
    for (let position = 0; position < 12; position++) {
      const user = (await userAt(position)).client_user_id;
      texts.push((await call('diagnose_user', { user, days: 7 })).text, (await call('blood_pressure_summary', { user, days: 7 })).text);
    }
    texts.push((await call('scan_coverage', { days: 7 })).text);
    const text = texts.join('\n');
    assert.match(text, /\b1 (page|reading|source|day)\b/, 'some count of one among the sample users');
    assert.doesNotMatch(text, /\b1 (pages|readings|sources|days|findings|markers)\b/);
    assert.doesNotMatch(text, /\(s\)/);
  });

  test('a cancelled call returns what happened, not a stack', async () => {
    const controller = new AbortController();
    controller.abort();
    const recording = setup();
    const result = await runAgentTool('diagnose_user', { user: 'sample-heavy-reader' }, { ...recording.context, signal: controller.signal });
    assert.equal(result.isError, true);
    assert.match(result.text, /cancelled/);
  });
});

describe('scan_coverage', () => {
  test('counts agree with the scan engine and the panel\'s filters; paging answers from the remembered scan', async () => {
    const recording = setup();
    const result = await call('scan_coverage', { first: 25, days: 30, show: 'all' }, recording);
    const client = fixture.client();
    const users = await listScopeUsers(client, { kind: 'first', count: 25 });
    const expected = await scanCoverage(client, users, { days: 30 });
    const scanned = expected.rows.filter((row): row is ScannedRow => row.status === 'scanned');
    const counts = result.data.counts as Record<string, number>;
    assert.equal(counts.users, 25);
    assert.equal(counts.stoppedSyncing, scanned.filter((row) => keepsRow(row, 'stoppedSyncing')).length);
    assert.equal(counts.neverDelivered, scanned.filter((row) => keepsRow(row, 'neverDelivered')).length);
    assert.ok(counts.stoppedSyncing >= 1, 'story #10 stopped syncing');
    const requestsBefore = fixture.sandbox.requestCount();
    const again = await call('scan_coverage', { first: 25, days: 30, show: 'all', offset: 5 }, recording);
    assert.equal(again.data.remembered, true);
    assert.equal(fixture.sandbox.requestCount(), requestsBefore, 'no request for a page of a remembered scan');
    const firstPage = result.data.rows as { client_user_id: string }[];
    assert.deepEqual((again.data.rows as { client_user_id: string }[])[0], firstPage[5], 'offset 5 starts at the sixth row');
    const past = await call('scan_coverage', { first: 25, days: 30, show: 'all', offset: 99 }, recording);
    assert.match(past.text, /offset 99 is past the last all row \(there are 25\)/);
    const both = await call('scan_coverage', { first: 5, all: true });
    assert.match(both.text, /more than one of first, all and prefix/);
  });
});

describe('lab markers', () => {
  test('a page with LOINC codes, the next page, a page past the end, an unknown lab test', async () => {
    const id = fixture.sandbox.labTests[0]!.id;
    const first = await call('lab_test_markers', { lab_test_id: id, size: 2 });
    assert.equal((first.data.markers as unknown[]).length, 2);
    assert.match(first.text, /LOINC "\d+-\d"/);
    assert.match(first.text, /More: lab_test_markers with the same lab_test_id with page=2/);
    const past = await call('lab_test_markers', { lab_test_id: id, size: 2, page: 50 });
    assert.match(past.text, /page 50 is past the last page/);
    const unknown = await call('lab_test_markers', { lab_test_id: '00000000-0000-4000-8000-00000000abcd' });
    assert.match(unknown.text, /lab test "00000000-0000-4000-8000-00000000abcd" does not exist in Local sandbox/);
    const empty = await call('order_set_markers', {});
    assert.match(empty.text, /the order set is empty/);
    const orderSet = await call('order_set_markers', { lab_test_ids: [id] });
    assert.equal(orderSet.isError, false);
    assert.ok((orderSet.data.total as number) > 0);
  });
});

describe('recent_requests', () => {
  test('the requests the tools made, newest first; errors only; about one user', async () => {
    const recording = setup();
    const user = await userAt(3);
    await runAgentTool('find_user', { user: user.client_user_id }, recording.context);
    await runAgentTool('find_user', { user: 'no-such-user-at-all' }, recording.context);
    const recent = await call('recent_requests', {}, recording);
    assert.equal(recent.data.recorded, 2);
    const rows = recent.data.requests as { outcome: string; path: string }[];
    assert.equal(rows[0]!.outcome, '404', 'newest first');
    const errors = await call('recent_requests', { errors_only: true }, recording);
    assert.equal(errors.data.matching, 1);
    const about = await call('recent_requests', { user: user.client_user_id }, recording);
    assert.equal(about.data.matching, 1);
  });
});

describe('the key', () => {
  test('appears in no result of any tool', () => {
    assert.ok(all.length > 30, `${all.length} results checked`);
    for (const result of all) assert.ok(!JSON.stringify(result).includes(KEY), result.text.slice(0, 200));
  });
});
