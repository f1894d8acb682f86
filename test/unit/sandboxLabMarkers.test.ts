// Sandbox contract: GET /v3/lab_tests/{id}/markers and POST /v3/lab_tests/list_order_set_markers.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { SandboxHandle } from '../../src/sandbox/server';
import { assertValidationError, call, postJson, start } from './sandboxTestKit';

const ORDER_SET = '/v3/lab_tests/list_order_set_markers';

interface WireMarker {
  id: number;
  name: string;
  provider_id: string;
  type: string;
  unit: string | null;
  price: string;
  expected_results: { loinc: { code: string; name: string; unit: string | null } }[];
}

describe('sandbox lab markers', () => {
  let sandbox: SandboxHandle;
  const testId = (name: RegExp) => {
    const found = sandbox.labTests.find((t) => name.test(t.name));
    assert.ok(found, `lab test ${name}`);
    return found.id;
  };
  const markersOf = async (id: string, query = ''): Promise<WireMarker[]> => {
    const response = await call(sandbox, `/v3/lab_tests/${id}/markers?size=100${query}`);
    assert.equal(response.status, 200, response.text);
    return response.json.markers;
  };
  before(async () => {
    sandbox = await start();
  });
  after(() => sandbox.close());

  it('offers lipid, metabolic, HbA1c, thyroid and vitamin D tests with uuid ids', () => {
    for (const name of [/lipid/i, /metabolic/i, /a1c/i, /thyroid/i, /vitamin d/i]) testId(name);
    for (const test of sandbox.labTests) assert.match(test.id, /^[0-9a-f-]{36}$/);
  });

  it('markers carry real LOINC codes, names and units in expected_results', async () => {
    const lipid = await markersOf(testId(/lipid/i));
    const codes = lipid.flatMap((m) => m.expected_results.map((r) => r.loinc));
    const cholesterol = codes.find((l) => l.code === '2093-3');
    assert.deepEqual(cholesterol && { name: cholesterol.name, unit: cholesterol.unit }, {
      name: 'Cholesterol [Mass/volume] in Serum or Plasma',
      unit: 'mg/dL',
    });
    for (const code of ['2571-8', '2085-9', '13457-7']) assert.ok(codes.some((l) => l.code === code), code);
    const a1c = (await markersOf(testId(/a1c/i))).flatMap((m) => m.expected_results.map((r) => r.loinc));
    assert.ok(a1c.some((l) => l.code === '4548-4' && l.unit === '%'));
    const thyroid = (await markersOf(testId(/thyroid/i))).flatMap((m) => m.expected_results.map((r) => r.loinc.code));
    assert.ok(thyroid.includes('3016-3'));
    const metabolic = await markersOf(testId(/metabolic/i));
    assert.ok(metabolic.some((m) => m.type === 'panel' && m.unit === null), 'panels have no unit');
    assert.ok(metabolic.flatMap((m) => m.expected_results).some((r) => r.loinc.code === '2345-7'));
    for (const marker of [...lipid, ...metabolic]) {
      assert.ok(Number.isInteger(marker.id) && marker.provider_id.length > 0 && marker.price.length > 0);
    }
  });

  it('pages with page 1 and size 50 by default, and slices consistently', async () => {
    const id = testId(/lipid/i);
    const defaults = await call(sandbox, `/v3/lab_tests/${id}/markers`);
    assert.equal(defaults.json.page, 1);
    assert.equal(defaults.json.size, 50);
    const all: WireMarker[] = defaults.json.markers;
    assert.equal(defaults.json.total, all.length);
    assert.ok(all.length >= 5);
    const second = await call(sandbox, `/v3/lab_tests/${id}/markers?page=2&size=2`);
    assert.deepEqual(second.json.markers.map((m: WireMarker) => m.id), all.slice(2, 4).map((m) => m.id));
    assert.equal(second.json.total, all.length);
    const past = await call(sandbox, `/v3/lab_tests/${id}/markers?page=99&size=100`);
    assert.deepEqual(past.json.markers, []);
  });

  it('rejects page 0 and size 0/101 with FastAPI 422 items, on both operations', async () => {
    const id = testId(/lipid/i);
    assertValidationError(await call(sandbox, `/v3/lab_tests/${id}/markers?page=0`), ['query', 'page'], 'greater_than_equal');
    assertValidationError(await call(sandbox, `/v3/lab_tests/${id}/markers?size=0`), ['query', 'size'], 'greater_than_equal');
    const big = await call(sandbox, `/v3/lab_tests/${id}/markers?size=101`);
    assertValidationError(big, ['query', 'size'], 'less_than_equal');
    assert.deepEqual(big.json.detail[0].ctx, { le: 100 });
    const body = JSON.stringify({ lab_test_ids: [id] });
    assertValidationError(await call(sandbox, `${ORDER_SET}?page=0`, { method: 'POST', body }), ['query', 'page'], 'greater_than_equal');
    assertValidationError(await call(sandbox, `${ORDER_SET}?size=101`, { method: 'POST', body }), ['query', 'size'], 'less_than_equal');
  });

  it('404 for an unknown lab test', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'lipid']) {
      const response = await call(sandbox, `/v3/lab_tests/${id}/markers`);
      assert.equal(response.status, 404);
      assert.match(response.json.detail, /lab test/i);
    }
  });

  it('a lab account changes which markers and tests are available; an unknown account is 404', async () => {
    const [primary, regional] = sandbox.labAccounts;
    const lipid = testId(/lipid/i);
    const full = await markersOf(lipid);
    assert.deepEqual(await markersOf(lipid, `&lab_account_id=${primary!.id}`), full, 'the primary account is the default');
    const limited = await markersOf(lipid, `&lab_account_id=${regional!.id}`);
    assert.ok(limited.length > 0 && limited.length < full.length);
    assert.ok(limited.every((m) => full.some((f) => f.id === m.id)));
    const cbc = testId(/CBC/);
    assert.equal((await call(sandbox, `/v3/lab_tests/${cbc}/markers?lab_account_id=${regional!.id}`)).status, 404);
    assert.equal((await call(sandbox, `/v3/lab_tests/${cbc}/markers`)).status, 200);
    const unknown = await call(sandbox, `/v3/lab_tests/${lipid}/markers?lab_account_id=00000000-0000-4000-8000-00000000abcd`);
    assert.equal(unknown.status, 404);
    assert.match(unknown.json.detail, /lab account/i);
  });

  it('an order set is the union of its tests and add-ons, deduplicated, in request order', async () => {
    const lipid = testId(/lipid/i);
    const iron = testId(/iron/i);
    const lipidMarkers = await markersOf(lipid);
    const ironMarkers = await markersOf(iron);
    const ferritin = ironMarkers.find((m) => /ferritin/i.test(m.name));
    assert.ok(ferritin, 'the iron panel includes ferritin');
    const response = await postJson(sandbox, `${ORDER_SET}?size=100`, {
      lab_test_ids: [lipid, iron, lipid],
      add_on: { provider_ids: ['001503', ferritin.provider_id] },
    });
    assert.equal(response.status, 200, response.text);
    const ids = response.json.markers.map((m: WireMarker) => m.id);
    const b12 = response.json.markers.find((m: WireMarker) => m.provider_id === '001503');
    assert.ok(b12, 'the add-on marker is looked up by provider_id');
    assert.deepEqual(ids, [...lipidMarkers.map((m) => m.id), ...ironMarkers.map((m) => m.id), b12.id]);
    assert.equal(response.json.total, ids.length);
    assert.equal(new Set(ids).size, ids.length);
    const paged = await postJson(sandbox, `${ORDER_SET}?page=2&size=3`, { lab_test_ids: [lipid, iron], add_on: { provider_ids: ['001503'] } });
    assert.deepEqual(paged.json.markers.map((m: WireMarker) => m.id), ids.slice(3, 6));
    assert.equal(paged.json.page, 2);
    assert.equal(paged.json.size, 3);
  });

  it('add-ons alone work; an empty order set is an empty page (a valid question, empty answer)', async () => {
    const addOnly = await postJson(sandbox, ORDER_SET, { add_on: { provider_ids: ['004226'] } });
    assert.equal(addOnly.json.markers.length, 1);
    assert.equal(addOnly.json.markers[0].name, 'Testosterone');
    const byMarkerId = await postJson(sandbox, ORDER_SET, { add_on: { marker_ids: [1905, 1702] } });
    assert.deepEqual(byMarkerId.json.markers.map((m: { name: string }) => m.name), ['Testosterone', 'Ferritin'], 'add_on.marker_ids, as the service takes them');
    assert.equal((await postJson(sandbox, ORDER_SET, { add_on: { marker_ids: [999_999] } })).status, 404);
    for (const body of [{}, { lab_test_ids: [] }, { lab_test_ids: null, add_on: null }, { add_on: {} }]) {
      const empty = await postJson(sandbox, ORDER_SET, body);
      assert.equal(empty.status, 200);
      assert.deepEqual(empty.json, { markers: [], total: 0, page: 1, size: 50 });
    }
  });

  it('404 naming the unknown lab test or add-on; the lab account applies to the POST too', async () => {
    const unknownTest = await postJson(sandbox, ORDER_SET, { lab_test_ids: [testId(/lipid/i), 'no-such-test'] });
    assert.equal(unknownTest.status, 404);
    assert.match(unknownTest.json.detail, /no-such-test/);
    const unknownAddOn = await postJson(sandbox, ORDER_SET, { add_on: { provider_ids: ['999999'] } });
    assert.equal(unknownAddOn.status, 404);
    assert.match(unknownAddOn.json.detail, /999999/);
    const regional = sandbox.labAccounts[1]!.id;
    const limited = await postJson(sandbox, ORDER_SET, { lab_test_ids: [testId(/lipid/i)], lab_account_id: regional });
    const full = await postJson(sandbox, ORDER_SET, { lab_test_ids: [testId(/lipid/i)] });
    assert.ok(limited.json.total < full.json.total);
    assert.equal((await postJson(sandbox, ORDER_SET, { add_on: { provider_ids: ['004226'] }, lab_account_id: regional })).status, 404);
    assert.equal((await postJson(sandbox, ORDER_SET, { lab_test_ids: [], lab_account_id: 'nope' })).status, 404);
  });

  it('invalid JSON is 422 json_invalid at ["body", position]; an empty body is 422 missing', async () => {
    const broken = await call(sandbox, ORDER_SET, { method: 'POST', body: '{"lab_test_ids": [' });
    assert.equal(broken.status, 422);
    const [item] = broken.json.detail;
    assert.equal(item.type, 'json_invalid');
    assert.equal(item.loc[0], 'body');
    assert.equal(typeof item.loc[1], 'number');
    assert.equal(item.msg, 'JSON decode error');
    assertValidationError(await call(sandbox, ORDER_SET, { method: 'POST', body: '' }), ['body'], 'missing');
  });

  it('wrong types are 422 with the path of each bad field', async () => {
    assertValidationError(await postJson(sandbox, ORDER_SET, ['x']), ['body'], 'model_attributes_type');
    assertValidationError(await postJson(sandbox, ORDER_SET, { lab_test_ids: 'abc' }), ['body', 'lab_test_ids'], 'list_type');
    const items = await postJson(sandbox, ORDER_SET, { lab_test_ids: ['ok', 7, null] });
    assertValidationError(items, ['body', 'lab_test_ids', 1], 'string_type');
    assertValidationError(items, ['body', 'lab_test_ids', 2], 'string_type');
    assertValidationError(await postJson(sandbox, ORDER_SET, { add_on: ['001503'] }), ['body', 'add_on'], 'model_attributes_type');
    assertValidationError(await postJson(sandbox, ORDER_SET, { add_on: { marker_ids: ['1101'] } }), ['body', 'add_on', 'marker_ids', 0], 'int_type');
    assertValidationError(await postJson(sandbox, ORDER_SET, { add_on: { provider_ids: [1] } }), ['body', 'add_on', 'provider_ids', 0], 'string_type');
    assertValidationError(await postJson(sandbox, ORDER_SET, { lab_account_id: 5 }), ['body', 'lab_account_id'], 'string_type');
  });
});
