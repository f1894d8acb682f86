import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkLabMarkersForm, firstPageOf, labMarkersRequestOf } from '../../src/domain/labs/labMarkersForm';

describe('lab markers form', () => {
  const labTest = firstPageOf({ kind: 'labTest', labTestId: 'lt-1', labAccountId: '' });
  const orderSet = firstPageOf({ kind: 'orderSet', labTestIds: ['lt-1'], providerIds: [], labAccountId: '' });

  test('a complete form passes', () => {
    assert.equal(checkLabMarkersForm(labTest), undefined);
    assert.equal(checkLabMarkersForm(orderSet), undefined);
    assert.equal(checkLabMarkersForm({ ...orderSet, source: { ...orderSet.source, labTestIds: [], providerIds: ['p'] } as typeof orderSet.source }), undefined);
  });

  test('empty ids, a page below 1 and a size outside 1..100 are caught', () => {
    assert.equal(checkLabMarkersForm({ ...labTest, source: { kind: 'labTest', labTestId: '  ', labAccountId: '' } }), 'labTestIdMissing');
    assert.equal(checkLabMarkersForm({ ...orderSet, source: { kind: 'orderSet', labTestIds: [], providerIds: [], labAccountId: '' } }), 'orderSetEmpty');
    assert.equal(checkLabMarkersForm({ ...labTest, page: 0 }), 'pageInvalid');
    assert.equal(checkLabMarkersForm({ ...labTest, page: 1.5 }), 'pageInvalid');
    assert.equal(checkLabMarkersForm({ ...labTest, size: 0 }), 'sizeInvalid');
    assert.equal(checkLabMarkersForm({ ...labTest, size: 101 }), 'sizeInvalid');
    assert.equal(checkLabMarkersForm({ ...labTest, size: 100 }), undefined);
  });

  test('the request of a lab-test form: GET with page, size and the lab account when given', () => {
    const spec = labMarkersRequestOf({ ...labTest, page: 2, size: 10, source: { kind: 'labTest', labTestId: 'a/b', labAccountId: ' acc ' } });
    assert.equal(spec.method, 'GET');
    assert.equal(spec.path, '/v3/lab_tests/a%2Fb/markers');
    assert.deepEqual(spec.query, { lab_account_id: 'acc', page: 2, size: 10 });
  });

  test('the request of an order-set form: POST body with only the lists that have ids', () => {
    const spec = labMarkersRequestOf({ ...orderSet, source: { kind: 'orderSet', labTestIds: [], providerIds: ['p1', 'p2'], labAccountId: '' } });
    assert.equal(spec.method, 'POST');
    assert.deepEqual(spec.body, { add_on: { provider_ids: ['p1', 'p2'] } });
    assert.deepEqual(spec.query, { page: 1, size: 50 });
  });
});
