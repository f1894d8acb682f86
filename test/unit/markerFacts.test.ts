// The vendor's marker fields as the lab panel reads them: price (the page's pricing first), AOE,
// turnaround, type, paging that lacks total/page/size, and sorting with values not sent — on
// hand-made markers, on bodies the vendor's published schema allows, and on the sandbox's vendor shape.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { markerPageSchema, type Marker, type MarkerPage } from '../../src/api/schemas';
import {
  aoeQuestionsOf,
  formatMinorAmount,
  isPanelMarker,
  isUnseenMarkerType,
  markerPagingOf,
  markerPriceOf,
  markerPriceText,
  mergePricing,
  sortMarkers,
  turnaroundOf,
  type MarkerSortKey,
} from '../../src/domain/labs/markerFacts';
import { expectedResultsOf, markersCsv, MARKER_CSV_HEADER } from '../../src/domain/labs/markerTable';
import { useSandbox } from '../support/sandboxFixture';
import { generateBody, REQUESTED_MARKER_PAGE_SIZE } from '../support/vendorBodies';

const base = (id: number, extra: Partial<Marker> = {}): Marker => ({ id, name: `M${id}`, slug: `m${id}`, expected_results: [], ...extra });

describe('price: the page\'s pricing first, else the marker\'s price', () => {
  const pricing = { currency: 'USD', data: { '1': { base_amount_minor: 1250, modifiers: [{}, {}] }, '2': { unspecified: 'refer_to_contract' } } };

  test('an amount in cents, a reason without a price, the marker\'s text, or nothing', () => {
    assert.deepEqual(markerPriceOf(base(1, { price: '$99.00' }), pricing), { kind: 'amount', minor: 1250, currency: 'USD', modifiers: 2 });
    assert.deepEqual(markerPriceOf(base(2, { price: '$1.00' }), pricing), { kind: 'unspecified', reason: 'refer_to_contract' });
    assert.deepEqual(markerPriceOf(base(3, { price: 'N/A' }), pricing), { kind: 'text', text: 'N/A' });
    assert.equal(markerPriceOf(base(4, { price: null }), pricing), undefined);
    assert.equal(markerPriceOf(base(5), null), undefined);
    assert.deepEqual(markerPriceOf(base(1, { price: '$3.00' }), { currency: null, data: null }), { kind: 'text', text: '$3.00' });
  });

  test('amounts are formatted in their currency; an unknown code is written beside the number', () => {
    assert.equal(formatMinorAmount(1250, 'USD', 'en-US'), '$12.50');
    assert.equal(formatMinorAmount(1250, 'not-a-currency', 'en-US'), '12.50 not-a-currency');
    assert.equal(formatMinorAmount(5, undefined, 'en-US'), '0.05');
    assert.equal(markerPriceText(base(1), pricing, 'en-US'), '$12.50');
    assert.equal(markerPriceText(base(2), pricing, 'en-US'), 'refer_to_contract');
    assert.equal(markerPriceText(base(9), pricing, 'en-US'), undefined);
  });
});

describe('pricing of every page, for the filter that searches them all', () => {
  test('entries of every page kept, the first currency sent; nothing when no page sent pricing', () => {
    const merged = mergePricing([null, { currency: null, data: { '1': { base_amount_minor: 100 } } }, undefined, { currency: 'USD', data: { '2': { unspecified: 'price_unavailable' } } }]);
    assert.deepEqual(merged, { currency: 'USD', data: { '1': { base_amount_minor: 100 }, '2': { unspecified: 'price_unavailable' } } });
    assert.equal(mergePricing([null, undefined]), undefined);
    assert.deepEqual(markerPriceOf(base(2), merged), { kind: 'unspecified', reason: 'price_unavailable' });
  });
});

describe('type, turnaround and AOE', () => {
  test('panel and an unseen type are told apart; a type not sent is neither', () => {
    assert.equal(isPanelMarker(base(1, { type: 'panel' })), true);
    assert.equal(isPanelMarker(base(1, { type: 'biomarker' })), false);
    assert.equal(isUnseenMarkerType('calculated'), true);
    assert.equal(isUnseenMarkerType('biomarker'), false);
    assert.equal(isUnseenMarkerType(null), false);
    assert.equal(isUnseenMarkerType(undefined), false);
  });

  test('turnaround parts not sent stay undefined', () => {
    assert.deepEqual(turnaroundOf(base(1, { common_tat_days: 3, worst_case_tat_days: null })), { common: 3, worst: undefined });
    assert.deepEqual(turnaroundOf(base(1)), { common: undefined, worst: undefined });
  });

  test('AOE questions in their sequence, unsequenced last in the order sent; none when not sent', () => {
    const questions = [
      { id: 1, sequence: null },
      { id: 2, sequence: 2 },
      { id: 3 },
      { id: 4, sequence: 1 },
    ];
    assert.deepEqual(aoeQuestionsOf(base(1, { aoe: { questions } })).map((q) => q.id), [4, 2, 1, 3]);
    assert.deepEqual(aoeQuestionsOf(base(1, { aoe: null })), []);
    assert.deepEqual(aoeQuestionsOf(base(1, { aoe: { questions: null } })), []);
  });
});

describe('paging that lacks total, page or size', () => {
  const markers = [base(1), base(2), base(3)];
  const page = (fields: Partial<MarkerPage>): MarkerPage => ({ markers, ...fields });

  test('says what the page knows', () => {
    assert.deepEqual(markerPagingOf(page({ total: 230, page: 2, size: 50, pages: 5 }), 50, 2), { current: 2, pages: 5, total: 230, moreMayFollow: false });
    assert.deepEqual(markerPagingOf(page({ pages: 5 }), 3, 2), { current: 2, pages: 5, total: undefined, moreMayFollow: false }, 'page 2 of 5 from pages alone');
    assert.deepEqual(markerPagingOf(page({ total: 7, page: null, size: null, pages: null }), 3, 1), { current: 1, pages: 3, total: 7, moreMayFollow: false }, 'pages from total and the size asked for');
    assert.deepEqual(markerPagingOf(page({ total: null, pages: null }), 3, 4), { current: 4, pages: undefined, total: undefined, moreMayFollow: true }, 'a full page: more may follow');
    assert.deepEqual(markerPagingOf(page({}), 10, 4), { current: 4, pages: undefined, total: undefined, moreMayFollow: false }, 'a short page is the last');
  });
});

describe('sorting with values not sent', () => {
  const markers = [
    base(1, { name: 'b', price: '$5.00', common_tat_days: 3 }),
    base(2, { name: null, price: null, common_tat_days: null, worst_case_tat_days: 9 }),
    base(3, { name: 'a', price: 'N/A' }),
    base(4, { name: 'c', price: '$12.00', common_tat_days: 1 }),
  ];

  test('missing values come last in either direction, in the order sent', () => {
    assert.deepEqual(sortMarkers(markers, 'name', 'ascending').map((m) => m.id), [3, 1, 4, 2]);
    assert.deepEqual(sortMarkers(markers, 'name', 'descending').map((m) => m.id), [4, 1, 3, 2]);
    assert.deepEqual(sortMarkers(markers, 'price', 'ascending').map((m) => m.id), [1, 4, 2, 3], 'N/A has no amount');
    assert.deepEqual(sortMarkers(markers, 'price', 'descending').map((m) => m.id), [4, 1, 2, 3]);
    assert.deepEqual(sortMarkers(markers, 'turnaround', 'ascending').map((m) => m.id), [4, 1, 2, 3], 'worst case stands in for a common turnaround not sent');
  });

  test('the page\'s pricing orders by amount', () => {
    const pricing = { currency: 'USD', data: { '3': { base_amount_minor: 100 } } };
    assert.deepEqual(sortMarkers(markers, 'price', 'ascending', pricing).map((m) => m.id), [3, 1, 4, 2]);
  });
});

describe('bodies the vendor\'s schema allows', () => {
  const keys: MarkerSortKey[] = ['name', 'slug', 'type', 'price', 'turnaround'];
  const bodies = Array.from({ length: 60 }, (_, i) => generateBody(i % 2 === 0 ? 'labTestMarkers' : 'orderSetMarkers', 4_000 + i, (['full', 'minimal', 'mixed'] as const)[i % 3]!));

  test('every marker is kept by sort, priced where the body says, and the CSV has no null, undefined or NaN cell', () => {
    let markersSeen = 0;
    for (const generated of bodies) {
      const page = markerPageSchema.parse(generated.body);
      assert.equal(page.markers.length, generated.counts.markers);
      markersSeen += page.markers.length;
      const ids = page.markers.map((m) => m.id).sort((a, b) => a - b);
      for (const key of keys) {
        for (const direction of ['ascending', 'descending'] as const) {
          assert.deepEqual(sortMarkers(page.markers, key, direction, page.pricing).map((m) => m.id).sort((a, b) => a - b), ids, `${key} ${direction} keeps every marker`);
        }
      }
      for (const marker of page.markers) {
        const priced = page.pricing?.data?.[String(marker.id)];
        const expected = priced !== undefined || typeof marker.price === 'string';
        assert.equal(markerPriceOf(marker, page.pricing) !== undefined, expected, `seed ${generated.seed} marker ${marker.id}`);
      }
      const csv = markersCsv(page.markers, page.pricing).trimEnd().split('\r\n');
      assert.equal(csv.length, 1 + page.markers.reduce((sum, m) => sum + Math.max(1, expectedResultsOf(m).length), 0));
      for (const line of csv) assert.doesNotMatch(line, /(^|,)(undefined|null|NaN)(,|$)/, `seed ${generated.seed}: ${line}`);
      const paging = markerPagingOf(page, REQUESTED_MARKER_PAGE_SIZE, 1);
      assert.ok(Number.isInteger(paging.current) && paging.current >= 1);
      assert.equal(paging.pages === undefined, typeof page.pages !== 'number' && typeof page.total !== 'number');
    }
    assert.ok(markersSeen > 50, `enough markers tried (${markersSeen})`);
  });

  test('the CSV header and each line have the same number of cells when nothing needs quoting', () => {
    const page = markerPageSchema.parse(generateBody('labTestMarkers', 77, 'minimal').body);
    for (const line of markersCsv(page.markers, page.pricing).trimEnd().split('\r\n')) {
      if (!line.includes('"')) assert.equal(line.split(',').length, MARKER_CSV_HEADER.length);
    }
  });
});

describe('the sandbox in the vendor shape', () => {
  const fixture = useSandbox({ users: 2, shape: 'vendor' });

  test('its lab tests carry panels, pricing for every marker, AOE questions, and results without LOINC', async () => {
    const client = fixture.client();
    const markers: Marker[] = [];
    let priced = 0;
    for (const labTest of fixture.sandbox.labTests) {
      const page = await client.listLabTestMarkers(labTest.id, { page: 1, size: 100 });
      markers.push(...page.markers);
      priced += page.markers.filter((m) => markerPriceOf(m, page.pricing)?.kind !== 'text' && markerPriceOf(m, page.pricing) !== undefined).length;
    }
    assert.ok(markers.some(isPanelMarker), 'a panel marker');
    assert.ok(markers.some((m) => isUnseenMarkerType(m.type)), 'a type not seen before');
    assert.equal(priced, markers.length, 'the page\'s pricing covers every marker');
    assert.ok(markers.some((m) => aoeQuestionsOf(m).length > 0), 'AOE questions');
    assert.ok(markers.flatMap(expectedResultsOf).some((r) => r.loinc === null), 'an expected result without LOINC');
    assert.ok(markers.some((m) => m.worst_case_tat_days === null), 'a turnaround not sent');
  });
});
