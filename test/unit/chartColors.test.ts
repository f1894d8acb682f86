// Every pair of band and series colours of the blood-pressure chart, in every theme kind, held to
// the rules written at the top of src/domain/bloodPressure/chartColors.ts; and the colour arithmetic those rules
// use, checked against published values.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BLOOD_PRESSURE_CATEGORIES, type BloodPressureCategory } from '../../src/domain/bloodPressure/bloodPressureCategory';
import { CHART_PALETTES, themeKindOf, type ThemeKind } from '../../src/domain/bloodPressure/chartColors';
import {
  blend,
  contrastRatio,
  deltaE2000,
  deltaE2000Lab,
  parseHex,
  simulateColorVision,
  type ColorVision,
  type Rgb,
} from '../../src/domain/bloodPressure/colorDifference';

const VISIONS: ColorVision[] = ['protanopia', 'deuteranopia'];
const THEMES = Object.keys(CHART_PALETTES) as ThemeKind[];

function pairs<T>(items: readonly T[]): [T, T][] {
  return items.flatMap((a, i) => items.slice(i + 1).map((b): [T, T] => [a, b]));
}

function fills(theme: ThemeKind): Record<BloodPressureCategory, Rgb> {
  const palette = CHART_PALETTES[theme];
  const background = parseHex(palette.background);
  return Object.fromEntries(
    BLOOD_PRESSURE_CATEGORIES.map((category) => [category, blend(parseHex(palette.bands[category]), background, palette.bandAlpha)]),
  ) as Record<BloodPressureCategory, Rgb>;
}

describe('chart palette', () => {
  for (const theme of THEMES) {
    const palette = CHART_PALETTES[theme];
    const background = parseHex(palette.background);
    const bandFills = fills(theme);

    test(`${theme}: any two band fills differ by ΔE00 ≥ 10; neighbours by ≥ 5 also with protanopia and deuteranopia`, () => {
      for (const [a, b] of pairs(BLOOD_PRESSURE_CATEGORIES)) {
        const difference = deltaE2000(bandFills[a], bandFills[b]);
        assert.ok(difference >= 10, `${a}/${b}: ΔE00 ${difference.toFixed(1)}`);
      }
      for (let i = 1; i < BLOOD_PRESSURE_CATEGORIES.length; i++) {
        const a = BLOOD_PRESSURE_CATEGORIES[i - 1]!;
        const b = BLOOD_PRESSURE_CATEGORIES[i]!;
        for (const vision of VISIONS) {
          const difference = deltaE2000(simulateColorVision(bandFills[a], vision), simulateColorVision(bandFills[b], vision));
          assert.ok(difference >= 5, `${a}/${b} with ${vision}: ΔE00 ${difference.toFixed(1)}`);
        }
      }
    });

    test(`${theme}: text reads at 4.5:1 on every fill, diastolic threshold lines stand out at 3:1`, () => {
      const text = parseHex(palette.text);
      for (const category of BLOOD_PRESSURE_CATEGORIES) {
        const ratio = contrastRatio(text, bandFills[category]);
        assert.ok(ratio >= 4.5, `text on ${category}: ${ratio.toFixed(2)}:1`);
      }
      for (const category of ['stage1', 'stage2', 'crisis'] as const) {
        const ratio = contrastRatio(parseHex(palette.bands[category]), background);
        assert.ok(ratio >= 3, `${category} threshold line: ${ratio.toFixed(2)}:1`);
      }
    });

    test(`${theme}: every series line stands out from the background, every band, and every other series`, () => {
      const minimum = theme.startsWith('highContrast') ? 4.5 : 3;
      assert.ok(palette.series.length >= 6, 'six providers get six colours');
      for (const hex of palette.series) {
        const line = parseHex(hex);
        const onBackground = contrastRatio(line, background);
        assert.ok(onBackground >= minimum, `${hex} on the background: ${onBackground.toFixed(2)}:1`);
        for (const category of BLOOD_PRESSURE_CATEGORIES) {
          const onBand = contrastRatio(line, bandFills[category]);
          assert.ok(onBand >= 3, `${hex} on the ${category} band: ${onBand.toFixed(2)}:1`);
          const fromBand = deltaE2000(line, parseHex(palette.bands[category]));
          assert.ok(fromBand >= 20, `${hex} vs the ${category} band colour: ΔE00 ${fromBand.toFixed(1)}`);
        }
      }
      for (const [a, b] of pairs(palette.series)) {
        const difference = deltaE2000(parseHex(a), parseHex(b));
        assert.ok(difference >= 20, `${a}/${b}: ΔE00 ${difference.toFixed(1)}`);
        for (const vision of VISIONS) {
          const seen = deltaE2000(simulateColorVision(parseHex(a), vision), simulateColorVision(parseHex(b), vision));
          assert.ok(seen >= 8, `${a}/${b} with ${vision}: ΔE00 ${seen.toFixed(1)}`);
        }
      }
    });
  }

  test('the theme kind follows the classes VS Code puts on a webview\'s body', () => {
    assert.equal(themeKindOf(['vscode-light']), 'light');
    assert.equal(themeKindOf(['vscode-dark']), 'dark');
    assert.equal(themeKindOf(['vscode-high-contrast']), 'highContrast');
    assert.equal(themeKindOf(['vscode-high-contrast', 'vscode-high-contrast-light']), 'highContrastLight');
    assert.equal(themeKindOf([]), 'dark');
  });
});

describe('colour arithmetic', () => {
  test('CIEDE2000 matches Sharma, Wu and Dalal\'s test data', () => {
    const cases: [number, number, number, number, number, number, number][] = [
      [50, 2.6772, -79.7751, 50, 0, -82.7485, 2.0425],
      [50, 0, 0, 50, -1, 2, 2.3669],
      [50, 2.5, 0, 73, 25, -18, 27.1492],
      [60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644],
      [22.7233, 20.0904, -46.694, 23.0331, 14.973, -42.5619, 2.0373],
      [90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381],
      [90.8027, -2.0831, 1.441, 91.1528, -1.6435, 0.0447, 1.4441],
      [50, -0.001, 2.49, 50, 0.0009, -2.49, 4.8045],
    ];
    for (const [l1, a1, b1, l2, a2, b2, expected] of cases) {
      assert.ok(Math.abs(deltaE2000Lab({ l: l1, a: a1, b: b1 }, { l: l2, a: a2, b: b2 }) - expected) < 1e-4, `${l1},${a1},${b1} vs ${l2},${a2},${b2}`);
    }
  });

  test('WCAG contrast ratios: black on white is 21:1, #767676 on white just passes 4.5:1', () => {
    assert.equal(contrastRatio(parseHex('#000'), parseHex('#fff')), 21);
    const grey = contrastRatio(parseHex('#767676'), parseHex('#ffffff'));
    assert.ok(grey > 4.5 && grey < 4.6, grey.toFixed(3));
  });

  test('a colour-vision simulation keeps greys and merges red with green', () => {
    const grey = simulateColorVision(parseHex('#808080'), 'deuteranopia');
    assert.ok(Math.abs(grey.r - 128) < 1.5 && Math.abs(grey.g - 128) < 1.5 && Math.abs(grey.b - 128) < 1.5);
    const red = parseHex('#d11a1a');
    const green = parseHex('#2e9e44');
    assert.ok(deltaE2000(simulateColorVision(red, 'deuteranopia'), simulateColorVision(green, 'deuteranopia')) < deltaE2000(red, green) / 2);
  });
});
