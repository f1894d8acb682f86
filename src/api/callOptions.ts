// What a caller may say about one call: cancellation, and the contract lens's report and page tracker.
import type { Deviation } from './contract/deviations';
import type { PageTracker } from './contract/pageChecks';

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * With the contract lens on: called once the response is read, with how it differs from the
   * spec (an empty list when it does not), before the call resolves.
   */
  onDeviations?: (deviations: Deviation[]) => void;
  /** Shared by the pages of one load, for the lens's checks across pages (total, repeated cursors). */
  pageTracker?: PageTracker;
  /**
   * Called with a 2xx body as soon as it is parsed, before the reader's checks and the contract lens
   * (which may still refuse it): a pager learns the next cursor here and sends the next request, so
   * that request travels while they run. The body is unchecked; the hook must only read it.
   */
  onParsed?: (body: unknown) => void;
}
