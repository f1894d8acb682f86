// Links are data from anyone: every part is checked, a key never travels, production asks first,
// and what Copy Link builds parses back to the same view.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildLink, linkPathAndQuery, parseLink, type LinkTarget } from '../../src/domain/users/healthDataLinks';

const USER_ID = '3f2b8c1e-9a4d-4e6f-8b21-7c5d0e9f1a2b';
const EXT = 'health-data-tools.health-data-explorer';

function parseUrl(link: string) {
  const url = new URL(link);
  return parseLink(url.pathname, url.search.replace(/^\?/, ''));
}

describe('parseLink', () => {
  test('the three views', () => {
    assert.deepEqual(parseLink('/user', 'client_user_id=patient-0001&env=local'), {
      ok: true,
      target: { view: 'user', env: 'local', clientUserId: 'patient-0001' },
      needsConfirmation: false,
    });
    assert.deepEqual(
      parseLink('/bloodPressure', `user_id=${USER_ID.toUpperCase()}&start_date=2026-10-01&end_date=2026-10-31&provider=omron&env=sandboxUs`),
      {
        ok: true,
        target: { view: 'bloodPressure', env: 'sandboxUs', userId: USER_ID, startDate: '2026-10-01', endDate: '2026-10-31', provider: 'omron' },
        needsConfirmation: false,
      },
    );
    assert.deepEqual(parseLink('/labTest', 'id=5a1c6c3e-2f4b-4d8e-9b61-0c7d2f1e8a01&env=custom'), {
      ok: true,
      target: { view: 'labTest', env: 'custom', labTestId: '5a1c6c3e-2f4b-4d8e-9b61-0c7d2f1e8a01' },
      needsConfirmation: false,
    });
  });

  test('a production environment is accepted only with a confirmation', () => {
    for (const env of ['productionUs', 'productionEu']) {
      const parsed = parseLink('/user', `client_user_id=patient-0001&env=${env}`);
      assert.equal(parsed.ok && parsed.needsConfirmation, true, env);
    }
  });

  test('missing parameters', () => {
    assert.deepEqual(parseLink('/user', 'env=local'), { ok: false, problem: { kind: 'missingParameter', name: 'client_user_id' } });
    assert.deepEqual(parseLink('/user', 'client_user_id=patient-0001'), { ok: false, problem: { kind: 'missingParameter', name: 'env' } });
    assert.deepEqual(parseLink('/bloodPressure', `user_id=${USER_ID}&env=local`), {
      ok: false,
      problem: { kind: 'missingParameter', name: 'start_date' },
    });
    assert.deepEqual(parseLink('/labTest', 'id=&env=local'), { ok: false, problem: { kind: 'missingParameter', name: 'id' } });
    assert.deepEqual(parseLink('/labTest', ''), { ok: false, problem: { kind: 'missingParameter', name: 'id' } });
  });

  test('extra and repeated parameters are refused, not ignored', () => {
    assert.deepEqual(parseLink('/user', 'client_user_id=a&env=local&then=openExternal'), {
      ok: false,
      problem: { kind: 'unexpectedParameter', name: 'then' },
    });
    assert.deepEqual(parseLink('/user', 'client_user_id=a&env=local&env=productionUs'), {
      ok: false,
      problem: { kind: 'repeatedParameter', name: 'env' },
    });
    assert.deepEqual(parseLink('/labTest', `id=x&env=local&user_id=${USER_ID}`), {
      ok: false,
      problem: { kind: 'unexpectedParameter', name: 'user_id' },
    });
  });

  test('a link that carries a key is refused whatever its name', () => {
    for (const name of ['api_key', 'x-service-api-key', 'apiKey', 'token', 'SECRET', 'authorization', 'password']) {
      assert.deepEqual(parseLink('/user', `client_user_id=a&env=local&${name}=sk_live_123`), { ok: false, problem: { kind: 'carriesKey' } }, name);
    }
  });

  test('unknown views and environments', () => {
    assert.deepEqual(parseLink('/settings', 'env=local'), { ok: false, problem: { kind: 'unknownView', view: 'settings' } });
    assert.deepEqual(parseLink('/', ''), { ok: false, problem: { kind: 'unknownView', view: '' } });
    assert.deepEqual(parseLink('/__proto__', 'env=local'), { ok: false, problem: { kind: 'unknownView', view: '__proto__' } });
    assert.deepEqual(parseLink('/toString', 'env=local'), { ok: false, problem: { kind: 'unknownView', view: 'toString' } });
    assert.deepEqual(parseLink('/user', 'client_user_id=a&env=https://evil.example'), { ok: false, problem: { kind: 'unknownEnvironment' } });
    assert.deepEqual(parseLink('/user', 'client_user_id=a&env=Local'), { ok: false, problem: { kind: 'unknownEnvironment' } });
  });

  test('script, paths and control characters in values are refused', () => {
    const hostile = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', '../../v2/user', 'a b', 'a\nb', 'javascript:alert(1)//x', 'a'.repeat(129)];
    for (const value of hostile) {
      const encoded = encodeURIComponent(value);
      assert.deepEqual(parseLink('/user', `client_user_id=${encoded}&env=local`), { ok: false, problem: { kind: 'invalidParameter', name: 'client_user_id' } }, value);
      assert.deepEqual(parseLink('/labTest', `id=${encoded}&env=local`), { ok: false, problem: { kind: 'invalidParameter', name: 'id' } }, value);
    }
    const bp = (extra: string) => parseLink('/bloodPressure', `user_id=${USER_ID}&start_date=2026-10-01&env=local&${extra}`);
    assert.deepEqual(bp(`provider=${encodeURIComponent('<b>x</b>')}`), { ok: false, problem: { kind: 'invalidParameter', name: 'provider' } });
    assert.deepEqual(bp('end_date=2026-02-30'), { ok: false, problem: { kind: 'invalidParameter', name: 'end_date' } });
    assert.deepEqual(parseLink('/bloodPressure', `user_id=patient-0001&start_date=2026-10-01&env=local`), {
      ok: false,
      problem: { kind: 'invalidParameter', name: 'user_id' },
    });
    assert.deepEqual(parseLink('/bloodPressure', `user_id=${USER_ID}&start_date=yesterday&env=local`), {
      ok: false,
      problem: { kind: 'invalidParameter', name: 'start_date' },
    });
  });
});

describe('buildLink', () => {
  const targets: LinkTarget[] = [
    { view: 'user', env: 'local', clientUserId: 'acme+team:7@x' },
    { view: 'bloodPressure', env: 'productionEu', userId: USER_ID, startDate: '2026-10-01', endDate: '', provider: '' },
    { view: 'bloodPressure', env: 'sandboxEu', userId: USER_ID, startDate: '2026-10-01T08:00:00+02:00', endDate: '2026-10-31', provider: 'withings' },
    { view: 'labTest', env: 'custom', labTestId: '5a1c6c3e-2f4b-4d8e-9b61-0c7d2f1e8a01' },
  ];
  test('round-trips through a real URL parser', () => {
    for (const target of targets) {
      const link = buildLink('vscode', EXT, target);
      assert.ok(link.startsWith(`vscode://${EXT}/${target.view}?`), link);
      const parsed = parseUrl(link);
      assert.ok(parsed.ok, link);
      assert.deepEqual(parsed.target, target);
      assert.equal(parsed.needsConfirmation, target.env.startsWith('production'));
    }
  });
  test('never writes a key parameter', () => {
    for (const target of targets) assert.doesNotMatch(linkPathAndQuery(target).query, /key|token|secret/i);
  });
});
