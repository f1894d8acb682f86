import type { StoredSource } from '../../domain/bloodPressure/bloodPressureStoredSource';
import type { ChartColumns } from '../../domain/bloodPressure/bloodPressureStore';
import type { ChartWindow } from '../../domain/bloodPressure/chartDecimation';

/** Where the chart's data comes from (the view's store). */
export interface ChartSource {
  /** Everything there is to show: the queried days and any reading outside them. */
  wholeWindow(): ChartWindow;
  /** The readings in `window`, decimated to `pixelColumns` columns (per-column arrays per series key). */
  columns(window: ChartWindow, pixelColumns: number): ChartColumns;
  /** The reading drawn at `epochMs` in series `key`, for the tooltip. */
  readingAt(epochMs: number, key: string): { source: StoredSource; index: number } | undefined;
}
