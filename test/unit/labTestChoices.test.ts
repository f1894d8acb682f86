// Issue 34.4: Show Lab Test Markers offers the lab tests this environment has shown before (its
// Requests rows, order sets among them, and the recent ones), newest first, then the samples; each
// by the name known for it, here or, said so, in another environment.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { labTestMarkersRequest, listUsersRequest, orderSetMarkersRequest, type RequestOperation } from '../../src/api/requests';
import { labTestChoices, labTestIdsInRecords, labTestNameAnywhere } from '../../src/domain/labs/labTestChoices';
import { rememberLabTestNames } from '../../src/domain/labs/labTestNames';

const row = (environmentId: string, operation: RequestOperation | undefined) => (operation ? { environmentId, operation } : { environmentId });

// Oldest first, as the recorder keeps them.
const records = [
  row('sandboxUs', labTestMarkersRequest('lt-old', {}).operation),
  row('sandboxUs', listUsersRequest({}).operation),
  row('local', labTestMarkersRequest('lt-local-only', {}).operation),
  row('sandboxUs', orderSetMarkersRequest({ labTestIds: ['lt-a', 'lt-old'], addOn: { providerIds: ['p-1'] } }, {}).operation),
  row('sandboxUs', undefined), // a row saved by a version that did not record its operation
  row('sandboxUs', labTestMarkersRequest(' lt-new ', { page: 2 }).operation),
];

describe('lab tests shown before, from the Requests rows', () => {
  test('newest first, each once; an order set\'s lab_test_ids count; other environments and other operations do not', () => {
    assert.deepEqual(labTestIdsInRecords(records, 'sandboxUs'), ['lt-new', 'lt-a', 'lt-old']);
    assert.deepEqual(labTestIdsInRecords(records, 'local'), ['lt-local-only']);
    assert.deepEqual(labTestIdsInRecords(records, 'productionUs'), []);
  });
});

describe('a name wherever one was seen', () => {
  const book = rememberLabTestNames(rememberLabTestNames({}, 'local', { 'lt-1': 'Lipid panel', 'lt-2': 'Iron panel' }), 'sandboxUs', { 'lt-2': 'Iron studies' });

  test('this environment\'s name first; else another environment\'s, naming it; else none', () => {
    assert.deepEqual(labTestNameAnywhere(book, 'sandboxUs', 'lt-2'), { name: 'Iron studies' });
    assert.deepEqual(labTestNameAnywhere(book, 'sandboxUs', 'lt-1'), { name: 'Lipid panel', seenIn: 'local' });
    assert.deepEqual(labTestNameAnywhere(book, 'local', 'lt-1'), { name: 'Lipid panel' });
    assert.equal(labTestNameAnywhere(book, 'sandboxUs', 'lt-3'), undefined);
    assert.equal(labTestNameAnywhere(book, 'sandboxUs', 'toString'), undefined, 'no prototype names');
  });

  test('the picker\'s choices: shown (rows, then recents no row holds) before samples, each by the best name known', () => {
    const choices = labTestChoices({
      environment: 'sandboxUs',
      records,
      recent: [{ id: 'lt-new' }, { id: 'lt-recent', name: 'Vitamin D' }, { id: 'lt-1' }],
      samples: [{ id: 'lt-sample', name: 'Thyroid panel' }, { id: 'lt-a', name: 'A1c' }],
      book: rememberLabTestNames(book, 'sandboxUs', { 'lt-old': 'Old panel' }),
    });
    assert.deepEqual(choices, [
      { id: 'lt-new', origin: 'shown' },
      { id: 'lt-a', origin: 'shown', name: 'A1c' },
      { id: 'lt-old', origin: 'shown', name: 'Old panel' },
      { id: 'lt-recent', origin: 'shown', name: 'Vitamin D' },
      { id: 'lt-1', origin: 'shown', name: 'Lipid panel', nameSeenIn: 'local' },
      { id: 'lt-sample', origin: 'sample', name: 'Thyroid panel' },
    ]);
  });

  test('nothing shown and no samples: nothing offered (the picker still takes a typed id)', () => {
    assert.deepEqual(labTestChoices({ environment: 'productionEu', records, recent: [], samples: [], book }), []);
  });
});
