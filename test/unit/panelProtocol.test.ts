import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isHealthApiError } from '../../src/api/errors';
import { validationFields } from '../../src/domain/validationDetail';
import { parseBloodPressurePanelState } from '../../src/shared/bloodPressureProtocol';
import { parseLabMarkersPanelState } from '../../src/shared/labMarkersProtocol';
import { useSandbox } from '../support/sandboxFixture';

describe('saved panel state', () => {
  test('a blood-pressure state keeps ids and query only', () => {
    const state = parseBloodPressurePanelState({
      version: 1,
      userId: 'u',
      clientUserId: 'c',
      form: { startDate: '2024-01-01', endDate: '', provider: 'omron', extra: 'dropped' },
      readings: [1, 2, 3],
    });
    assert.deepEqual(state, { version: 1, userId: 'u', clientUserId: 'c', form: { startDate: '2024-01-01', endDate: '', provider: 'omron' } });
  });

  test('unreadable or foreign states are refused', () => {
    assert.equal(parseBloodPressurePanelState(undefined), undefined);
    assert.equal(parseBloodPressurePanelState({ version: 2, userId: 'u', clientUserId: 'c', form: {} }), undefined);
    assert.equal(parseBloodPressurePanelState({ version: 1, userId: 'u', clientUserId: 'c', form: { startDate: 1 } }), undefined);
    assert.equal(parseLabMarkersPanelState({ version: 1, form: { source: { kind: 'other' }, page: 1, size: 1 } }), undefined);
  });

  test('a lab-markers state of either kind', () => {
    assert.deepEqual(
      parseLabMarkersPanelState({ version: 1, form: { source: { kind: 'labTest', labTestId: 'x' }, page: 2, size: 10 }, filter: 'glu' }),
      { version: 1, form: { source: { kind: 'labTest', labTestId: 'x', labAccountId: '' }, page: 2, size: 10 }, filter: 'glu' },
    );
    assert.deepEqual(
      parseLabMarkersPanelState({ version: 1, form: { source: { kind: 'orderSet', labTestIds: ['a'], providerIds: [] }, page: 1, size: 5 } })?.form.source,
      { kind: 'orderSet', labTestIds: ['a'], providerIds: [], labAccountId: '' },
    );
  });
});

describe('422 detail field by field', () => {
  test('location and field name are separated', () => {
    assert.deepEqual(
      validationFields([
        { loc: ['query', 'start_date'], msg: 'Input should be a valid date', type: 'date_parsing' },
        { loc: ['body', 'add_on', 'provider_ids', 0], msg: 'Input should be a valid string', type: 'string_type' },
        { loc: ['body'], msg: 'Field required', type: 'missing' },
        { msg: 'no location' },
        'not an item',
      ]),
      [
        { field: 'start_date (query)', message: 'Input should be a valid date' },
        { field: 'add_on.provider_ids.0 (body)', message: 'Input should be a valid string' },
        { field: 'body', message: 'Field required' },
        { field: '—', message: 'no location' },
      ],
    );
  });
});

describe('a real 422 from the sandbox', () => {
  const fixture = useSandbox({ users: 2 });

  test('reaches the client as detail that splits into fields', async () => {
    const detail = [{ type: 'greater_than_equal', loc: ['query', 'page'], msg: 'Input should be greater than or equal to 1', input: '0' }];
    fixture.sandbox.injectFaults({ kind: 'status', status: 422, detail, path: '/v3/lab_tests' });
    const labTest = fixture.sandbox.labTests[0];
    assert.ok(labTest);
    const error = await fixture.client().listLabTestMarkers(labTest.id).then(
      () => assert.fail('the injected 422 was not returned'),
      (failure: unknown) => failure,
    );
    assert.ok(isHealthApiError(error));
    assert.equal(error.status, 422);
    assert.ok(Array.isArray(error.detail));
    assert.deepEqual(validationFields(error.detail), [{ field: 'page (query)', message: 'Input should be greater than or equal to 1' }]);
  });
});
