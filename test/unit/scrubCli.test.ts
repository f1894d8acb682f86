// `node dist/cli.js scrub` and `capture`, built with esbuild and run as child processes, against the
// real sandbox on 127.0.0.1: bodies scrubbed from stdin, fixtures captured and then served by a
// sandbox started on their folder; the key is never printed or written; bad input exits 2 with a
// sentence that says what to do.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as esbuild from 'esbuild';
import { startSandbox } from '../../src/sandbox/server';
import { generateBody } from '../support/vendorBodies';

const ROOT = path.resolve(__dirname, '..', '..');
const KEY = 'capture-key-0f6c1d2e-never-shown';
const SECRET = 'cli-test-secret';

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

let work: string;
let cli: string;

function runCli(args: readonly string[], options: { stdin?: string; env?: Record<string, string> } = {}): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: work, env: { PATH: process.env.PATH ?? '', ...options.env }, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}

before(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'hde-cli-'));
  cli = path.join(work, 'cli.js');
  await esbuild.build({ entryPoints: [path.join(ROOT, 'src/cli/main.ts')], outfile: cli, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'silent' });
});

after(() => rmSync(work, { recursive: true, force: true }));

describe('cli scrub', () => {
  const body = { ...generateBody('resolveUser', 3, 'full').body, client_user_id: 'maria.garcia@example.com', note: 'Call Maria Garcia on +44 20 7946 0958' };

  test('scrubs a body from stdin, guesses its operation, reports on stderr; the same secret gives the same output', async () => {
    const one = await runCli(['scrub'], { stdin: JSON.stringify(body), env: { HEALTH_DATA_SCRUB_SECRET: SECRET } });
    const two = await runCli(['scrub', '--operation', 'resolveUser'], { stdin: JSON.stringify(body), env: { HEALTH_DATA_SCRUB_SECRET: SECRET } });
    assert.equal(one.code, 0, one.stderr);
    assert.equal(one.stdout, two.stdout);
    const scrubbed = JSON.parse(one.stdout) as Record<string, unknown>;
    assert.match(String(scrubbed.client_user_id), /^user-[0-9a-f]{12}$/);
    assert.equal(scrubbed.note, '[removed]');
    assert.ok(!one.stdout.includes('garcia') && !one.stdout.includes('7946'));
    assert.match(one.stderr, /^Scrubbed resolveUser \(guessed from the body\): 3 identifiers pseudonymised, \d+ dates shifted, 2 text values removed\.$/m);
    assert.doesNotMatch(one.stderr, /random secret/);
  });

  test('without a secret a random one is used and said so; pseudonyms then differ per run', async () => {
    const one = await runCli(['scrub'], { stdin: JSON.stringify(body) });
    const two = await runCli(['scrub'], { stdin: JSON.stringify(body) });
    assert.equal(one.code, 0);
    assert.match(one.stderr, /HEALTH_DATA_SCRUB_SECRET is not set: a random secret was used/);
    assert.notEqual(one.stdout, two.stdout);
  });

  test('--user-id moves a blood-pressure body like that user’s dates', async () => {
    const bloodPressure = { groups: { omron: [{ source: { provider: 'omron', type: 'cuff' }, data: [{ systolic: 120, diastolic: 80, timestamp: '2025-03-01T08:00:00+01:00', unit: 'mmHg' }] }] } };
    const user = { user_id: '7f0c2a52-1d1e-4d3b-9f7e-2b1f6f3c9a10', client_user_id: 'p-1', created_on: '2025-03-01T08:00:00+01:00' };
    const env = { HEALTH_DATA_SCRUB_SECRET: SECRET };
    const readings = await runCli(['scrub', '--user-id', user.user_id], { stdin: JSON.stringify(bloodPressure), env });
    const resolved = await runCli(['scrub'], { stdin: JSON.stringify(user), env });
    const timestamp = (JSON.parse(readings.stdout) as typeof bloodPressure).groups.omron[0]!.data[0]!.timestamp;
    assert.equal(timestamp, (JSON.parse(resolved.stdout) as typeof user).created_on);
  });

  test('bad input exits 2 with what to do', async () => {
    const cases: [string[], string, RegExp][] = [
      [['scrub'], 'not json', /The input is not JSON .*Pipe a response body in/],
      [['scrub'], '{"detail":"Not Found"}', /Cannot tell which operation .* --operation listUsers\|resolveUser/],
      [['scrub', '--operation', 'deleteUser'], '{}', /Unknown operation: deleteUser/],
      [['scrub', '--bogus'], '{}', /Unknown option: --bogus/],
      [['scrub', '--user-id', 'x'], JSON.stringify({ markers: [] }), /--user-id only applies/],
    ];
    for (const [args, stdin, message] of cases) {
      const outcome = await runCli(args, { stdin });
      assert.equal(outcome.code, 2, `${args.join(' ')}: ${outcome.stderr}`);
      assert.match(outcome.stderr, message);
      assert.equal(outcome.stdout, '');
    }
  });

  test('the usage lists scrub and capture', async () => {
    const outcome = await runCli(['--help']);
    assert.match(outcome.stdout, /^ {2}scrub +scrub a response body/m);
    assert.match(outcome.stdout, /^ {2}capture +make one request/m);
  });
});

describe('cli capture', () => {
  let production: Awaited<ReturnType<typeof startSandbox>>;

  before(async () => {
    production = await startSandbox({ port: 0, apiKey: KEY, shape: 'vendor', users: 6, seed: 4, today: '2026-03-15' });
  });
  after(async () => production?.close());

  test('writes a scrubbed fixture; a sandbox on that folder answers the printed request with it', async () => {
    const list = (await (await fetch(`${production.url}/v2/user?limit=1`, { headers: { 'x-service-api-key': KEY } })).json()) as { users: { client_user_id: string; user_id: string }[] };
    const person = list.users[0]!;
    const out = path.join(work, 'fixtures');
    const env = { HEALTH_DATA_API_KEY: KEY, HEALTH_DATA_SCRUB_SECRET: SECRET };
    const outcomes = [
      await runCli(['capture', '--base-url', production.url, '--operation', 'resolveUser', person.client_user_id, '--out', out], { env }),
      await runCli(['capture', '--base-url', production.url, '--operation', 'getGroupedBloodPressure', person.user_id, '--start-date', '2025-12-01', '--end-date', '2026-03-01', '--out', out], { env }),
      await runCli(['capture', '--base-url', production.url, '--operation', 'listOrderSetMarkers', '--lab-test-id', production.labTests[0]!.id, '--page', '1', '--size', '10', '--out', out], { env }),
    ];
    for (const outcome of outcomes) {
      assert.equal(outcome.code, 0, outcome.stderr);
      assert.ok(!(outcome.stdout + outcome.stderr).includes(KEY), 'the key is never printed');
      assert.match(outcome.stdout, /^Wrote .*\.json \(HTTP 200; scrubbed: .*\)$/m);
    }
    const files = readdirSync(out);
    assert.equal(files.length, 3);
    for (const file of files) {
      const text = readFileSync(path.join(out, file), 'utf8');
      assert.ok(!text.includes(KEY) && !text.includes(person.user_id) && !text.includes(person.client_user_id), `${file} holds no key and no real id`);
    }
    const replay = await startSandbox({ port: 0, fixturesDir: out, users: 2, seed: 8 });
    try {
      assert.deepEqual(replay.fixtureProblems(), []);
      for (const outcome of outcomes) {
        const [, method, target] = /now answers: (GET|POST) (\S+)/.exec(outcome.stdout) ?? [];
        assert.ok(method && target, outcome.stdout);
        const file = JSON.parse(readFileSync(/^Wrote (.*\.json) /m.exec(outcome.stdout)![1]!, 'utf8')) as { body: unknown; args: unknown[] };
        const init: RequestInit = { method, headers: { 'x-service-api-key': replay.apiKey, 'content-type': 'application/json' } };
        if (method === 'POST') init.body = JSON.stringify({ lab_test_ids: (file.args[0] as { labTestIds: string[] }).labTestIds });
        const response = await fetch(`${replay.url}${target}`, init);
        assert.equal(response.status, 200, target);
        assert.equal(JSON.stringify(await response.json()), JSON.stringify(file.body), target);
      }
    } finally {
      await replay.close();
    }
  });

  test('keeps every page of a paged request: a sandbox on the folder follows each pseudonymised cursor to the next page', async () => {
    const paged = await startSandbox({ port: 0, apiKey: KEY, shape: 'vendor', users: 3, seed: 4, today: '2026-03-15', bloodPressurePageSize: 5 });
    const out = path.join(work, 'paged');
    try {
      const list = (await (await fetch(`${paged.url}/v2/user?limit=1`, { headers: { 'x-service-api-key': KEY } })).json()) as { users: { user_id: string }[] };
      const userId = list.users[0]!.user_id;
      const captured = await runCli(['capture', '--base-url', paged.url, '--operation', 'getGroupedBloodPressure', userId, '--start-date', '2026-02-01', '--end-date', '2026-03-01', '--out', out], { env: { HEALTH_DATA_API_KEY: KEY, HEALTH_DATA_SCRUB_SECRET: SECRET } });
      assert.equal(captured.code, 0, captured.stderr);
      const files = readdirSync(out);
      assert.ok(files.length > 2, `${files.length} pages written`);
      assert.equal((captured.stdout.match(/^Wrote /gm) ?? []).length, files.length);
      const [, target] = /now answers: GET (\S+)/.exec(captured.stdout) ?? [];
      const replay = await startSandbox({ port: 0, fixturesDir: out, users: 2, seed: 8 });
      try {
        let next: string | null = `${replay.url}${target}`;
        let pages = 0;
        while (next !== null && pages <= files.length) {
          const response = await fetch(next, { headers: { 'x-service-api-key': replay.apiKey } });
          assert.equal(response.status, 200, next);
          const page = (await response.json()) as { next_cursor?: string | null };
          pages++;
          const url: URL = new URL(next);
          url.searchParams.set('next_cursor', page.next_cursor ?? '');
          next = page.next_cursor ? url.toString() : null;
        }
        assert.equal(pages, files.length, 'every page, then next_cursor null');
      } finally {
        await replay.close();
      }
    } finally {
      await paged.close();
    }
  });

  test('production needs --allow-production; the key only from the environment; bad arguments exit 2', async () => {
    const out = path.join(work, 'refused');
    const cases: [string[], Record<string, string>, RegExp][] = [
      [['capture', '--environment', 'productionUs', '--operation', 'resolveUser', 'p-1', '--out', out], { HEALTH_DATA_API_KEY: KEY }, /is production: real people's data\. Add --allow-production/],
      [['capture', '--base-url', 'https://api.eu.junction.com', '--operation', 'resolveUser', 'p-1', '--out', out], { HEALTH_DATA_API_KEY: KEY }, /Add --allow-production/],
      [['capture', '--base-url', production.url, '--operation', 'resolveUser', 'p-1', '--out', out], {}, /Set HEALTH_DATA_API_KEY/],
      [['capture', '--base-url', 'http://example.com', '--operation', 'resolveUser', 'p-1', '--out', out], { HEALTH_DATA_API_KEY: KEY }, /plain http only to this machine/],
      [['capture', '--operation', 'resolveUser', 'p-1', '--out', out], { HEALTH_DATA_API_KEY: KEY }, /Give either --base-url URL or --environment ID/],
      [['capture', '--environment', 'moon', '--operation', 'resolveUser', 'p-1', '--out', out], { HEALTH_DATA_API_KEY: KEY }, /Unknown environment: moon/],
      [['capture', '--base-url', production.url, '--operation', 'resolveUser', '--out', out], { HEALTH_DATA_API_KEY: KEY }, /resolveUser takes CLIENT_USER_ID/],
      [['capture', '--base-url', production.url, '--operation', 'getGroupedBloodPressure', 'u', '--out', out], { HEALTH_DATA_API_KEY: KEY }, /needs --start-date/],
      [['capture', '--base-url', production.url, '--operation', 'resolveUser', 'p-1'], { HEALTH_DATA_API_KEY: KEY }, /--out DIR/],
    ];
    for (const [args, env, message] of cases) {
      const outcome = await runCli(args, { env });
      assert.equal(outcome.code, 2, `${args.join(' ')}: ${outcome.stderr}`);
      assert.match(outcome.stderr, message);
      assert.ok(!outcome.stderr.includes(KEY));
    }
    assert.throws(() => readdirSync(out), /ENOENT/, 'nothing written');
  });

  test('an error answer is captured too; a request the client refuses writes nothing', async () => {
    const out = path.join(work, 'errors');
    const env = { HEALTH_DATA_API_KEY: KEY, HEALTH_DATA_SCRUB_SECRET: SECRET };
    const missing = await runCli(['capture', '--base-url', production.url, '--operation', 'resolveUser', 'nobody-here', '--out', out], { env });
    assert.equal(missing.code, 0, missing.stderr);
    assert.match(missing.stdout, /HTTP 404/);
    const refused = await runCli(['capture', '--base-url', production.url, '--operation', 'getGroupedBloodPressure', 'not-a-uuid', '--start-date', '2026-01-01', '--out', out], { env });
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /Nothing to capture: .*user_id must be a uuid/);
    assert.equal(readdirSync(out).length, 1);
  });
});
