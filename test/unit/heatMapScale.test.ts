// The heat map's colour steps in the built-in themes: empty reads as empty (closest to the
// background), and each step more stands out more — in High Contrast too, where "no reading" used to
// be the brightest colour (the widget border) and "1 reading" the darkest (35 % blue over black).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { contrastRatio, heatScale, luminance, parseColor, type Rgb } from '../../src/domain/coverage/heatMapScale';

const hex = (text: string): Rgb => parseColor(text) ?? assert.fail(text);

/** editor.background, charts.blue and foreground of VS Code's built-in themes. */
const THEMES: Record<string, { background: string; ink: string; foreground: string }> = {
  'Light Modern': { background: '#ffffff', ink: '#1a85ff', foreground: '#3b3b3b' },
  'Dark Modern': { background: '#1f1f1f', ink: '#3794ff', foreground: '#cccccc' },
  'Light+': { background: '#ffffff', ink: '#1a85ff', foreground: '#616161' },
  'Dark+': { background: '#1e1e1e', ink: '#3794ff', foreground: '#cccccc' },
  'High Contrast (dark)': { background: '#000000', ink: '#3794ff', foreground: '#ffffff' },
  'High Contrast Light': { background: '#ffffff', ink: '#0f4a85', foreground: '#292929' },
};

describe('heat map colour scale', () => {
  for (const [theme, colors] of Object.entries(THEMES)) {
    test(`${theme}: empty reads as empty, more readings stand out more`, () => {
      const background = hex(colors.background);
      const steps = heatScale(background, hex(colors.ink), hex(colors.foreground));
      const against = steps.map((step) => contrastRatio(step, background));
      assert.ok(against[0]! < 1.25, `no reading is nearly the background: ${against[0]!.toFixed(2)}`);
      for (let level = 1; level < steps.length; level++) {
        assert.ok(against[level]! > against[level - 1]!, `${theme}: step ${level} stands out more than step ${level - 1}: ${against.map((c) => c.toFixed(2)).join(' < ')}`);
        assert.ok(contrastRatio(steps[level]!, steps[level - 1]!) >= 1.3, `${theme}: steps ${level - 1} and ${level} can be told apart`);
      }
      assert.ok(against[3]! >= 3, `${theme}: the fullest step has 3:1 against the background (${against[3]!.toFixed(2)})`);
      // On a dark background more is brighter; on a light one, darker.
      const darkTheme = luminance(background) < 0.5;
      const lum = steps.map(luminance);
      for (let level = 1; level < lum.length; level++) assert.equal(lum[level]! > lum[level - 1]!, darkTheme, `${theme}: luminance runs ${darkTheme ? 'up' : 'down'}`);
    });
  }

  test('the old High Contrast scale fails the same rule (what the test guards against)', () => {
    const background = hex('#000000');
    const widgetBorder = hex('#6fc3df');
    const oneReading = parseColor('rgba(55, 148, 255, 0.35)', background) ?? assert.fail();
    assert.ok(contrastRatio(widgetBorder, background) > contrastRatio(oneReading, background));
  });

  test('an ink too close to the background gives way to the foreground', () => {
    const background = hex('#1e1e1e');
    const steps = heatScale(background, hex('#202a33'), hex('#cccccc'));
    assert.deepEqual(steps[3], hex('#cccccc'));
  });

  test('colours as the browser writes them', () => {
    assert.deepEqual(parseColor('#1A85FF'), { r: 26, g: 133, b: 255 });
    assert.deepEqual(parseColor('#fff'), { r: 255, g: 255, b: 255 });
    assert.deepEqual(parseColor('rgb(31, 31, 31)'), { r: 31, g: 31, b: 31 });
    assert.deepEqual(parseColor('rgba(255, 255, 255, 0.5)', { r: 0, g: 0, b: 0 }), { r: 128, g: 128, b: 128 });
    assert.deepEqual(parseColor('#ffffff80', { r: 0, g: 0, b: 0 }), { r: 128, g: 128, b: 128 });
    assert.equal(parseColor('var(--x)'), undefined);
    assert.equal(parseColor('color-mix(in srgb, red, blue)'), undefined);
  });
});
