// Fixtures the sandbox replays: exchanges captured from a vendor-shaped sandbox through the real
// client, scrubbed into fixture files, served by another sandbox (`fixturesDir`) — the client gets
// exactly the scrubbed body; broken files are named and the rest still served; fixture users join
// the user list; the folder is re-read when it changes.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { HealthApiClient, type RequestLogEntry } from '../../src/api/client';
import { inspectResponse } from '../../src/api/contract/inspect';
import type { RequestOperation } from '../../src/api/requests';
import { sendOperation } from '../../src/api/replay';
import { parseFixture, type FixtureFile } from '../../src/sandbox/fixtures/fixtureFile';
import { startSandbox } from '../../src/sandbox/server';
import { writeFixture } from '../../src/scrub/fixtureWriter';
import { scrubBody } from '../../src/scrub/scrubber';
import { captureExchange } from '../support/captureExchange';

const SECRET = 'fixture-test-secret';
const TODAY = '2026-03-15';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

function loggingClient(sandbox: Sandbox): { client: HealthApiClient; log: RequestLogEntry[] } {
  const log: RequestLogEntry[] = [];
  return { client: new HealthApiClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, retryBaseDelayMs: 1, onRequest: (entry) => log.push(entry) }), log };
}

describe('sandbox fixtures', () => {
  let production: Sandbox;
  let replay: Sandbox;
  let dir: string;
  const written: { file: FixtureFile; fileName: string; sandboxPath: string; originalRaw: string }[] = [];

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hde-fixtures-'));
    production = await startSandbox({ port: 0, shape: 'vendor', seed: 11, users: 8, today: TODAY });
    const { client, log } = loggingClient(production);
    const users = (await client.listUsers({ limit: 3 })) as { users: { user_id: string; client_user_id: string }[] };
    const person = users.users.find((user) => user.client_user_id !== undefined)!;
    const labTest = production.labTests[0]!.id;
    const operations: RequestOperation[] = [
      { name: 'listUsers', args: [{ offset: 0, limit: 3 }] },
      { name: 'resolveUser', args: [person.client_user_id] },
      { name: 'getGroupedBloodPressure', args: [person.user_id, { startDate: '2025-09-01', endDate: '2026-03-01T23:59:59Z' }] },
      { name: 'listLabTestMarkers', args: [labTest, { page: 1, size: 20 }] },
      { name: 'listOrderSetMarkers', args: [{ labTestIds: [labTest] }, { page: 1, size: 50 }] },
    ];
    for (const operation of operations) {
      const exchange = await captureExchange(client, log, operation);
      const fixture = writeFixture(exchange, SECRET);
      writeFileSync(join(dir, fixture.fileName), fixture.text);
      const parsed = parseFixture(fixture.fileName, fixture.text);
      assert.ok(parsed.ok);
      written.push({ file: parsed.fixture.file, fileName: fixture.fileName, sandboxPath: fixture.sandboxPath, originalRaw: exchange.raw });
    }
    await client.close();
    writeFileSync(join(dir, 'hand-edited.json'), '{ "fixture": 1, "operation": "resolveUser", ');
    writeFileSync(join(dir, 'renamed-operation.json'), JSON.stringify({ fixture: 1, operation: 'deleteUser', args: ['x'], status: 200, body: {} }));
    writeFileSync(join(dir, 'notes.txt'), 'not a fixture, not looked at');
    replay = await startSandbox({ port: 0, seed: 99, users: 5, today: TODAY, fixturesDir: dir });
  });

  after(async () => {
    await production?.close();
    await replay?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('each fixture is a pretty-printed file named <operation>-<short id>.json with the documented fields', () => {
    assert.equal(written.length, 5);
    for (const { fileName, file } of written) {
      assert.match(fileName, /^(listUsers|resolveUser|getGroupedBloodPressure|listLabTestMarkers|listOrderSetMarkers)-[0-9a-f]{10}\.json$/);
      assert.deepEqual(Object.keys(file), ['fixture', 'operation', 'args', 'status', 'body', 'deviations', 'savedAt', 'scrubbed']);
      assert.equal(file.status, 200);
    }
    const bloodPressure = written.find(({ file }) => file.operation === 'getGroupedBloodPressure')!;
    assert.match(bloodPressure.file.scrubbed, /^\d+ identifiers? pseudonymised, \d+ dates shifted$/);
    assert.ok(bloodPressure.file.deviations.length > 0, 'a vendor-shaped body deviates from the spec, and the fixture says how');
  });

  test('no real id of the captured exchanges is in any fixture', () => {
    for (const { file, originalRaw } of written) {
      const original = JSON.parse(originalRaw) as unknown;
      const ids = new Set<string>();
      const collect = (value: unknown, key = ''): void => {
        if (typeof value === 'string' && ['user_id', 'team_id', 'client_user_id'].includes(key)) ids.add(value);
        else if (Array.isArray(value)) value.forEach((item) => collect(item, key));
        else if (typeof value === 'object' && value !== null) Object.entries(value).forEach(([field, item]) => collect(item, field));
      };
      collect(original);
      const text = JSON.stringify(file);
      for (const id of ids) assert.ok(!text.includes(id), `${id} in ${file.operation}`);
    }
  });

  test('broken files are named at start and the others are still served', () => {
    const problems = replay.fixtureProblems();
    assert.equal(problems.length, 2, problems.join('\n'));
    assert.match(problems.find((p) => p.startsWith('hand-edited.json'))!, /not JSON/);
    assert.match(problems.find((p) => p.startsWith('renamed-operation.json'))!, /unknown operation "deleteUser"/);
    assert.equal(replay.fixtureCount(), 5);
  });

  test('the client gets exactly the scrubbed body, for every operation', async () => {
    const { client, log } = loggingClient(replay);
    for (const { file, sandboxPath } of written) {
      log.length = 0;
      await sendOperation(client, { name: file.operation, args: file.args } as RequestOperation);
      const answered = log.filter((entry) => entry.status === 200).at(-1);
      assert.ok(answered?.responseBody, `${file.operation}: answered`);
      assert.equal(JSON.stringify(JSON.parse(answered.responseBody)), JSON.stringify(file.body), `${file.operation} at ${sandboxPath}`);
      assert.ok(answered.url.includes(sandboxPath.split(' ')[1]!.split('?')[0]!), `${answered.url} answers ${sandboxPath}`);
    }
    await client.close();
  });

  test('the fixture body is what scrubbing the original gives', () => {
    const resolved = written.find(({ file }) => file.operation === 'resolveUser')!;
    assert.deepEqual(resolved.file.body, scrubBody('resolveUser', JSON.parse(resolved.originalRaw), SECRET).body);
  });

  test('the user list gains the fixture users after the sample users', async () => {
    const { client } = loggingClient(replay);
    const page = await client.listUsers({ offset: 0, limit: 100 });
    const fixtureUsers = (written.find(({ file }) => file.operation === 'listUsers')!.file.body as { users: { user_id: string }[] }).users;
    assert.equal(page.total, 5 + fixtureUsers.length);
    assert.deepEqual(page.users.slice(5).map((user) => user.user_id), fixtureUsers.map((user) => user.user_id));
    const tail = await client.listUsers({ offset: 6, limit: 1 });
    assert.deepEqual(tail.users.map((user) => user.user_id), [fixtureUsers[1]!.user_id]);
    await client.close();
  });

  test("another query for a fixture user's path gets that user's fixture; the sample data keeps its own", async () => {
    const { client } = loggingClient(replay);
    const bloodPressure = written.find(({ file }) => file.operation === 'getGroupedBloodPressure')!;
    const [userId] = bloodPressure.file.args as [string];
    const page = await client.getGroupedBloodPressure(userId, { startDate: '2020-01-01' });
    assert.deepEqual(Object.keys(page.groups), Object.keys((bloodPressure.file.body as { groups: object }).groups));
    const sample = await client.listUsers({ limit: 1 });
    await assert.doesNotReject(client.getGroupedBloodPressure(sample.users[0]!.user_id, { startDate: '2026-01-01' }));
    await assert.rejects(client.resolveUser('nobody-at-all'), /not found|404/i);
    const listed = (written.find(({ file }) => file.operation === 'listUsers')!.file.body as { users: { client_user_id: string; user_id: string }[] }).users.at(-1)!;
    assert.equal((await client.resolveUser(listed.client_user_id)).user_id, listed.user_id, 'a listed fixture user resolves');
    await client.close();
  });

  test('a fixture added while the sandbox runs is served after the folder changes', async () => {
    const resolved = written.find(({ file }) => file.operation === 'resolveUser')!;
    const edited = { ...resolved.file, args: ['user-added-later'], body: { ...(resolved.file.body as object), client_user_id: 'user-added-later' } };
    writeFileSync(join(dir, 'resolveUser-added.json'), JSON.stringify(edited, null, 2));
    const { client } = loggingClient(replay);
    let found: unknown;
    for (let attempt = 0; attempt < 40 && found === undefined; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      found = await client.resolveUser('user-added-later').catch(() => undefined);
    }
    assert.equal((found as { client_user_id: string } | undefined)?.client_user_id, 'user-added-later');
    assert.equal(replay.fixtureCount(), 6);
    await client.close();
  });
});

describe('a fixtures folder removed while served, then made again', () => {
  test('its new fixture is served without a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hde-fixtures-gone-'));
    const fixture = (clientUserId: string) => JSON.stringify({ fixture: 1, operation: 'resolveUser', args: [clientUserId], status: 200, body: { user_id: '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b', client_user_id: clientUserId } });
    writeFileSync(join(dir, 'first.json'), fixture('user-before'));
    const sandbox = await startSandbox({ port: 0, users: 1, today: TODAY, fixturesDir: dir });
    const { client } = loggingClient(sandbox);
    try {
      assert.equal((await client.resolveUser('user-before')).client_user_id, 'user-before');
      rmSync(dir, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
      mkdirSync(dir);
      writeFileSync(join(dir, 'again.json'), fixture('user-after'));
      let found: unknown;
      for (let attempt = 0; attempt < 40 && found === undefined; attempt++) {
        found = await client.resolveUser('user-after').catch(() => undefined);
        if (found === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.equal((found as { client_user_id: string } | undefined)?.client_user_id, 'user-after');
    } finally {
      await client.close();
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('scrubbing the sandbox’s own data', () => {
  test('marker catalogue pages come back unchanged; users keep every value but ids and dates', async () => {
    const sandbox = await startSandbox({ port: 0, shape: 'vendor', seed: 5, users: 20, today: TODAY });
    const { client, log } = loggingClient(sandbox);
    try {
      for (const labTest of sandbox.labTests) {
        const exchange = await captureExchange(client, log, { name: 'listLabTestMarkers', args: [labTest.id, { size: 100 }] });
        assert.deepEqual(scrubBody('listLabTestMarkers', exchange.body, SECRET).body, exchange.body, labTest.name);
      }
      const users = await captureExchange(client, log, { name: 'listUsers', args: [{ limit: 20 }] });
      const scrubbed = scrubBody('listUsers', users.body, SECRET);
      assert.equal(scrubbed.report.textRemoved, 0, 'sample users hold no identifying free text');
      assert.equal(scrubbed.report.pseudonymised, 20 * 2 + 1, 'user_id and client_user_id of each user, one team');
    } finally {
      await client.close();
      await sandbox.close();
    }
  });
});

describe('scrubbing spec-shaped bodies', () => {
  test('a body that conforms to the spec still conforms after scrubbing', async () => {
    const sandbox = await startSandbox({ port: 0, seed: 6, users: 10, today: TODAY });
    const { client, log } = loggingClient(sandbox);
    try {
      const users = await captureExchange(client, log, { name: 'listUsers', args: [{ limit: 10 }] });
      const person = (users.body as { users: { user_id: string; client_user_id: string }[] }).users[0]!;
      const exchanges = [
        { contract: 'listUsers' as const, exchange: users },
        { contract: 'resolveUser' as const, exchange: await captureExchange(client, log, { name: 'resolveUser', args: [person.client_user_id] }) },
        { contract: 'groupedBloodPressure' as const, exchange: await captureExchange(client, log, { name: 'getGroupedBloodPressure', args: [person.user_id, { startDate: '2026-01-01' }] }) },
      ];
      for (const { contract, exchange } of exchanges) {
        assert.deepEqual(inspectResponse(contract, exchange.body), [], `${contract} conforms as served`);
        const scrubbed = scrubBody(exchange.operation, exchange.body, SECRET);
        assert.deepEqual(inspectResponse(contract, scrubbed.body), [], `${contract} conforms scrubbed`);
        assert.ok(scrubbed.report.datesShifted > 0, `${contract}: dates shifted`);
      }
    } finally {
      await client.close();
      await sandbox.close();
    }
  });
});

describe('sandbox CLI --fixtures', () => {
  test('names the files it cannot serve at start, serves the others', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'hde-fixtures-cli-'));
    try {
      const good = writeFixture({ operation: { name: 'resolveUser', args: ['patient-7'] }, status: 200, body: { user_id: '7f0c2a52-1d1e-4d3b-9f7e-2b1f6f3c9a10', client_user_id: 'patient-7' } }, SECRET);
      writeFileSync(join(folder, good.fileName), good.text);
      writeFileSync(join(folder, 'broken.json'), '{');
      const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '..', '..', 'src', 'sandbox', 'cli.ts'), '--port', '0', '--users', '2', '--fixtures', folder], { stdio: 'pipe' });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      for (let waited = 0; !output.includes('Press Ctrl+C') && waited < 20_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      assert.match(output, new RegExp(`^Fixtures: 1 from ${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}; 1 not served:$`, 'm'));
      assert.match(output, /^ {2}broken\.json: not JSON \(/m);
      const url = /^Base URL: (\S+)$/m.exec(output)?.[1];
      const [, path] = good.sandboxPath.split(' ');
      const response = await fetch(`${url}${path}`, { headers: { 'x-service-api-key': 'sandbox-key' } });
      assert.equal(JSON.stringify(await response.json()), JSON.stringify((JSON.parse(good.text) as FixtureFile).body));
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
