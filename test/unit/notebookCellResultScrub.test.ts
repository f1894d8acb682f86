// A notebook's saved outputs through the scrubber (issue 27): results made by the real runner against
// the real sandbox, then scrubbed. No id of the person survives anywhere in the result (body, request,
// variables set by `let`, assertion messages), the pseudonyms agree across its parts, and a result
// scrubbed once is not scrubbed again.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { scrubOperation } from '../../src/scrub/scrubber';
import { scrubCellResult } from '../../src/notebook/cellResultScrub';
import { NotebookRunner } from '../../src/notebook/notebookRunner';
import { useSandbox } from '../support/sandboxFixture';

const TODAY = '2026-11-26';
const SECRET = 'notebook-scrub-secret';
const sandbox = useSandbox({ today: TODAY });

function runner(variables: Record<string, string>): NotebookRunner {
  return new NotebookRunner({ client: sandbox.client(), environment: { id: 'productionUs', label: 'Production US' } }, { variables }, { now: () => new Date(`${TODAY}T12:00:00Z`) });
}

async function someUser(): Promise<{ userId: string; clientUserId: string }> {
  const [user] = (await sandbox.client().listUsers({ offset: 1, limit: 1 })).users;
  assert.ok(user);
  return { userId: user.user_id, clientUserId: user.client_user_id };
}

describe('a notebook cell result, scrubbed for the file', () => {
  test('resolve + let: neither id survives anywhere; the path, the body and the variable agree on the pseudonym', async () => {
    const { userId, clientUserId } = await someUser();
    const raw = await runner({ who: clientUserId }).runCell(`GET /v2/user/resolve/{{who}}\n\nlet id = user_id\nexpect client_user_id == "not-${clientUserId}"`);
    assert.equal(raw.outcome, 'ok');
    assert.ok(JSON.stringify(raw).includes(clientUserId) && JSON.stringify(raw).includes(userId), 'the raw result holds both ids (the test can fail)');
    assert.equal(raw.assertions[0]?.passed, false, 'a failed assertion quoting the id');

    const { result, report } = scrubCellResult(raw, SECRET);
    const text = JSON.stringify(result);
    assert.equal(text.includes(clientUserId), false, `client_user_id left in: ${text.slice(0, 400)}`);
    assert.equal(text.includes(userId), false, 'user_id left');
    const body = result.body as { user_id: string; client_user_id: string };
    assert.ok(result.request.path.endsWith(`/${encodeURIComponent(body.client_user_id)}`), `${result.request.path} names the body's pseudonym`);
    assert.equal(result.variablesSet.id, body.user_id, 'the variable holds the body’s pseudonym');
    assert.ok(report.pseudonymised >= 2);
    assert.match(result.scrubbed ?? '', /pseudonymised/);
    assert.deepEqual(scrubCellResult(result, SECRET).result, result, 'scrubbed once, kept as it is');
  });

  test('blood pressure: the request’s dates move with the readings, by the same offset the cURL uses', async () => {
    const { userId } = await someUser();
    const raw = await runner({ id: userId }).runCell('GET /v2/timeseries/{{id}}/blood_pressure/grouped?start_date=2026-10-01&end_date=2026-11-26\npages first');
    assert.equal(raw.outcome, 'ok');
    const { result } = scrubCellResult(raw, SECRET);
    const expected = scrubOperation(raw.call!, SECRET).operation;
    assert.deepEqual(result.call, expected);
    assert.equal(JSON.stringify(result).includes(userId), false);
    assert.equal(result.request.path.includes('2026-10-01'), false, 'the window moved with the person');
    const readings = Object.values((result.body as { groups: Record<string, { data: { systolic: number }[] }[]> }).groups).flat();
    const before = Object.values((raw.body as { groups: Record<string, { data: { systolic: number }[] }[]> }).groups).flat();
    assert.deepEqual(readings.map((group) => group.data.map((reading) => reading.systolic)), before.map((group) => group.data.map((reading) => reading.systolic)), 'values kept');
  });

  test('a failed "readings every day" names the missing days moved by the person\'s offset, never the days themselves', async () => {
    const { userId } = await someUser();
    const raw = await runner({ id: userId }).runCell('GET /v2/timeseries/{{id}}/blood_pressure/grouped?start_date=2001-02-03&end_date=2001-02-06\nexpect readings every day');
    const message = raw.assertions[0]?.message ?? '';
    assert.match(message, /2001-02-03/, `the live message names the real days (the test can fail): ${message}`);
    const { result } = scrubCellResult(raw, SECRET);
    const scrubbedMessage = result.assertions[0]?.message ?? '';
    for (const day of ['2001-02-03', '2001-02-04', '2001-02-05', '2001-02-06']) assert.equal(JSON.stringify(result).includes(day), false, `${day} left in: ${scrubbedMessage}`);
    const movedStart = (result.call?.args[1] as { startDate?: string } | undefined)?.startDate;
    assert.ok(movedStart && scrubbedMessage.includes(movedStart), `the message names the moved first day (${movedStart}): ${scrubbedMessage}`);
  });
});
