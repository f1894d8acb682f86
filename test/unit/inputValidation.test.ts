// Input validation, table-driven (issue 6, suite 5): the pure checks behind every form and input
// box — ids, dates and ranges, page numbers and sizes, id lists, base URLs — and the client's
// argument checks. What they accept must be what the server accepts, so the last part compares
// the date check with the sandbox's own parser on thousands of generated strings: a value the
// extension lets through must never come back as a 422.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  checkBloodPressureQuery,
  checkLabTestMarkersArgs,
  checkListUsersQuery,
  checkOrderSetArgs,
  checkResolveUserArgs,
} from '../../src/api/argumentChecks';
import type { BloodPressureQuery, LabTestMarkersQuery, ListUsersQuery, OrderSetBody, PageQuery } from '../../src/api/requests';
import { normaliseBaseUrl } from '../../src/domain/environments';
import { checkDateRange, isApiDate, isDateOnly, isIntegerInRange, isUuid, rangeBoundMs } from '../../src/api/inputValidation';
import { checkLabMarkersForm, type LabMarkersForm } from '../../src/domain/labs/labMarkersForm';
import { parseIdList, parsePositiveInteger } from '../../src/domain/labs/markerTable';
import { endBeforeStartWithoutZone, parseDateInput } from '../../src/sandbox/http/dateParams';

const UUID = '5f0c3e9e-6d35-4c0e-9d4f-0c7f6b1d2a10';

function table<I, O>(name: string, check: (input: I) => O, rows: [I, O][]): void {
  test(name, () => {
    const wrong = rows
      .map(([input, expected]) => ({ input, expected, actual: check(input) }))
      .filter((row) => !Object.is(row.actual, row.expected) && JSON.stringify(row.actual) !== JSON.stringify(row.expected));
    assert.deepEqual(wrong, [], `${wrong.length} of ${rows.length} rows disagree`);
  });
}

describe('ids', () => {
  table('isUuid', isUuid, [
    [UUID, true],
    [UUID.toUpperCase(), true],
    ['00000000-0000-0000-0000-000000000000', true],
    ['', false],
    [UUID.replace(/-/g, ''), false],
    [`{${UUID}}`, false],
    [`urn:uuid:${UUID}`, false],
    [` ${UUID}`, false],
    [`${UUID} `, false],
    [`${UUID}\n`, false],
    [UUID.slice(0, -1), false],
    [`${UUID}0`, false],
    [UUID.replace('f', 'g'), false],
    [UUID.replace('5', '５'), false],
    [UUID.replace(/-/g, '_'), false],
    ['5f0c3e9e-6d35-4c0e-9d4f-0c7f6b1d2a10-0000', false],
  ]);

  table('parseIdList: commas, spaces, semicolons and newlines separate; blanks and repeats go', parseIdList, [
    ['', []],
    ['   ', []],
    [',,;;', []],
    ['a', ['a']],
    ['a, b;c\nd\te', ['a', 'b', 'c', 'd', 'e']],
    ['a,a, a', ['a']],
    [' lab-1 ,lab-2 ', ['lab-1', 'lab-2']],
  ]);
});

describe('page numbers and sizes', () => {
  table('isIntegerInRange(value, 1, 100)', (value: number) => isIntegerInRange(value, 1, 100), [
    [1, true],
    [100, true],
    [50, true],
    [0, false],
    [101, false],
    [-1, false],
    [1.5, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
    [Number.NEGATIVE_INFINITY, false],
    [Number.MAX_SAFE_INTEGER, false],
    [1e300, false],
  ]);

  table('parsePositiveInteger(text, 100): what a typed page or size becomes', (text: string) => parsePositiveInteger(text, 100), [
    ['1', 1],
    [' 7 ', 7],
    ['007', 7],
    ['100', 100],
    ['', undefined],
    ['   ', undefined],
    ['0', undefined],
    ['101', undefined],
    ['-1', undefined],
    ['+1', undefined],
    ['1.0', undefined],
    ['1.5', undefined],
    ['1e2', undefined],
    ['0x10', undefined],
    ['NaN', undefined],
    ['Infinity', undefined],
    ['٣', undefined],
    ['３', undefined],
    ['1 2', undefined],
    ['99999999999999999999', undefined],
  ]);

  test('parsePositiveInteger without a maximum stops at the largest safe integer', () => {
    assert.equal(parsePositiveInteger(String(Number.MAX_SAFE_INTEGER)), Number.MAX_SAFE_INTEGER);
    assert.equal(parsePositiveInteger('9007199254740993'), undefined);
  });
});

describe('dates and ranges', () => {
  table('isDateOnly', isDateOnly, [
    ['2026-01-31', true],
    ['2024-02-29', true],
    ['2000-02-29', true],
    ['1900-02-29', false],
    ['2025-02-29', false],
    ['2026-04-31', false],
    ['2026-00-10', false],
    ['2026-13-01', false],
    ['2026-01-00', false],
    ['2026-1-1', false],
    ['20260101', false],
    ['+002026-01-01', false],
    ['2026-01-31T00:00:00', false],
    [' 2026-01-31', false],
    ['２０２６-０１-３１', false],
  ]);

  table('isApiDate: date-times', isApiDate, [
    ['2026-01-31T10:00', true],
    ['2026-01-31T10:00:59', true],
    ['2026-01-31 10:00:00', true],
    ['2026-01-31t10:00:00z', true],
    ['2026-01-31T10:00:00.123456789Z', true],
    ['2026-01-31T10:00:00+01:00', true],
    ['2026-01-31T10:00:00-0530', true],
    ['2026-01-31T10:00:00+23:59', true],
    ['2026-01-31T10:00:00-00:00', true],
    ['2026-01-31T24:00:00', false],
    ['2026-01-31T23:60:00', false],
    ['2026-01-31T23:59:60Z', false],
    ['2026-01-31T10', false],
    ['2026-01-31T10:00:00.Z', false],
    ['2026-01-31T10:00:00.1234567890Z', false],
    ['2026-01-31T10:00:00+1', false],
    ['2026-01-31T10:00:00+01:00:00', false],
    ['2026-01-31T10:00:00+24:00', false],
    ['2026-01-31T10:00:00+99:99', false],
    ['2026-01-31T10:00:00-12:60', false],
    ['2026-02-30T10:00:00Z', false],
    ['2026-01-31T10:00:00 Z', false],
    ['now', false],
    ['', false],
  ]);

  table('checkDateRange(start, end)', ([start, end]: [string, string | undefined]) => checkDateRange(start, end), [
    [['2026-01-01', undefined], undefined],
    [['2026-01-01', ''], undefined],
    [['2026-01-01', '2026-01-01'], undefined],
    [['2026-01-01', '2026-01-02'], undefined],
    [['2026-01-01T12:00:00Z', '2026-01-01T12:00:00Z'], undefined],
    [['2026-01-01', '2026-01-01T00:00:00'], undefined],
    [['', undefined], 'startMissing'],
    [['', '2026-01-01'], 'startMissing'],
    [['yesterday', undefined], 'startInvalid'],
    [['2026-02-30', '2026-03-01'], 'startInvalid'],
    [['2026-01-01T00:00:00+99:99', undefined], 'startInvalid'],
    [['2026-01-01', 'soon'], 'endInvalid'],
    [['2026-01-01', '2026-13-01'], 'endInvalid'],
    [['2026-01-01', '2026-01-02T00:00:00+24:00'], 'endInvalid'],
    [['2026-01-02', '2026-01-01'], 'endBeforeStart'],
    [['2026-01-01T12:00:00Z', '2026-01-01T11:59:59Z'], 'endBeforeStart'],
    [['2026-01-01T12:00:00+01:00', '2026-01-01T10:59:59Z'], 'endBeforeStart'],
    [['2027-01-01', '2026-12-31T23:59:59'], 'endBeforeStart'],
  ]);

  test('every date the check accepts has a finite bound, so ranges can be ordered', () => {
    fc.assert(
      fc.property(dateLike(), (value) => {
        if (!isApiDate(value)) return;
        assert.ok(Number.isFinite(rangeBoundMs(value, 'start')), value);
        assert.ok(Number.isFinite(rangeBoundMs(value, 'end')), value);
      }),
      { numRuns: 3_000, seed: 6 },
    );
  });
});

describe('the client refuses bad arguments (and so sends nothing)', () => {
  table('checkListUsersQuery', (query: ListUsersQuery) => checkListUsersQuery(query) === undefined, [
    [{}, true],
    [{ offset: 0, limit: 1 }, true],
    [{ offset: 1_000_000, limit: 500 }, true],
    [{ offset: -1 }, false],
    [{ offset: 0.5 }, false],
    [{ offset: Number.NaN }, false],
    [{ offset: Number.POSITIVE_INFINITY }, false],
    [{ limit: 0 }, false],
    [{ limit: 501 }, false],
    [{ limit: 2.5 }, false],
    [{ limit: Number.NaN }, false],
  ]);

  table('checkResolveUserArgs', (id: string) => checkResolveUserArgs(id) === undefined, [
    ['patient-0001', true],
    ['a/b?c#d', true],
    ['', false],
    ['   ', false],
    ['\t\n', false],
  ]);

  const bp = (userId: string, query: Partial<BloodPressureQuery>) => checkBloodPressureQuery(userId, { startDate: '2026-01-01', ...query });
  table('checkBloodPressureQuery', ([userId, query]: [string, Partial<BloodPressureQuery>]) => bp(userId, query) === undefined, [
    [[UUID, {}], true],
    [[UUID, { endDate: '2026-01-31', provider: 'omron' }], true],
    [['patient-0001', {}], false],
    [['', {}], false],
    [[`${UUID}/../x`, {}], false],
    [[UUID, { startDate: '' }], false],
    [[UUID, { startDate: '2026-02-30' }], false],
    [[UUID, { endDate: '2025-12-31' }], false],
    [[UUID, { endDate: '2026-01-01T00:00:00+99:99' }], false],
  ]);

  table('checkLabTestMarkersArgs', ([id, query]: [string, LabTestMarkersQuery]) => checkLabTestMarkersArgs(id, query) === undefined, [
    [['lab-1', {}], true],
    [['lab-1', { page: 1, size: 100, labAccountId: 'acc' }], true],
    [['', {}], false],
    [[' ', {}], false],
    [['lab-1', { labAccountId: '' }], false],
    [['lab-1', { labAccountId: '  ' }], false],
    [['lab-1', { page: 0 }], false],
    [['lab-1', { page: -3 }], false],
    [['lab-1', { page: 1.5 }], false],
    [['lab-1', { page: Number.NaN }], false],
    [['lab-1', { size: 0 }], false],
    [['lab-1', { size: 101 }], false],
    [['lab-1', { size: Number.POSITIVE_INFINITY }], false],
  ]);

  table('checkOrderSetArgs', ([body, query]: [OrderSetBody, PageQuery]) => checkOrderSetArgs(body, query) === undefined, [
    [[{ labTestIds: ['a'] }, {}], true],
    [[{ addOn: { providerIds: ['p'] } }, {}], true],
    [[{ labTestIds: ['a'], addOn: { providerIds: ['p'] }, labAccountId: 'acc' }, { page: 2, size: 10 }], true],
    [[{}, {}], false],
    [[{ labTestIds: [] }, {}], false],
    [[{ labTestIds: [], addOn: { providerIds: [] } }, {}], false],
    [[{ labTestIds: ['a', ''] }, {}], false],
    [[{ addOn: { providerIds: [' '] } }, {}], false],
    [[{ addOn: { markerIds: [1101] } }, {}], true],
    [[{ addOn: { markerIds: [] } }, {}], false],
    [[{ addOn: { markerIds: [1.5] } }, {}], false],
    [[{ addOn: { markerIds: [-1] } }, {}], false],
    [[{ labTestIds: ['a'], labAccountId: '' }, {}], false],
    [[{ labTestIds: ['a'] }, { page: 0 }], false],
    [[{ labTestIds: ['a'] }, { size: 101 }], false],
  ]);
});

describe('the lab markers form', () => {
  const labTest = (labTestId: string, page = 1, size = 50): LabMarkersForm => ({ source: { kind: 'labTest', labTestId, labAccountId: '' }, page, size });
  const orderSet = (labTestIds: string[], providerIds: string[] = []): LabMarkersForm => ({
    source: { kind: 'orderSet', labTestIds, providerIds, labAccountId: '' },
    page: 1,
    size: 50,
  });
  table('checkLabMarkersForm', checkLabMarkersForm, [
    [labTest('lab-1'), undefined],
    [labTest('lab-1', 3, 100), undefined],
    [orderSet(['a']), undefined],
    [orderSet([], ['p']), undefined],
    [labTest(''), 'labTestIdMissing'],
    [labTest('   '), 'labTestIdMissing'],
    [orderSet([]), 'orderSetEmpty'],
    [labTest('lab-1', 0), 'pageInvalid'],
    [labTest('lab-1', -1), 'pageInvalid'],
    [labTest('lab-1', 1.5), 'pageInvalid'],
    [labTest('lab-1', Number.NaN), 'pageInvalid'],
    [labTest('lab-1', 1, 0), 'sizeInvalid'],
    [labTest('lab-1', 1, 101), 'sizeInvalid'],
    [labTest('lab-1', 1, 2.5), 'sizeInvalid'],
  ]);
});

describe('base URLs typed for Custom', () => {
  table('normaliseBaseUrl: hostile inputs', (input: string) => {
    const check = normaliseBaseUrl(input);
    return check.ok ? check.url : check.problem;
  }, [
    ['javascript:alert(1)', 'unsupportedScheme'],
    ['data:text/html,<b>x</b>', 'unsupportedScheme'],
    ['file:///etc/passwd', 'unsupportedScheme'],
    ['ws://127.0.0.1:1', 'unsupportedScheme'],
    ['http://127.0.0.1.nip.io', 'plainHttpToRemoteHost'],
    ['http://localhost.example.com', 'plainHttpToRemoteHost'],
    ['http://[::ffff:7f00:1]', 'plainHttpToRemoteHost'],
    ['https://user@api.example.com', 'hasCredentials'],
    ['https://api.example.com/?key=1', 'hasQueryOrFragment'],
    ['https://api.example.com/#top', 'hasQueryOrFragment'],
    ['https://', 'invalid'],
    ['https://api.example.com/v1//', 'https://api.example.com/v1'],
    ['  https://API.Example.com  ', 'https://api.example.com'],
  ]);
});

/** Strings shaped like dates and date-times, valid or one edit away from it. */
function dateLike(): fc.Arbitrary<string> {
  const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
  const pick = <T>(...values: T[]) => fc.constantFrom(...values);
  // Mostly in range, sometimes any two digits: near the edges is where the two parsers could differ.
  const twoDigits = (max: number) => fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0')) }, { weight: 1, arbitrary: digits(2) });
  const date = fc.tuple(pick('2026', '2024', '1900', '0001', '9999', '0050'), twoDigits(12), twoDigits(31)).map(([y, m, d]) => `${y}-${m}-${d}`);
  const time = fc
    .tuple(twoDigits(23), twoDigits(59), fc.option(twoDigits(59), { nil: undefined }), fc.option(fc.nat(12).chain((n) => digits(n)), { nil: undefined }))
    .map(([h, mi, s, f]) => `${h}:${mi}${s === undefined ? '' : `:${s}${f === undefined ? '' : `.${f}`}`}`);
  const offset = fc.oneof(pick('', 'Z', 'z'), fc.tuple(pick('+', '-'), twoDigits(23), pick(':', ''), twoDigits(59)).map((parts) => parts.join('')));
  return fc.oneof(
    date,
    fc.tuple(date, pick('T', 't', ' '), time, offset).map((parts) => parts.join('')),
  );
}

describe('the extension accepts only dates the server accepts', () => {
  test('every date the check lets through, the sandbox parses (3000 generated strings)', (t) => {
    let accepted = 0;
    fc.assert(
      fc.property(dateLike(), (value) => {
        if (!isApiDate(value)) return;
        accepted++;
        assert.notEqual(parseDateInput(value), undefined, `${value} passes the extension's check but the server answers 422`);
      }),
      { numRuns: 3_000, seed: 6 },
    );
    t.diagnostic(`accepted by the extension: ${accepted} of 3000`);
    assert.ok(accepted > 300, 'enough valid dates were generated to mean something');
  });

  test('a range the check lets through is never "end before start" for the server', () => {
    fc.assert(
      fc.property(dateLike(), dateLike(), (start, end) => {
        if (checkDateRange(start, end) !== undefined) return;
        const [s, e] = [parseDateInput(start), parseDateInput(end)];
        assert.ok(s && e);
        assert.notEqual(endBeforeStartWithoutZone(s, e), true, `${start} .. ${end}`);
      }),
      { numRuns: 3_000, seed: 7 },
    );
  });
});
