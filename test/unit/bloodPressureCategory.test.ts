import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bloodPressureCategory, SYSTOLIC_BANDS } from '../../src/domain/bloodPressure/bloodPressureCategory';

describe('bloodPressureCategory (AHA 2017)', () => {
  const cases: [number, number, string][] = [
    [119, 79, 'normal'],
    [90, 60, 'normal'],
    [120, 79, 'elevated'],
    [129, 79, 'elevated'],
    [130, 70, 'stage1'],
    [139, 79, 'stage1'],
    [118, 80, 'stage1'],
    [125, 89, 'stage1'],
    [140, 70, 'stage2'],
    [115, 90, 'stage2'],
    [180, 120, 'stage2'],
    [181, 80, 'crisis'],
    [150, 121, 'crisis'],
    [200, 130, 'crisis'],
  ];
  for (const [systolic, diastolic, expected] of cases) {
    test(`${systolic}/${diastolic} is ${expected}`, () => {
      assert.equal(bloodPressureCategory(systolic, diastolic), expected);
    });
  }

  test('the higher of the two values decides: elevated systolic with stage 2 diastolic is stage 2', () => {
    assert.equal(bloodPressureCategory(125, 95), 'stage2');
  });

  test('the systolic bands tile the axis without gaps, in category order', () => {
    for (let i = 1; i < SYSTOLIC_BANDS.length; i++) {
      assert.equal(SYSTOLIC_BANDS[i]?.from, SYSTOLIC_BANDS[i - 1]?.to);
    }
    assert.deepEqual(
      SYSTOLIC_BANDS.map((b) => b.category),
      ['normal', 'elevated', 'stage1', 'stage2', 'crisis'],
    );
  });

  test('every band holds readings of its own category (diastolic low)', () => {
    for (const band of SYSTOLIC_BANDS) {
      const inside = band.category === 'crisis' ? band.from + 1 : band.from;
      assert.equal(bloodPressureCategory(inside, 60), band.category);
    }
  });
});
