// Lab-test names remembered per environment: ids and names only, capped, newest kept.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { labTestNamesOf, parseLabTestNameBook, rememberLabTestNames } from '../../src/domain/labs/labTestNames';

describe('lab-test names per environment', () => {
  test('a name remembered in one environment is not known in another', () => {
    const book = rememberLabTestNames({}, 'sandboxUs', { 'lt-1': 'Lipid panel' });
    assert.deepEqual(labTestNamesOf(book, 'sandboxUs', ['lt-1', 'lt-2']), { 'lt-1': 'Lipid panel' });
    assert.deepEqual(labTestNamesOf(book, 'productionEu', ['lt-1']), {});
  });

  test('a newer name replaces the older one; blank names and ids are ignored', () => {
    let book = rememberLabTestNames({}, 'env', { a: 'Old' });
    book = rememberLabTestNames(book, 'env', { a: ' New ', b: '   ', '': 'x' });
    assert.deepEqual(book, { env: { a: 'New' } });
  });

  test('the oldest names go first once the cap is reached', () => {
    let book = {};
    for (let i = 0; i < 5; i++) book = rememberLabTestNames(book, 'env', { [`id-${i}`]: `Name ${i}` }, 3);
    assert.deepEqual(Object.keys(labTestNamesOf(book, 'env', ['id-0', 'id-1', 'id-2', 'id-3', 'id-4'])), ['id-2', 'id-3', 'id-4']);
  });

  test('a stored book is read defensively', () => {
    assert.deepEqual(parseLabTestNameBook(undefined), {});
    assert.deepEqual(parseLabTestNameBook({ env: { a: 'A', b: 3 }, other: 'x' }), { env: { a: 'A' } });
    assert.deepEqual(labTestNamesOf(parseLabTestNameBook({ env: {} }), 'env', ['toString']), {}, 'no prototype names');
  });
});
