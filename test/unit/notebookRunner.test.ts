// The notebook runner against the real sandbox on 127.0.0.1: every operation, paging all and first,
// variables flowing down through `let`, the range shortcuts, each assertion kind holding and
// failing, each kind of bad input as a clear cell error, and cancel mid-load.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { HealthApiClient } from '../../src/api/client';
import type { CellResult } from '../../src/notebook/model';
import { NotebookRunner, runNotebookFile, type NotebookRunTarget } from '../../src/notebook/notebookRunner';
import { parseNotebookFile } from '../../src/notebook/notebookFormat';
import { scriptedHttpServer, sendJson, type HostileServer } from '../support/hostileServers';
import { useSandbox } from '../support/sandboxFixture';

const TODAY = '2026-11-26';
const NOW = (): Date => new Date(`${TODAY}T12:00:00Z`);
const LIPID_PANEL = '5a1c6c3e-2f4b-4d8e-9b61-0c7d2f1e8a01';
const IRON_PANEL = '5a1c6c3e-2f4b-4d8e-9b61-0c7d2f1e8a07';
const API_KEY = 'notebook-runner-key-5f1e9a';

const spec = useSandbox({ today: TODAY, apiKey: API_KEY, bloodPressurePageSize: 20, heavyUserReadings: 3000 });
const vendor = useSandbox({ today: TODAY, apiKey: API_KEY, shape: 'vendor' });
// One reading a page: the heavy reader's year is 1,200 pages, more than a cell loads.
const onePerPage = useSandbox({ today: TODAY, apiKey: API_KEY, users: 1, bloodPressurePageSize: 1, heavyUserReadings: 1200 });

function target(client: HealthApiClient): NotebookRunTarget {
  return { client, environment: { id: 'local', label: 'Local sandbox' } };
}

function runner(client: HealthApiClient, variables: Record<string, string> = {}, timeZone?: string): NotebookRunner {
  return new NotebookRunner(target(client), { variables, ...(timeZone ? { timeZone } : {}) }, { now: NOW });
}

function verdicts(result: CellResult): [string, boolean][] {
  return result.assertions.map((assertion) => [assertion.text, assertion.passed]);
}

function okResult(result: CellResult): CellResult {
  assert.equal(result.outcome, 'ok', result.error?.message);
  return result;
}

/** The sandbox's users at list positions 0 (a rich user) and 10 (Withings stopped syncing 49 days ago). */
async function sampleUsers(client: HealthApiClient): Promise<{ rich: { id: string; clientId: string }; stopped: { id: string; clientId: string } }> {
  const list = await client.listUsers({ limit: 20 });
  const at = (position: number): { id: string; clientId: string } => ({ id: list.users[position]!.user_id, clientId: list.users[position]!.client_user_id });
  // The heavy reader is listed first: the rich users follow it.
  return { rich: at(1), stopped: at(11) };
}

describe('notebook runner: the five operations', () => {
  test('users: every page by default, the first with "pages first", merged into one list body', async () => {
    const client = spec.client();
    const all = okResult(await runner(client).runCell('GET /v2/user/?limit=25\n\nexpect count users == 61\nexpect status 200'));
    assert.equal(all.pages, 3);
    assert.equal(all.operation, 'listUsers');
    assert.deepEqual(all.call, { name: 'listUsers', args: [{ limit: 25 }] });
    const body = all.body as { users: unknown[]; total: number; offset: number };
    assert.equal(body.users.length, 61);
    assert.equal(body.total, 61);
    assert.deepEqual(verdicts(all), [
      ['expect count users == 61', true],
      ['expect status 200', true],
    ]);
    const first = okResult(await runner(client).runCell('GET /v2/user/?limit=25\n\npages first\nexpect count users == 25'));
    assert.equal(first.pages, 1);
    assert.deepEqual(verdicts(first), [['expect count users == 25', true]]);
  });

  test('resolve, then blood pressure with the id from `let`; cursor pages merged per source', async () => {
    const client = spec.client();
    const { rich } = await sampleUsers(client);
    const run = runner(client, { clientUserId: rich.clientId });
    const resolved = okResult(await run.runCell('GET /v2/user/resolve/{{clientUserId}}\n\nlet userId = user_id\nexpect user_id exists'));
    assert.deepEqual(resolved.variablesSet, { userId: rich.id });
    assert.equal(run.variables.userId, rich.id);

    const bloodPressure = okResult(await run.runCell('GET /v2/timeseries/{{userId}}/blood_pressure/grouped?range=last90\n\nexpect count readings > 20'));
    assert.ok(bloodPressure.pages > 1, `20 readings a page: ${bloodPressure.pages} pages`);
    assert.equal(bloodPressure.request.path, `/v2/timeseries/${rich.id}/blood_pressure/grouped?start_date=2026-08-29&end_date=2026-11-26`);
    const groups = (bloodPressure.body as { groups: Record<string, { source: { provider: string; type?: string }; data: unknown[] }[]>; next_cursor: unknown }).groups;
    const sourceKeys = Object.values(groups).flatMap((sourceGroups) => sourceGroups.map((group) => `${group.source.provider}/${group.source.type}`));
    assert.equal(new Set(sourceKeys).size, sourceKeys.length, 'one group per source after the merge');
    const direct = await client.getGroupedBloodPressure(rich.id, { startDate: '2026-08-29', endDate: '2026-11-26' });
    assert.equal((bloodPressure.body as { next_cursor: unknown }).next_cursor, null);
    assert.ok(Object.keys(direct.groups).length > 0);

    const firstPage = okResult(await run.runCell('GET /v2/timeseries/{{userId}}/blood_pressure/grouped?range=last90\npages first\n\nexpect count readings == 20'));
    assert.equal(firstPage.pages, 1);
    assert.equal(firstPage.assertions[0]?.passed, true, firstPage.assertions[0]?.message);
  });

  test('lab-test markers (page/size paging) and order-set markers (POST body)', async () => {
    const client = spec.client();
    const markers = okResult(await runner(client).runCell(`GET /v3/lab_tests/${LIPID_PANEL}/markers?size=3\n\nexpect count markers == 7\nexpect markers[0].name exists`));
    assert.equal(markers.pages, 3);
    const firstOnly = okResult(await runner(client).runCell(`GET /v3/lab_tests/${LIPID_PANEL}/markers?size=3\npages first\n\nexpect count markers == 3`));
    assert.equal(firstOnly.pages, 1);
    assert.equal(firstOnly.assertions[0]?.passed, true);

    const orderSet = okResult(
      await runner(client, { panel: IRON_PANEL }).runCell('POST /v3/lab_tests/list_order_set_markers\nContent-Type: application/json\n\n{"lab_test_ids": ["{{panel}}"]}\n\nexpect count markers == 2'),
    );
    assert.deepEqual(orderSet.request.body, { lab_test_ids: [IRON_PANEL] });
    assert.equal(orderSet.assertions[0]?.passed, true, orderSet.assertions[0]?.message);
  });

  test('pages all stops at 1,000 pages with a note; the body ends at the cursor of the page not loaded', async () => {
    const client = onePerPage.client();
    const run = runner(client, { who: 'sample-heavy-reader' });
    okResult(await run.runCell('GET /v2/user/resolve/{{who}}\n\nlet id = user_id'));
    const capped = okResult(await run.runCell('GET /v2/timeseries/{{id}}/blood_pressure/grouped?range=lastYear\n\nexpect count readings == 1000'));
    assert.equal(capped.pages, 1000);
    assert.deepEqual(verdicts(capped), [['expect count readings == 1000', true]]);
    assert.match(capped.notes?.join('\n') ?? '', /Stopped after 1000 pages: the body holds those pages only/);
    assert.equal(typeof (capped.body as { next_cursor: unknown }).next_cursor, 'string');
  });

  test('a pasted absolute URL goes to the environment, and the result says the host was ignored', async () => {
    const client = spec.client();
    const result = okResult(await runner(client).runCell('GET https://api.us.junction.com/v2/user/?limit=5\npages first'));
    assert.equal(result.request.path, '/v2/user/?limit=5');
    assert.match(result.notes?.[0] ?? '', /The host api\.us\.junction\.com in the URL was ignored: the request went to Local sandbox/);
  });

  test('a cell pasted from the API reference: the host placeholder is the environment, the placeholder key header is left out and the result says so (issue 34.5)', async () => {
    const client = spec.client();
    const { rich } = await sampleUsers(client);
    const pasted = `curl -G {{BASE_URL}}/v2/user/resolve/{client_user_id} \\\n  -H "x-vital-api-key: <API_KEY>"`;
    const refused = await runner(client).runCell(pasted);
    assert.equal(refused.outcome, 'error');
    assert.match(refused.error?.message ?? '', /^line 1: \{client_user_id\} is the API reference's placeholder for client_user_id, not a value: use \{\{client_user_id\}\}/);
    const result = okResult(await runner(client, { clientUserId: rich.clientId }).runCell(pasted.replace('{client_user_id}', '{{clientUserId}}')));
    assert.equal(result.operation, 'resolveUser');
    assert.equal((result.body as { client_user_id: string }).client_user_id, rich.clientId);
    assert.deepEqual(result.notes, [
      'The host {{BASE_URL}} in the curl command stands for the environment\'s address: the request went to Local sandbox.',
      "The x-vital-api-key header held a placeholder, not a key, and was left out: the environment's key was sent.",
    ]);
  });
});

describe('notebook runner: assertions', () => {
  test('each kind holds on a matching response and fails with the cell, the line and the path', async () => {
    const client = spec.client();
    const { rich, stopped } = await sampleUsers(client);
    const run = runner(client, { rich: rich.clientId, stopped: stopped.id });
    const cell = [
      'GET /v2/user/resolve/{{rich}}',
      '',
      'expect status 200',
      'expect status 2xx',
      'expect status 404',
      `expect client_user_id == ${rich.clientId}`,
      'expect client_user_id != nobody',
      'expect count connected_sources >= 1',
      'expect count connected_sources > 99',
      'expect user_id exists',
      'expect fallback_birth_date.nonsense exists',
      'expect nonsense missing',
      'expect user_id missing',
      `expect client_user_id contains ${rich.clientId.slice(0, 4)}`,
      'expect client_user_id contains zzz',
      'expect created_on < "2100-01-01"',
      'expect created_on > "2100-01-01"',
      'expect no deviations',
      'expect deviations <= 0',
      'expect no deviations of kind unknownField',
      'expect no deviations at connected_sources',
    ].join('\n');
    const result = okResult(await run.runCell(cell, { cellName: 'cell 2' }));
    assert.deepEqual(verdicts(result), [
      ['expect status 200', true],
      ['expect status 2xx', true],
      ['expect status 404', false],
      [`expect client_user_id == ${rich.clientId}`, true],
      ['expect client_user_id != nobody', true],
      ['expect count connected_sources >= 1', true],
      ['expect count connected_sources > 99', false],
      ['expect user_id exists', true],
      ['expect fallback_birth_date.nonsense exists', false],
      ['expect nonsense missing', true],
      ['expect user_id missing', false],
      [`expect client_user_id contains ${rich.clientId.slice(0, 4)}`, true],
      ['expect client_user_id contains zzz', false],
      ['expect created_on < "2100-01-01"', true],
      ['expect created_on > "2100-01-01"', false],
      ['expect no deviations', true],
      ['expect deviations <= 0', true],
      ['expect no deviations of kind unknownField', true],
      ['expect no deviations at connected_sources', true],
    ]);
    const message = (line: number): string => result.assertions.find((assertion) => assertion.line === line)!.message;
    assert.equal(message(5), 'cell 2, line 5: expected status 404, got 200');
    // The place that leads a failed assertion's message, kept apart for a view that shows the line itself.
    assert.equal(result.assertions.find((assertion) => assertion.line === 5)!.place, 'cell 2, line 5');
    assert.ok(result.assertions.filter((assertion) => assertion.passed).every((assertion) => assertion.place === undefined), 'a check that held names no place');
    assert.match(message(9), /^cell 2, line 9: expected count connected_sources > 99, got \d+$/);
    assert.equal(message(11), 'cell 2, line 11: fallback_birth_date.nonsense is not in the response');
    assert.match(message(13), /^cell 2, line 13: expected user_id missing: user_id is "/);
    assert.match(message(15), /expected client_user_id to contain "zzz", got "/);

    const bloodPressure = okResult(await run.runCell('GET /v2/timeseries/{{stopped}}/blood_pressure/grouped?range=last30\n\nexpect count readings == 0\nexpect readings every day'));
    assert.deepEqual(verdicts(bloodPressure), [
      ['expect count readings == 0', true],
      ['expect readings every day', false],
    ]);
    assert.match(bloodPressure.assertions[1]!.message, /line 4: 30 of 30 days without a reading: 2026-10-28, 2026-10-29, 2026-10-30, 2026-10-31, 2026-11-01 and 25 more$/);
  });

  test('readings every day: holds on a window with a reading each day, in the notebook’s zone', async () => {
    const client = spec.client();
    const { rich } = await sampleUsers(client);
    // Days of a week without a gap, found from the data itself; the assertion must agree with it.
    const week = okResult(await runner(client, { id: rich.id }).runCell('GET /v2/timeseries/{{id}}/blood_pressure/grouped?start_date=2026-11-01&end_date=2026-11-20'));
    const days = new Set((week.body as { groups: Record<string, { data: { timestamp: string }[] }[]> }).groups && Object.values((week.body as { groups: Record<string, { data: { timestamp: string }[] }[]> }).groups).flat().flatMap((group) => group.data.map((reading) => new Date(reading.timestamp).toISOString().slice(0, 10))));
    let start: string | undefined;
    for (let day = 1; day <= 17 && !start; day++) {
      const run = [0, 1, 2].map((offset) => `2026-11-${String(day + offset).padStart(2, '0')}`);
      if (run.every((key) => days.has(key))) start = run[0];
    }
    assert.ok(start, 'the rich user has three days in a row with readings');
    const end = `2026-11-${String(Number(start.slice(8)) + 2).padStart(2, '0')}`;
    const held = okResult(await runner(client, { id: rich.id }, 'UTC').runCell(`GET /v2/timeseries/{{id}}/blood_pressure/grouped?start_date=${start}&end_date=${end}\n\nexpect readings every day`));
    assert.deepEqual(verdicts(held), [['expect readings every day', true]]);
    assert.equal(held.assertions[0]?.message, 'a reading on each of the 3 days');
    const notBloodPressure = okResult(await runner(client).runCell('GET /v2/user/?limit=1\npages first\n\nexpect readings every day'));
    assert.match(notBloodPressure.assertions[0]!.message, /only a blood-pressure cell has readings/);
  });

  test('deviation assertions fail on the vendor-shaped sandbox, naming kind, place and spec section', async () => {
    const client = vendor.client();
    const cell = [
      'GET /v2/user/?limit=25',
      '',
      'expect no deviations',
      'expect deviations <= 1000',
      'expect no deviations of kind redirectFollowed',
      'expect no deviations of kind nullNotAllowed',
      'expect no deviations at users[*].connected_sources',
      'expect no deviations at markers',
    ].join('\n');
    const result = okResult(await runner(client).runCell(cell, { cellName: 'cell 1' }));
    assert.ok(result.deviations.length > 0);
    assert.deepEqual(verdicts(result), [
      ['expect no deviations', false],
      ['expect deviations <= 1000', true],
      ['expect no deviations of kind redirectFollowed', false],
      ['expect no deviations of kind nullNotAllowed', result.deviations.every((deviation) => deviation.kind !== 'nullNotAllowed')],
      ['expect no deviations at users[*].connected_sources', false],
      ['expect no deviations at markers', true],
    ]);
    const redirect = result.assertions[2]!;
    assert.match(redirect.message, /^cell 1, line 5: \d+ deviations? of kind redirectFollowed: redirectFollowed at the request/);
    assert.equal(redirect.section, '4.2');
    assert.match(result.assertions[0]!.message, /\(spec \d+(\.\d+)*\)/);
    assert.ok(result.assertions[0]!.section);
    // Over all pages: one redirect deviation per page, added up into one entry.
    const redirects = result.deviations.filter((deviation) => deviation.kind === 'redirectFollowed');
    assert.equal(redirects.length, 1);
    assert.equal(result.pages, 3);
  });

  test('`expect status 404` holds on a 404: the cell is ok and its body is the error detail', async () => {
    const client = spec.client();
    const result = await runner(client).runCell('GET /v2/user/resolve/nobody-at-all\n\nexpect status 404\nexpect detail contains not found\nexpect detail == Found');
    assert.equal(result.outcome, 'ok');
    assert.equal(result.status, 404);
    assert.deepEqual(verdicts(result), [
      ['expect status 404', true],
      ['expect detail contains not found', true],
      ['expect detail == Found', false],
    ]);
    const unexpected = await runner(client).runCell('GET /v2/user/resolve/nobody-at-all\n\nexpect status 200');
    assert.equal(unexpected.outcome, 'error');
    assert.equal(unexpected.error?.kind, 'not_found');
    assert.equal(unexpected.status, 404);
    assert.deepEqual(verdicts(unexpected), [['expect status 200', false]]);
    assert.ok(unexpected.error?.nextStep);
  });

  test('variables in an expect line; the notebook’s own variable wins over a let, with a note', async () => {
    const client = spec.client();
    const { rich } = await sampleUsers(client);
    const run = runner(client, { clientUserId: rich.clientId, userId: 'kept' });
    const result = okResult(await run.runCell('GET /v2/user/resolve/{{clientUserId}}\n\nlet userId = user_id\nexpect client_user_id == {{clientUserId}}\nexpect user_id == {{nothing}}'));
    assert.deepEqual(verdicts(result), [
      ['expect client_user_id == {{clientUserId}}', true],
      ['expect user_id == {{nothing}}', false],
    ]);
    assert.match(result.assertions[1]!.message, /line 5: unknown variable \{\{nothing\}\}/);
    assert.deepEqual(result.variablesSet, { userId: rich.id });
    assert.equal(run.variables.userId, 'kept');
    assert.match(result.notes?.join('\n') ?? '', /let userId: the notebook's own variable \{\{userId\}\} stays in force/);
  });

  test('{{today}} and the range shortcuts are days of the notebook’s zone', async () => {
    const client = spec.client();
    const { rich } = await sampleUsers(client);
    // 12:00 UTC on the 26th is already the 27th on Kiritimati (UTC+14).
    const ahead = okResult(await runner(client, { id: rich.id }, 'Pacific/Kiritimati').runCell('GET /v2/timeseries/{{id}}/blood_pressure/grouped?range=last7\npages first'));
    assert.deepEqual(ahead.call?.args[1], { startDate: '2026-11-21', endDate: '2026-11-27' });
    assert.equal(ahead.timeZone, 'Pacific/Kiritimati', 'the renderer counts days in the zone the cell ran in');
    const utc = okResult(await runner(client, { id: rich.id }).runCell('GET /v2/timeseries/{{id}}/blood_pressure/grouped?start_date={{3 days ago}}&end_date={{today}}\npages first'));
    assert.deepEqual(utc.call?.args[1], { startDate: '2026-11-23', endDate: '2026-11-26' });
    assert.equal(utc.timeZone, undefined);
  });

  test('a `let` whose path finds nothing fails the cell’s checks and sets nothing', async () => {
    const client = spec.client();
    const run = runner(client);
    const result = okResult(await run.runCell('GET /v2/user/?limit=2\npages first\n\nlet who = users[5].user_id\nlet many = users[*].user_id'));
    assert.deepEqual(result.variablesSet, {});
    assert.deepEqual(verdicts(result), [
      ['let who = users[5].user_id', false],
      ['let many = users[*].user_id', false],
    ]);
    assert.match(result.assertions[0]!.message, /line 4: cannot set \{\{who\}\}: users\[5\]\.user_id is not in the response/);
    assert.equal(run.variables.who, undefined);
  });
});

describe('notebook runner: bad input and failures', () => {
  let htmlServer: HostileServer;
  before(async () => {
    htmlServer = await scriptedHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!DOCTYPE html><html><body>Sign in to continue</body></html>');
    });
  });
  after(() => htmlServer.close());

  const cases: [string, string, string, RegExp][] = [
    ['unknown operation', 'GET /v2/patients/', 'unknownOperation', /GET \/v2\/patients\/ is not one of the API's five operations: GET \/v2\/user\/, .*POST \/v3\/lab_tests\/list_order_set_markers/],
    ['malformed body', 'POST /v3/lab_tests/list_order_set_markers\n\n{\n  "lab_test_ids": [\n}', 'badBody', /^line 5: the JSON body is not valid at line 5, column 1/],
    ['unknown variable', 'GET /v2/user/resolve/{{patient}}', 'unknownVariable', /unknown variable \{\{patient\}\}: the variables are \{\{clientUserId\}\}/],
    ['a key header', `GET /v2/user/\nx-service-api-key: ${API_KEY}`, 'keyInCell', /^line 2: never put a key in a notebook: the environment's key is sent for you/],
    ['a syntax error', 'GET /v2/user/\n\nexpect something odd', 'syntax', /^line 3: cannot read "expect something odd"/],
  ];
  for (const [name, source, kind, message] of cases) {
    test(`${name}: a cell error with its line and a next step, nothing sent`, async () => {
      const before = spec.sandbox.requestCount();
      const result = await runner(spec.client(), { clientUserId: 'x' }).runCell(source);
      assert.equal(result.outcome, 'error');
      assert.equal(result.error?.kind, kind);
      assert.match(result.error?.message ?? '', message);
      assert.equal(typeof result.error?.line, 'number');
      assert.ok(result.error?.nextStep);
      assert.equal(spec.sandbox.requestCount(), before, 'nothing was sent');
      assert.ok(!JSON.stringify(result).includes(API_KEY), 'the key is not in the result');
    });
  }

  test('a server answering HTML: the client’s invalid_response, said plainly', async () => {
    const client = new HealthApiClient({ baseUrl: htmlServer.url, apiKey: API_KEY });
    try {
      const result = await runner(client).runCell('GET /v2/user/resolve/patient-0001\n\nexpect status 200');
      assert.equal(result.outcome, 'error');
      assert.equal(result.error?.kind, 'invalid_response');
      assert.match(result.error?.message ?? '', /answered GET http:\/\/127\.0\.0\.1:\d+\/v2\/user\/resolve\/patient-0001 with an HTML page, not the API's JSON/);
      assert.match(result.error?.nextStep ?? '', /base URL points at the health-data API/);
      assert.ok(!JSON.stringify(result).includes(API_KEY));
    } finally {
      await client.close();
    }
  });

  test('a server that is not there: a network error with a next step', async () => {
    const client = new HealthApiClient({ baseUrl: 'http://127.0.0.1:9', apiKey: API_KEY, maxRetries: 0 });
    try {
      const result = await runner(client).runCell('GET /v2/user/');
      assert.equal(result.outcome, 'error');
      assert.equal(result.error?.kind, 'network');
      assert.match(result.error?.nextStep ?? '', /reachable/);
    } finally {
      await client.close();
    }
  });
});

describe('notebook runner: cancel and whole notebooks', () => {
  test('cancel mid-load stops the network at once and says cancelled', async () => {
    const client = spec.client();
    const controller = new AbortController();
    const before = spec.sandbox.requestCount();
    const started = performance.now();
    // The heavy reader: 3000 readings at 20 a page. Cancel once the second page is in.
    const result = await runner(client, { who: 'sample-heavy-reader' }).runCell('GET /v2/user/resolve/{{who}}\n\nlet id = user_id', {});
    const heavyId = result.variablesSet.id!;
    const cancelled = await runner(client, { id: heavyId }).runCell('GET /v2/timeseries/{{id}}/blood_pressure/grouped?range=lastYear', {
      signal: controller.signal,
      onProgress: ({ pages }) => {
        if (pages === 2) controller.abort();
      },
    });
    assert.equal(cancelled.outcome, 'cancelled');
    assert.equal(cancelled.error?.kind, 'cancelled');
    assert.equal(cancelled.pages, 2);
    assert.ok(spec.sandbox.requestCount() - before <= 4, `requests sent: ${spec.sandbox.requestCount() - before}`);
    assert.ok(performance.now() - started < 5000);
  });

  test('cancel while a response is pending returns at once', async () => {
    const server = await scriptedHttpServer(() => undefined); // never answers
    const client = new HealthApiClient({ baseUrl: server.url, apiKey: API_KEY });
    try {
      const controller = new AbortController();
      const pending = runner(client).runCell('GET /v2/user/', { signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      const started = performance.now();
      const result = await pending;
      assert.equal(result.outcome, 'cancelled');
      assert.ok(performance.now() - started < 1000);
    } finally {
      await client.close();
      await server.close();
    }
  });

  test('runNotebookFile: cells in order, `let` flowing down, one result per request cell, cancelled after a stop', async () => {
    const client = spec.client();
    const { rich } = await sampleUsers(client);
    const file = parseNotebookFile(
      [
        '---',
        'variables:',
        `  clientUserId: ${rich.clientId}`,
        '---',
        '',
        '# A notebook',
        '',
        '```http',
        'GET /v2/user/resolve/{{clientUserId}}',
        '',
        'let userId = user_id',
        '```',
        '',
        'Then their readings.',
        '',
        '```http',
        'GET /v2/timeseries/{{userId}}/blood_pressure/grouped?range=last7',
        '',
        'expect count readings >= 1',
        '```',
        '',
      ].join('\n'),
    );
    const seen: number[] = [];
    const results = await runNotebookFile(file, target(client), { now: NOW, onCell: (index) => seen.push(index) });
    assert.deepEqual(seen, [1, 3]);
    assert.equal(results.length, 2);
    assert.equal(results[1]?.outcome, 'ok');
    assert.deepEqual(verdicts(results[1]!), [['expect count readings >= 1', true]]);

    const stopped = new AbortController();
    stopped.abort();
    const cancelled = await runNotebookFile(file, target(client), { signal: stopped.signal, now: NOW });
    assert.deepEqual(cancelled.map((result) => result.outcome), ['cancelled', 'cancelled']);
  });

  test('a result holds no key, whatever the server echoes', async () => {
    const echo = await scriptedHttpServer((request, response) => sendJson(response, 401, { detail: `bad key ${String(request.headers['x-service-api-key'])}` }));
    const client = new HealthApiClient({ baseUrl: echo.url, apiKey: API_KEY });
    try {
      const result = await runner(client).runCell('GET /v2/user/\n\nexpect status 401\nexpect detail contains bad key');
      assert.equal(result.outcome, 'ok');
      assert.ok(!JSON.stringify(result).includes(API_KEY), JSON.stringify(result));
    } finally {
      await client.close();
      await echo.close();
    }
  });
});
