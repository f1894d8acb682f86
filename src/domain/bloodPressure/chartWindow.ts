// The part of the time axis the chart shows: the whole range, or a zoom the user made with the
// mouse or the keys (+/- around the centre, arrows to move). A zoom stays inside the whole range.
import type { ChartWindow } from './chartDecimation';

/** The narrowest zoom: a minute. */
export const MIN_SPAN_MS = 60_000;

/** The range and the readings' extent together (a reading outside the queried days still shows). */
export function coveringWindow(range: ChartWindow, extent: ChartWindow | undefined): ChartWindow {
  if (!extent) return range;
  return { startMs: Math.min(range.startMs, extent.startMs), endMs: Math.max(range.endMs, extent.endMs) };
}

/** `view` moved and cut to lie inside `whole`, and no narrower than a minute (or `whole`). */
export function clampWindow(view: ChartWindow, whole: ChartWindow): ChartWindow {
  const wholeSpan = whole.endMs - whole.startMs;
  const span = Math.min(wholeSpan, Math.max(MIN_SPAN_MS, view.endMs - view.startMs));
  const startMs = Math.min(Math.max(view.startMs, whole.startMs), whole.endMs - span);
  return { startMs, endMs: startMs + span };
}

/** Zooms by `factor` around the centre (0.5: twice as close, 2: twice as far). */
export function zoomWindow(view: ChartWindow, whole: ChartWindow, factor: number): ChartWindow {
  const centre = (view.startMs + view.endMs) / 2;
  const half = ((view.endMs - view.startMs) * factor) / 2;
  return clampWindow({ startMs: Math.round(centre - half), endMs: Math.round(centre + half) }, whole);
}

/** Moves by `fraction` of the view's width (negative: back in time). */
export function panWindow(view: ChartWindow, whole: ChartWindow, fraction: number): ChartWindow {
  const shift = Math.round((view.endMs - view.startMs) * fraction);
  return clampWindow({ startMs: view.startMs + shift, endMs: view.endMs + shift }, whole);
}

export function sameWindow(a: ChartWindow, b: ChartWindow): boolean {
  return a.startMs === b.startMs && a.endMs === b.endMs;
}
