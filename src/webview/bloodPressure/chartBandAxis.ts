// The category bands' names on the right of the plot.
import type uPlot from 'uplot';
import { SYSTOLIC_BANDS, type BloodPressureCategory } from '../../domain/bloodPressure/bloodPressureCategory';
import { spacedLabels } from '../../domain/bloodPressure/chartAxisRange';

/** Band names closer than this (CSS pixels, a line of 11px text) would overlap. */
const LABEL_GAP_PX = 14;

/**
 * Each band's name at its band's middle: every band says what it is (colour is never the only
 * cue), and no name covers a reading.
 */
export function bandAxis(foreground: string, font: string, labels: Record<BloodPressureCategory, string>): uPlot.Axis {
  // Each visible band's middle; a name closer than a line of text to one already placed (a band
  // squeezed by a tall axis) is left out rather than drawn over it. Higher bands go first: the
  // names that warn stay.
  const middles = (u: uPlot): number[] => {
    const min = u.scales.y?.min ?? 0;
    const max = u.scales.y?.max ?? 0;
    const visible = SYSTOLIC_BANDS.filter((band) => Math.min(band.to, max) - Math.max(band.from, min) > 0)
      .map((band) => (Math.max(band.from, min) + Math.min(band.to, max)) / 2)
      .reverse();
    const keep = spacedLabels(visible.map((value) => u.valToPos(value, 'y')), LABEL_GAP_PX);
    return visible.filter((_, i) => keep[i]).reverse();
  };
  return {
    scale: 'y',
    side: 1,
    stroke: foreground,
    font,
    size: 72,
    gap: 6,
    grid: { show: false },
    ticks: { show: false },
    splits: (u) => middles(u),
    values: (_u, splits) => splits.map((value) => labels[SYSTOLIC_BANDS.find((band) => value >= band.from && value < band.to)?.category ?? 'normal']),
  };
}
