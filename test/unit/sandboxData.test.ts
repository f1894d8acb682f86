// Sandbox sample data: determinism for a seed, lazy generation at scale, hostile mode.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SandboxHandle } from '../../src/sandbox/server';
import { TODAY, call, postJson, shiftDay, start } from './sandboxTestKit';

/** Every response a client could see for the first users of a sandbox, as one string. */
async function snapshot(sandbox: SandboxHandle): Promise<string> {
  const list = await call(sandbox, '/v2/user/?limit=12');
  const parts: string[] = [list.text];
  for (const user of list.json.users) {
    parts.push((await call(sandbox, `/v2/user/resolve/${encodeURIComponent(user.client_user_id)}`)).text);
    parts.push((await call(sandbox, `/v2/timeseries/${user.user_id}/blood_pressure/grouped?start_date=${shiftDay(TODAY, -90)}`)).text);
  }
  parts.push((await call(sandbox, `/v3/lab_tests/${sandbox.labTests[0]!.id}/markers`)).text);
  return parts.join('\n');
}

async function withSandbox<T>(options: Parameters<typeof start>[0], use: (sandbox: SandboxHandle) => Promise<T>): Promise<T> {
  const sandbox = await start(options);
  try {
    return await use(sandbox);
  } finally {
    await sandbox.close();
  }
}

describe('sandbox sample data', () => {
  it('is identical for the same seed and date, and differs for another seed or date', async () => {
    const a = await withSandbox({ seed: 7 }, snapshot);
    const b = await withSandbox({ seed: 7, apiKey: 'another-key' }, snapshot);
    const c = await withSandbox({ seed: 8 }, snapshot);
    const d = await withSandbox({ seed: 7, today: shiftDay(TODAY, 3) }, snapshot);
    assert.ok(a.length > 10_000);
    assert.equal(a, b);
    assert.notEqual(a, c);
    assert.notEqual(a, d);
  });

  it('a user is the same whatever the team size (users are generated one by one from the seed)', async () => {
    const small = await withSandbox({ users: 10 }, async (s) => (await call(s, '/v2/user/?limit=10')).json.users);
    const large = await withSandbox({ users: 1000 }, async (s) => (await call(s, '/v2/user/?limit=10')).json.users);
    assert.deepEqual(large, small);
  });

  it('100,000 users start lazily; offset 99_900 works and its users resolve', async (t) => {
    const begun = performance.now();
    const sandbox = await start({ users: 100_000 });
    t.diagnostic(`startSandbox({ users: 100000 }) took ${(performance.now() - begun).toFixed(1)} ms`);
    try {
      const page = await call(sandbox, '/v2/user/?offset=99900&limit=500');
      assert.equal(page.status, 200);
      assert.equal(page.json.total, 100_000);
      assert.equal(page.json.offset, 99_900);
      assert.equal(page.json.users.length, 100);
      const ids = new Set(page.json.users.map((u: { user_id: string }) => u.user_id));
      assert.equal(ids.size, 100);
      const last = page.json.users.at(-1);
      const resolved = await call(sandbox, `/v2/user/resolve/${last.client_user_id}`);
      assert.equal(resolved.json.user_id, last.user_id);
      const readings = await call(sandbox, `/v2/timeseries/${last.user_id}/blood_pressure/grouped?start_date=${shiftDay(TODAY, -30)}`);
      assert.equal(readings.status, 200);
      assert.equal((await call(sandbox, '/v2/user/?offset=100000')).json.users.length, 0);
    } finally {
      await sandbox.close();
    }
  });

  it('rejects impossible options instead of guessing', async () => {
    await assert.rejects(start({ users: -1 }), RangeError);
    await assert.rejects(start({ port: 70_000 }), RangeError);
    await assert.rejects(start({ bloodPressurePageSize: 0 }), RangeError);
    await assert.rejects(start({ today: '22/11/2026' }), RangeError);
    await assert.rejects(start({ apiKey: '' }), RangeError);
  });
});

const PAYLOAD = /<img|<script|<svg|<a href|<\/textarea|\{\{|=HYPERLINK/;
/** Fields that must stay machine-readable even in hostile mode. */
const STRUCTURAL = new Set(['user_id', 'team_id', 'created_on', 'updated_at', 'value', 'timestamp', 'ingestion_start', 'ingestion_end', 'logo']);

function assertEveryTextHostile(value: unknown, path: string): number {
  if (typeof value === 'string') {
    const key = path.split('.').at(-1) ?? '';
    if (!STRUCTURAL.has(key)) assert.match(value, PAYLOAD, `${path} carries a payload`);
    return STRUCTURAL.has(key) ? 0 : 1;
  }
  if (Array.isArray(value)) return value.reduce((n: number, item, i) => n + assertEveryTextHostile(item, `${path}.${i}`), 0);
  if (value && typeof value === 'object') {
    return Object.entries(value).reduce((n, [k, v]) => n + assertEveryTextHostile(v, `${path}.${k}`), 0);
  }
  return 0;
}

describe('sandbox hostile mode', () => {
  it('puts script/HTML payloads in every text field and javascript:/data: logos, yet stays usable', async () => {
    await withSandbox({ hostile: true, heavyUserReadings: 50 }, async (sandbox) => {
      const { users } = (await call(sandbox, '/v2/user/?limit=20')).json;
      assert.ok(assertEveryTextHostile(users, 'users') > 50);
      const logos = users.flatMap((u: { connected_sources: { source: { logo: string } }[] }) => u.connected_sources.map((c) => c.source.logo));
      assert.ok(logos.every((logo: string) => /^(javascript|data):/.test(logo)));
      assert.ok(logos.some((logo: string) => logo.startsWith('javascript:')) && logos.some((logo: string) => logo.startsWith('data:')));
      for (const user of users.slice(0, 5)) {
        assert.match(user.user_id, /^[0-9a-f-]{36}$/);
        const resolved = await call(sandbox, `/v2/user/resolve/${encodeURIComponent(user.client_user_id)}`);
        assert.equal(resolved.status, 200, 'hostile client ids still resolve');
        assert.equal(resolved.json.user_id, user.user_id);
      }
      const heavy = users[0];
      const grouped = await call(sandbox, `/v2/timeseries/${heavy.user_id}/blood_pressure/grouped?start_date=${shiftDay(TODAY, -400)}`);
      assert.ok(assertEveryTextHostile(grouped.json.groups, 'groups') > 0);
      const providerKey = Object.keys(grouped.json.groups)[0]!;
      assert.match(providerKey, PAYLOAD, 'provider keys carry payloads');
      const filtered = await call(sandbox, `/v2/timeseries/${heavy.user_id}/blood_pressure/grouped?start_date=${shiftDay(TODAY, -400)}&provider=${encodeURIComponent(providerKey)}`);
      assert.deepEqual(Object.keys(filtered.json.groups), [providerKey], 'the provider filter takes the slug as shown');
      const markers = (await call(sandbox, `/v3/lab_tests/${sandbox.labTests[0]!.id}/markers`)).json.markers;
      assert.ok(assertEveryTextHostile(markers, 'markers') > 20);
      const addOn = await postJson(sandbox, '/v3/lab_tests/list_order_set_markers', { add_on: { provider_ids: [markers[0].provider_id] } });
      assert.equal(addOn.json.markers[0].id, markers[0].id, 'hostile provider ids still work as add-ons');
      assert.ok(sandbox.labTests.every((t) => PAYLOAD.test(t.name)));
    });
  });

  it('is off by default: no payloads anywhere', async () => {
    await withSandbox({}, async (sandbox) => {
      const text = (await call(sandbox, '/v2/user/')).text + (await call(sandbox, `/v3/lab_tests/${sandbox.labTests[0]!.id}/markers`)).text;
      assert.doesNotMatch(text, PAYLOAD);
      assert.doesNotMatch(text, /javascript:|data:/);
    });
  });
});
