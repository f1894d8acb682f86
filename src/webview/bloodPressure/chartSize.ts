// The chart's size in CSS pixels and the decimation's columns for it.

export const CHART_HEIGHT = 320;
/** Columns are pixels rounded up to this step, so a resize of a few pixels reuses the columns. */
const COLUMN_STEP = 128;

/** The chart's width from the canvas host's last known width (at least 320, 640 before any layout). */
export function chartWidth(knownWidth: number): number {
  return Math.max(320, Math.floor(knownWidth) || 640);
}

/** The decimation's columns for a chart `width` CSS pixels wide on this screen. */
export function pixelColumnsFor(width: number): number {
  const pixels = width * (window.devicePixelRatio || 1);
  return Math.ceil(pixels / COLUMN_STEP) * COLUMN_STEP;
}
