// How far a paged load may run ahead of whoever takes its pages in (the blood-pressure webview):
// a page request may start only while fewer than `ahead` pages are requested and not yet taken.
// The taker reports how many pages it has taken (a running total, so a repeated or late report
// changes nothing); a fetch loop awaits room() before each request. While the taker cannot answer
// (a hidden webview is gone until shown again) the window is opened, and closed again after.

/** Pages a blood-pressure load may request beyond what its webview has taken in. */
export const PAGES_AHEAD = 4;

export class PageWindow {
  private requested = 0;
  private taken = 0;
  private limited = true;
  private waiters: (() => void)[] = [];

  constructor(readonly ahead: number = PAGES_AHEAD) {
    if (!Number.isInteger(ahead) || ahead < 1) throw new RangeError(`ahead must be a whole number of at least 1, not ${ahead}`);
  }

  /** Page requests started so far. */
  get requestedPages(): number {
    return this.requested;
  }

  /** Pages the taker has reported taken in. */
  get takenPages(): number {
    return this.taken;
  }

  /** Whether another page may be requested now. */
  hasRoom(): boolean {
    return !this.limited || this.requested - this.taken < this.ahead;
  }

  /** A page request starts (counted whether or not there was room: the caller asked room() first). */
  requestStarted(): void {
    this.requested++;
  }

  /** The taker has taken `pages` pages in all (not: `pages` more). */
  take(pages: number): void {
    if (!(pages > this.taken)) return;
    this.taken = pages;
    this.wake();
  }

  /** With `limited` false every request has room (nobody can take pages in to say so). */
  limit(limited: boolean): void {
    this.limited = limited;
    this.wake();
  }

  /** Resolves when another page may be requested; rejects with the signal's reason once it aborts. */
  room(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    if (this.hasRoom()) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const onAbort = (): void => {
        this.waiters = this.waiters.filter((waiter) => waiter !== check);
        reject(abortReason(signal!));
      };
      const check = (): void => {
        if (!this.hasRoom()) return;
        this.waiters = this.waiters.filter((waiter) => waiter !== check);
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      this.waiters.push(check);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new Error('aborted');
}
