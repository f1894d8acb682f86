// The category legend under the chart, and the theme's palette whose band colours its swatches show.
import { BLOOD_PRESSURE_CATEGORIES } from '../../domain/bloodPressure/bloodPressureCategory';
import { CHART_PALETTES, themeKindOf, type ChartPalette } from '../../domain/bloodPressure/chartColors';
import type { BloodPressureStrings } from '../../shared/bloodPressureProtocol';
import { el } from '../common/dom';
import { categoryLabel } from './categoryColors';

export function bandLegend(strings: BloodPressureStrings): HTMLElement {
  const legend = el('div', { className: 'band-legend', attrs: { role: 'list', 'aria-label': strings.categoryLegend } });
  for (const category of BLOOD_PRESSURE_CATEGORIES) {
    legend.append(
      el(
        'span',
        { className: 'band-item', attrs: { role: 'listitem' } },
        el('span', { className: `swatch swatch-${category}`, attrs: { 'aria-hidden': 'true' } }),
        categoryLabel(strings, category),
      ),
    );
  }
  legend.append(el('span', { className: 'muted band-note', text: strings.diastolicThresholdNote }));
  return legend;
}

export function currentPalette(): ChartPalette {
  const palette = CHART_PALETTES[themeKindOf([...document.body.classList])];
  // The legend swatches are the band colours, as the chart blends them.
  const root = document.documentElement.style;
  for (const category of BLOOD_PRESSURE_CATEGORIES) root.setProperty(`--bp-band-${category}`, palette.bands[category]);
  root.setProperty('--bp-band-alpha', String(palette.bandAlpha));
  return palette;
}
