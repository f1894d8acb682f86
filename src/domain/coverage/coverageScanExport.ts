// Export CSV of a scan while the table is filtered: the rows the table shows, in its order, are not
// all the rows the scan holds. Pure: which rows each choice writes; the panel asks which one.
import { viewOrder, type ScanFilter, type ScannedRow, type ScanSortKey } from './coverageScanTable';
import type { ScanRow } from './coverageScan';

export interface ScanTableView {
  filter: ScanFilter;
  sort: ScanSortKey;
  descending: boolean;
  stoppedDays: number;
}

/**
 * The rows the table shows under `view`, in its order, when a filter shows fewer than the scan
 * holds; undefined when no filter narrows the table (All lists the failed users below it, so all
 * of them are what the person sees), and then there is nothing to choose.
 */
export function shownRowsToExport(rows: readonly ScanRow[], view: ScanTableView | undefined): ScanRow[] | undefined {
  if (!view || view.filter === 'all') return undefined;
  const scanned = rows.filter((row): row is ScannedRow => row.status === 'scanned');
  const order = viewOrder(scanned, view.filter, view.sort, view.descending, view.stoppedDays);
  if (order.length >= rows.length) return undefined;
  return order.map((index) => scanned[index]).filter((row): row is ScannedRow => row !== undefined);
}
