// How a long Users list is cut into ranges, and what a Load more makes VS Code re-read.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { changeOfAppend, isGrouped, rangeIndexOf, rangesOf, usersPerRange } from '../../src/domain/users/userRanges';

describe('Users tree ranges', () => {
  test('a range holds whole pages, about 1,000 users whatever the page size', () => {
    assert.equal(usersPerRange(100), 1_000);
    assert.equal(usersPerRange(500), 1_000);
    assert.equal(usersPerRange(300), 900);
    assert.equal(usersPerRange(400), 1_200);
    assert.equal(usersPerRange(7), 1_001);
    assert.equal(usersPerRange(1), 1_000);
    for (const pageSize of [1, 3, 7, 64, 100, 250, 333, 499, 500]) {
      assert.equal(usersPerRange(pageSize) % pageSize, 0, `page ${pageSize}: whole pages`);
    }
  });

  test('a list that fits in one range stays flat; one more user makes ranges', () => {
    assert.equal(isGrouped(0, 1_000), false);
    assert.equal(isGrouped(1_000, 1_000), false);
    assert.equal(isGrouped(1_001, 1_000), true);
  });

  test('ranges cover every loaded user once, in order, the last one partial', () => {
    assert.deepEqual(rangesOf(0, 1_000), []);
    assert.deepEqual(rangesOf(2_500, 1_000), [
      { index: 0, start: 0, end: 1_000 },
      { index: 1, start: 1_000, end: 2_000 },
      { index: 2, start: 2_000, end: 2_500 },
    ]);
    const ranges = rangesOf(100_000, 1_000);
    assert.equal(ranges.length, 100);
    assert.deepEqual(ranges.at(-1), { index: 99, start: 99_000, end: 100_000 });
    for (const position of [0, 999, 1_000, 54_321, 99_999]) {
      const range = ranges[rangeIndexOf(position, 1_000)]!;
      assert.ok(range.start <= position && position < range.end, `${position} in its range`);
    }
  });

  test('Load more re-reads only the last range while the page stays in it', () => {
    // Flat list: the root itself changes, until the first range is passed.
    assert.equal(changeOfAppend(100, 200, 1_000), 'ranges');
    assert.equal(changeOfAppend(900, 1_000, 1_000), 'ranges');
    assert.equal(changeOfAppend(1_000, 1_100, 1_000), 'ranges', 'the flat list becomes two ranges');
    // Grouped: within the last range only that range; into a new range the list of ranges.
    assert.equal(changeOfAppend(1_100, 1_200, 1_000), 'lastRange');
    assert.equal(changeOfAppend(99_800, 99_900, 1_000), 'lastRange');
    assert.equal(changeOfAppend(99_900, 100_000, 1_000), 'lastRange');
    assert.equal(changeOfAppend(100_000, 100_100, 1_000), 'ranges');
    assert.equal(changeOfAppend(99_950, 100_050, 1_000), 'ranges', 'a page across a boundary starts a range');
    // A page that added nobody changes no rows.
    assert.equal(changeOfAppend(5_000, 5_000, 1_000), 'lastRange');
  });
});
