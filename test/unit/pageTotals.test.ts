// Issue 28.2: a marker page whose `total` disagrees with what it holds ("total 3" over the 2 markers
// of page 1 of 1; the order set's 3 over 1) is a deviation the contract lens names, and the lab
// panel's pager says what the page holds instead of repeating the total. One rule for both.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { inspectResponse } from '../../src/api/contract/inspect';
import { pageTotalDisagreement } from '../../src/api/contract/pageChecks';
import { labTestMarkersRequest } from '../../src/api/requests';
import { markerPagingOf } from '../../src/domain/labs/markerFacts';

const marker = (id: number) => ({
  id,
  name: `Marker ${id}`,
  slug: `marker-${id}`,
  description: 'd',
  lab_id: 1,
  provider_id: `p${id}`,
  type: 'biomarker',
  unit: null,
  price: 'N/A',
  expected_results: [],
});

const page = (held: number, total: number, number = 1, size = 50, extra: Record<string, unknown> = {}) => ({
  markers: Array.from({ length: held }, (_, i) => marker(i + 1)),
  total,
  page: number,
  size,
  ...extra,
});

const paging = (body: ReturnType<typeof page>) => inspectResponse('labTestMarkers', body).filter((d) => d.kind === 'pagingMismatch');

describe('a page total that cannot be true for what the page holds', () => {
  test('the rule: above the end on the last page, or below what the page reaches', () => {
    assert.deepEqual(pageTotalDisagreement(2, 0, 50, 3, 1, 1), { through: 2, total: 3, lastPage: true });
    assert.deepEqual(pageTotalDisagreement(2, 0, 50, 3, undefined, 1), { through: 2, total: 3, lastPage: true }, 'a short page is the last');
    assert.deepEqual(pageTotalDisagreement(2, 0, 50, 1, undefined, 1), { through: 2, total: 1, lastPage: false });
    assert.equal(pageTotalDisagreement(2, 0, 50, 2, 1, 1), undefined, 'agrees');
    assert.equal(pageTotalDisagreement(50, 0, 50, 120, 3, 1), undefined, 'a full first page of three');
    assert.equal(pageTotalDisagreement(2, 0, undefined, 3, undefined, 1), undefined, 'without a known size a short page proves nothing');
    assert.equal(pageTotalDisagreement(2, 0, 50, null, 1, 1), undefined, 'no total, nothing to disagree with');
  });

  test('the lens names it as pagingMismatch on total, with the spec section and where the list ends', () => {
    const found = paging(page(2, 3, 1, 50, { pages: 1 }));
    assert.deepEqual(found.map((d) => [d.kind, d.path, d.value, d.section]), [['pagingMismatch', 'total', '3', '4.5']]);
    assert.match(found[0]!.spec, /ends the list at 2/);
    const orderSet = inspectResponse('orderSetMarkers', page(1, 3)).filter((d) => d.kind === 'pagingMismatch');
    assert.deepEqual(orderSet.map((d) => [d.path, d.value, d.section]), [['total', '3', '4.4']]);
  });

  test('pages that agree with their total are not reported; the size asked for counts when the page sends none', () => {
    assert.deepEqual(paging(page(2, 2)), []);
    assert.deepEqual(paging(page(50, 120, 1)), []);
    assert.deepEqual(paging(page(20, 120, 3)), []);
    const noSize = { markers: [marker(1), marker(2)], total: 3, page: 1 };
    assert.deepEqual(inspectResponse('labTestMarkers', noSize).filter((d) => d.kind === 'pagingMismatch'), [], 'size neither sent nor asked for');
    const asked = inspectResponse('labTestMarkers', noSize, { request: labTestMarkersRequest('lt-1', { page: 1, size: 10 }) });
    assert.deepEqual(asked.filter((d) => d.kind === 'pagingMismatch').map((d) => d.value), ['3']);
  });

  test('the panel\'s pager: what the page holds and what the server says, only when they disagree', () => {
    assert.deepEqual(markerPagingOf(page(2, 3, 1, 50, { pages: 1 }), 50, 1).totalDisagrees, { held: 2, total: 3 });
    assert.deepEqual(markerPagingOf(page(1, 3), 50, 1).totalDisagrees, { held: 1, total: 3 });
    assert.equal(markerPagingOf(page(2, 2), 50, 1).totalDisagrees, undefined);
    assert.equal(markerPagingOf(page(50, 230, 2), 50, 2).totalDisagrees, undefined);
  });
});
