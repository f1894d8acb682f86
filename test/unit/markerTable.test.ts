import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Marker } from '../../src/api/schemas';
import { expectedResultsOf, filterMarkers, hasMorePages, markerPageCount, markersCsv, pageCount, parseIdList, parsePositiveInteger } from '../../src/domain/labs/markerTable';
import { useSandbox } from '../support/sandboxFixture';

function marker(id: number, name: string, slug: string, loincCodes: string[]): Marker {
  return {
    id,
    name,
    slug,
    description: '',
    lab_id: 1,
    provider_id: `P${id}`,
    type: 'biomarker',
    unit: null,
    price: 'N/A',
    expected_results: loincCodes.map((code, i) => ({
      id: id * 10 + i,
      name: `${name} result ${i}`,
      slug: `${slug}-${i}`,
      lab_id: 1,
      provider_id: `R${id}${i}`,
      loinc: { id: i, name: `LOINC ${code}`, slug: code, code, unit: 'mg/dL' },
    })),
  };
}

const markers = [marker(1, 'Glucose', 'glucose', ['2345-7']), marker(2, 'Hemoglobin A1c', 'hba1c', ['4548-4', '17856-6']), marker(3, 'Ferritin', 'ferritin', [])];

describe('marker filter', () => {
  test('matches name, slug or LOINC code, case-insensitively', () => {
    assert.deepEqual(filterMarkers(markers, 'gluc').map((m) => m.id), [1]);
    assert.deepEqual(filterMarkers(markers, 'HBA1C').map((m) => m.id), [2]);
    assert.deepEqual(filterMarkers(markers, '17856').map((m) => m.id), [2]);
    assert.deepEqual(filterMarkers(markers, '  ').map((m) => m.id), [1, 2, 3]);
    assert.deepEqual(filterMarkers(markers, 'nothing'), []);
  });

  test('does not search the LOINC name', () => {
    assert.deepEqual(filterMarkers(markers, 'LOINC'), []);
  });
});

describe('paging and typed input', () => {
  test('page count', () => {
    assert.equal(pageCount(0, 50), 0);
    assert.equal(pageCount(1, 50), 1);
    assert.equal(pageCount(100, 50), 2);
    assert.equal(pageCount(101, 50), 3);
  });

  test('id lists split on commas, semicolons and whitespace, without duplicates', () => {
    assert.deepEqual(parseIdList(' a, b;c\n d  a ,, '), ['a', 'b', 'c', 'd']);
    assert.deepEqual(parseIdList(''), []);
  });

  test('page and size must be whole numbers in range', () => {
    assert.equal(parsePositiveInteger('3'), 3);
    assert.equal(parsePositiveInteger(' 100 ', 100), 100);
    assert.equal(parsePositiveInteger('101', 100), undefined);
    assert.equal(parsePositiveInteger('0'), undefined);
    assert.equal(parsePositiveInteger('-1'), undefined);
    assert.equal(parsePositiveInteger('2.5'), undefined);
    assert.equal(parsePositiveInteger('1e2'), undefined);
    assert.equal(parsePositiveInteger(''), undefined);
  });
});

describe('markers CSV', () => {
  test('one line per expected result; a marker without results still has one', () => {
    const lines = markersCsv(markers).trimEnd().split('\r\n');
    assert.equal(lines.length, 1 + 1 + 2 + 1);
    assert.match(lines[0] ?? '', /^marker_id,name,slug,type,unit,provider_id,lab_id,price,pricing_amount_minor,pricing_currency,pricing_unspecified,is_orderable,a_la_carte_enabled,common_tat_days,worst_case_tat_days,aoe_questions,result_name,result_provider_id,result_required,loinc_code,loinc_name,loinc_unit$/);
    assert.equal(lines[1], '1,Glucose,glucose,biomarker,,P1,1,N/A,,,,,,,,,Glucose result 0,R10,,2345-7,LOINC 2345-7,mg/dL');
    assert.equal(lines[4], '3,Ferritin,ferritin,biomarker,,P3,1,N/A,,,,,,,,,,,,,,');
  });

  test('formula-looking API text is neutralised', () => {
    const csv = markersCsv([marker(9, '=cmd|"/c calc"!A1', '@slug', [])]);
    assert.match(csv, /^9,"'=cmd\|""\/c calc""!A1",'@slug,/m);
  });
});

describe('markers of a real sandbox lab test', () => {
  const fixture = useSandbox({ users: 2 });

  test('the CSV has a line for every expected result the API returned', async () => {
    const labTest = fixture.sandbox.labTests[0];
    assert.ok(labTest, 'the sandbox offers sample lab tests');
    const page = await fixture.client().listLabTestMarkers(labTest.id, { page: 1, size: 100 });
    assert.ok(page.markers.length > 0);
    const expectedLines = page.markers.reduce((sum, m) => sum + Math.max(1, (m.expected_results ?? []).length), 0);
    assert.equal(markersCsv(page.markers).trimEnd().split('\r\n').length, 1 + expectedLines);
    const code = page.markers.flatMap((m) => m.expected_results ?? [])[0]?.loinc?.code;
    assert.ok(code, 'some marker has a LOINC code');
    assert.ok(filterMarkers(page.markers, code).length > 0);
  });
});

describe('markers with the values the vendor may leave out', () => {
  // Only what the vendor's schema requires: id, name, slug, expected_results; the rest missing or null.
  const sparse: Marker[] = [
    { id: 7, name: 'Lp(a)', slug: 'lpa', expected_results: [{ id: 70, name: 'Lp(a)', slug: 'lpa', loinc: null }] },
    { id: 8, name: null, slug: null, description: null, lab_id: null, provider_id: null, type: 'panel', unit: null, price: null, expected_results: null },
    { id: 9, name: 'HDL', slug: 'hdl', expected_results: [{ id: 90, name: 'HDL', slug: 'hdl', loinc: { id: 1, name: 'HDL', slug: 'hdl', code: '2085-9' } }] },
  ];

  test('the filter skips what was not sent instead of failing on it', () => {
    assert.deepEqual(filterMarkers(sparse, 'lp').map((m) => m.id), [7]);
    assert.deepEqual(filterMarkers(sparse, '2085').map((m) => m.id), [9]);
    assert.deepEqual(filterMarkers(sparse, 'null').map((m) => m.id), []);
    assert.deepEqual(filterMarkers(sparse, 'undefined').map((m) => m.id), []);
  });

  test('the CSV has an empty cell for each value not sent, never "null" or "undefined"', () => {
    const lines = markersCsv(sparse).trimEnd().split('\r\n');
    assert.equal(lines.length, 4);
    assert.equal(lines[1], '7,Lp(a),lpa,,,,,,,,,,,,,,Lp(a),,,,,');
    assert.equal(lines[2], '8,,,panel,,,,,,,,,,,,,,,,,,');
    assert.equal(lines[3], '9,HDL,hdl,,,,,,,,,,,,,,HDL,,,2085-9,HDL,');
    assert.ok(!/null|undefined/.test(markersCsv(sparse)));
    assert.deepEqual(expectedResultsOf(sparse[1]!), []);
  });

  test('page count and "is there more" when total, page, size or pages are null', () => {
    const page = (total: number | null, pages: number | null, count: number) => ({ markers: sparse.slice(0, count), total, page: null, size: null, pages });
    assert.equal(markerPageCount(page(120, null, 3), 50), 3, 'from total and the size asked for');
    assert.equal(markerPageCount(page(null, 4, 3), 50), 4, 'from pages');
    assert.equal(markerPageCount(page(null, null, 3), 3, 2), 3, 'a full page: at least one more');
    assert.equal(markerPageCount(page(null, null, 2), 3, 2), 2, 'a short page is the last');
    assert.equal(hasMorePages(page(null, null, 3), 1, 3, 3), true);
    assert.equal(hasMorePages(page(null, null, 2), 1, 3, 2), false);
    assert.equal(hasMorePages(page(null, 2, 3), 2, 3, 6), false);
    assert.equal(hasMorePages(page(7, null, 3), 2, 3, 6), true);
    assert.equal(hasMorePages(page(7, null, 0), 3, 3, 6), false, 'an empty page ends it whatever total says');
  });
});
