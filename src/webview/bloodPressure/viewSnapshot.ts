// What the blood-pressure page shows, as the host's render snapshot (integration tests read it).
import type { BloodPressureForm } from '../../domain/bloodPressure/bloodPressureQuery';
import type { ReadingStore } from '../../domain/bloodPressure/bloodPressureStore';
import type { BloodPressureRenderSnapshot } from '../../shared/bloodPressureProtocol';
import type { PanelErrorView } from '../../shared/panelError';
import { errorSnapshot } from '../common/errorView';
import type { BloodPressureChart } from './chart';
import type { CoverageStrip } from './coverageStrip';
import type { EmptyState } from './emptyState';
import type { Sections } from './pageSections';
import type { QueryBar } from './queryBar';
import type { ReadingsTable } from './readingsTable';

export interface ViewParts {
  phase: BloodPressureRenderSnapshot['phase'];
  form: BloodPressureForm;
  store: ReadingStore;
  pages: number;
  cancelled: boolean;
  /** Data on screen (the first page painted). */
  showingData: boolean;
  error: PanelErrorView | undefined;
  chart: BloodPressureChart;
  table: ReadingsTable;
  queryBar: QueryBar;
  coverage: CoverageStrip;
  empty: EmptyState;
  summary: HTMLElement;
  sections: Sections;
}

export function viewSnapshot(view: ViewParts): BloodPressureRenderSnapshot {
  const { chart, showingData } = view;
  const stats = chart.stats;
  const nearest = view.empty.nearest;
  return {
    phase: view.phase,
    form: view.form,
    readings: view.store.readingCount,
    pages: view.pages,
    cancelled: view.cancelled,
    tableRows: showingData ? view.table.readingRows : 0,
    groups: showingData ? view.store.sources().length : 0,
    chartSeries: showingData ? chart.seriesCount : 0,
    chartPoints: showingData && chart.canvasPresent ? stats.points : 0,
    chartRows: showingData ? stats.rows : 0,
    chartZoomed: chart.isZoomed,
    ...(showingData ? { chartColors: chart.seriesColors, chartAxes: chart.seriesAxes, chartGaps: stats.gaps } : {}),
    ...(view.queryBar.activePreset ? { preset: view.queryBar.activePreset } : {}),
    coverageProviders: view.sections.coverage.hidden ? 0 : view.coverage.providerCount,
    summaryProviders: view.sections.summary.hidden ? 0 : view.summary.querySelectorAll('tbody tr').length,
    ...(nearest ? { nearest } : {}),
    ...(chart.marksNotLoaded || view.coverage.marksNotLoaded ? { notLoaded: { chart: chart.marksNotLoaded, coverage: view.coverage.marksNotLoaded } } : {}),
    ...errorSnapshot(view.error),
  };
}
