// Sandbox contract: GET /v2/user/ and GET /v2/user/resolve/{client_user_id}.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { SandboxHandle } from '../../src/sandbox/server';
import { TIME_ZONES } from '../../src/sandbox/data/timeZones';
import { UUID, assertValidationError, call, start } from './sandboxTestKit';

describe('sandbox users', () => {
  let sandbox: SandboxHandle;
  before(async () => {
    sandbox = await start({ users: 60, seed: 1 });
  });
  after(() => sandbox.close());

  it('lists with offset 0 and limit 100 by default', async () => {
    const response = await call(sandbox, '/v2/user/');
    assert.equal(response.status, 200);
    assert.deepEqual(Object.keys(response.json).sort(), ['limit', 'offset', 'total', 'users']);
    assert.equal(response.json.offset, 0);
    assert.equal(response.json.limit, 100);
    assert.equal(response.json.total, 60);
    assert.equal(response.json.users.length, 60);
  });

  it('pages by offset and limit, each user exactly once', async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < 60; offset += 7) {
      const page = await call(sandbox, `/v2/user/?offset=${offset}&limit=7`);
      assert.equal(page.json.offset, offset);
      assert.equal(page.json.limit, 7);
      assert.equal(page.json.users.length, Math.min(7, 60 - offset));
      seen.push(...page.json.users.map((u: { user_id: string }) => u.user_id));
    }
    assert.equal(seen.length, 60);
    assert.equal(new Set(seen).size, 60);
  });

  it('accepts limit 1 and 500; an offset past the end gives an empty page with the total', async () => {
    assert.equal((await call(sandbox, '/v2/user/?limit=1')).json.users.length, 1);
    assert.equal((await call(sandbox, '/v2/user/?limit=500')).json.users.length, 60);
    const past = await call(sandbox, '/v2/user/?offset=60');
    assert.equal(past.status, 200);
    assert.deepEqual(past.json.users, []);
    assert.equal(past.json.total, 60);
  });

  it('rejects limit 0 and 501, offset -1 and non-integers with FastAPI 422 items', async () => {
    const zero = await call(sandbox, '/v2/user/?limit=0');
    assertValidationError(zero, ['query', 'limit'], 'greater_than_equal');
    assert.deepEqual(zero.json.detail[0].ctx, { ge: 1 });
    const tooMany = await call(sandbox, '/v2/user/?limit=501');
    assertValidationError(tooMany, ['query', 'limit'], 'less_than_equal');
    assert.deepEqual(tooMany.json.detail[0], {
      type: 'less_than_equal',
      loc: ['query', 'limit'],
      msg: 'Input should be less than or equal to 500',
      input: '501',
      ctx: { le: 500 },
    });
    assertValidationError(await call(sandbox, '/v2/user/?offset=-1'), ['query', 'offset'], 'greater_than_equal');
    assertValidationError(await call(sandbox, '/v2/user/?limit=ten'), ['query', 'limit'], 'int_parsing');
    const both = await call(sandbox, '/v2/user/?offset=-5&limit=501');
    assert.equal(both.json.detail.length, 2, 'all problems are reported at once');
  });

  it('users look like the real service: uuids, non-PII client ids, 1–4 sources with logos, IANA zones', async () => {
    const { users } = (await call(sandbox, '/v2/user/')).json;
    const teams = new Set<string>();
    let withBirthDate = 0;
    let withoutZone = 0;
    for (const user of users) {
      assert.match(user.user_id, UUID);
      assert.match(user.team_id, UUID);
      teams.add(user.team_id);
      assert.match(user.client_user_id, /^(patient-\d{4,}|acme-[0-9a-f]{6})$/);
      assert.ok(!Number.isNaN(Date.parse(user.created_on)));
      assert.match(user.created_on, /[+-]\d{2}:\d{2}$/);
      assert.ok(user.connected_sources.length >= 1 && user.connected_sources.length <= 4);
      for (const connected of user.connected_sources) {
        assert.match(connected.source.logo, /^https:\/\/storage\.googleapis\.com\/vital-assets\/[a-z_]+\.png$/);
        assert.match(connected.source.slug, /^[a-z_0-9]+$/);
        assert.ok(connected.source.name.length > 0);
        assert.ok(Date.parse(connected.created_on) >= Date.parse(user.created_on), 'connected after creation');
      }
      if (user.fallback_time_zone === null) withoutZone++;
      else {
        assert.ok(TIME_ZONES.includes(user.fallback_time_zone.id));
        assert.doesNotThrow(() => new Intl.DateTimeFormat('en', { timeZone: user.fallback_time_zone.id }));
        assert.equal(typeof user.fallback_time_zone.source_slug, 'string');
      }
      if (user.fallback_birth_date) {
        withBirthDate++;
        assert.match(user.fallback_birth_date.value, /^\d{4}-\d{2}-\d{2}$/);
      }
      assert.ok(!('ingestion_start' in user) && !('ingestion_end' in user), 'the list shows no ingestion bounds');
    }
    assert.equal(teams.size, 1, 'one team');
    assert.ok(withBirthDate > 10 && withBirthDate < 60, 'some users have a birth date');
    assert.equal(withoutZone, 0, 'fallback_time_zone is always sent by default (nulls only with nullTimeZones)');
  });

  it('resolves every listed user by client_user_id, with ingestion bounds', async () => {
    const { users } = (await call(sandbox, '/v2/user/')).json;
    let withIngestion = 0;
    for (const listed of users) {
      const response = await call(sandbox, `/v2/user/resolve/${encodeURIComponent(listed.client_user_id)}`);
      assert.equal(response.status, 200);
      const { ingestion_start, ingestion_end, ...rest } = response.json;
      assert.deepEqual(rest, listed);
      assert.ok(ingestion_start === null || /^\d{4}-\d{2}-\d{2}$/.test(ingestion_start));
      assert.ok(ingestion_end === null || /^\d{4}-\d{2}-\d{2}$/.test(ingestion_end));
      if (ingestion_start !== null) withIngestion++;
    }
    assert.ok(withIngestion > 0 && withIngestion < users.length, 'some users have ingestion bounds');
  });

  it('404 {"detail": ...} for an unknown client id, including near misses', async () => {
    const { users } = (await call(sandbox, '/v2/user/?limit=1')).json;
    for (const id of ['nobody', 'patient-9999', 'patient-00001', 'acme-000000', `${users[0].client_user_id}x`, 'sample-heavy-reader']) {
      const response = await call(sandbox, `/v2/user/resolve/${id}`);
      assert.equal(response.status, 404, id);
      assert.equal(typeof response.json.detail, 'string');
    }
  });

  it('adds the heavy reader first in the list when asked, resolvable by its client id', async () => {
    const heavy = await start({ users: 5, heavyUserReadings: 10 });
    try {
      const list = (await call(heavy, '/v2/user/')).json;
      assert.equal(list.total, 6);
      assert.equal(list.users[0].client_user_id, 'sample-heavy-reader');
      const resolved = await call(heavy, '/v2/user/resolve/sample-heavy-reader');
      assert.equal(resolved.json.user_id, list.users[0].user_id);
    } finally {
      await heavy.close();
    }
  });
});
