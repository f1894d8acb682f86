import { describeFailure, type FailureKind } from '../../domain/errorNextStep';

const NO_AUTOMATIC_RETRY = new Set<FailureKind>(['missingApiKey', 'unauthorized', 'forbidden', 'baseUrlSetting', 'cancelled']);

/** After a failed first page, the tree tries again by itself after these delays (then every last one). */
const RECOVERY_DELAYS_MS = [2_000, 5_000, 10_000, 30_000];

/**
 * A failed list tries again by itself, with growing pauses, so the tree recovers as soon as the API
 * answers again; a key or setting problem waits for the person instead.
 */
export class ListingRecovery {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private attempt = 0;

  schedule(error: unknown, retry: () => void): void {
    if (NO_AUTOMATIC_RETRY.has(describeFailure(error).kind)) return;
    clearTimeout(this.timer);
    const delay = RECOVERY_DELAYS_MS[Math.min(this.attempt, RECOVERY_DELAYS_MS.length - 1)]!;
    this.attempt++;
    this.timer = setTimeout(retry, delay);
  }

  succeeded(): void {
    this.attempt = 0;
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.attempt = 0;
  }
}
