// Each HTTP attempt's time limit and Cancel, without an AbortController, an AbortSignal.any and a
// timer per attempt. Profiles of the coverage scan put those at ~16 µs of CPU per request (Node's
// EventTarget listeners and signal objects), a tenth of what the client adds over a bare request.
// Here one timer per transport serves every attempt in flight, and one listener per caller signal
// serves every attempt made under it; each attempt still ends at its own deadline.

/**
 * What undici's `request()` takes as `signal` for one attempt: undici documents an EventEmitter as
 * an alternative to an AbortSignal, and only calls `once('abort')` and `removeListener` on it.
 */
export class AttemptAbort {
  aborted = false;
  reason: Error | undefined;
  /** Why it ended early: the attempt's own deadline, or the caller's Cancel. */
  endedBy: 'deadline' | 'cancel' | undefined;
  #listener: (() => void) | undefined;

  constructor(readonly deadline: number) {}

  once(event: string, listener: () => void): this {
    if (event === 'abort') this.#listener = listener;
    return this;
  }

  on(event: string, listener: () => void): this {
    return this.once(event, listener);
  }

  removeListener(event: string, listener: () => void): this {
    if (event === 'abort' && this.#listener === listener) this.#listener = undefined;
    return this;
  }

  abort(endedBy: 'deadline' | 'cancel'): void {
    if (this.aborted) return;
    this.aborted = true;
    this.endedBy = endedBy;
    this.reason = new Error(endedBy === 'deadline' ? 'The attempt reached its time limit' : 'The attempt was cancelled');
    const listener = this.#listener;
    this.#listener = undefined;
    listener?.();
  }
}

/** Attempts in flight under each caller signal, behind the one listener that signal is given. */
const underSignal = new WeakMap<AbortSignal, Set<AttemptAbort>>();

function attemptsUnder(signal: AbortSignal): Set<AttemptAbort> {
  let attempts = underSignal.get(signal);
  if (!attempts) {
    const set = new Set<AttemptAbort>();
    attempts = set;
    underSignal.set(signal, set);
    signal.addEventListener(
      'abort',
      () => {
        for (const attempt of set) attempt.abort('cancel');
        set.clear();
      },
      { once: true },
    );
  }
  return attempts;
}

/**
 * The attempts in flight of one transport, oldest first. All share one time limit, so deadlines
 * come in the order attempts start, and one timer set for the oldest is enough: when it fires, the
 * attempts past their deadline are aborted and it is set again for the oldest still running. An
 * attempt that ends leaves the timer alone (re-arming per attempt would be the per-attempt timer
 * again); a timer that finds nothing in flight simply stops.
 */
export class AttemptDeadlines {
  readonly #timeoutMs: number;
  readonly #now: () => number;
  readonly #inFlight = new Set<AttemptAbort>();
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(timeoutMs: number, now: () => number = () => performance.now()) {
    this.#timeoutMs = timeoutMs;
    this.#now = now;
  }

  /** An attempt starting now: aborted at its deadline, or as soon as `signal` aborts. */
  start(signal: AbortSignal | undefined): AttemptAbort {
    const attempt = new AttemptAbort(this.#now() + this.#timeoutMs);
    if (signal?.aborted) {
      attempt.abort('cancel');
      return attempt;
    }
    if (signal) attemptsUnder(signal).add(attempt);
    this.#inFlight.add(attempt);
    if (this.#timer === undefined) this.#arm(this.#timeoutMs);
    return attempt;
  }

  /** The attempt has ended (answered, failed or aborted): neither the timer nor the signal hold it. */
  finish(attempt: AttemptAbort, signal: AbortSignal | undefined): void {
    this.#inFlight.delete(attempt);
    if (signal) underSignal.get(signal)?.delete(attempt);
  }

  /** Attempts in flight (for tests). */
  get size(): number {
    return this.#inFlight.size;
  }

  #arm(ms: number): void {
    this.#timer = setTimeout(() => this.#expire(), Math.max(1, Math.ceil(ms)));
    // Attempts in flight keep the process alive through their sockets; the timer alone need not.
    this.#timer.unref?.();
  }

  #expire(): void {
    this.#timer = undefined;
    const now = this.#now();
    for (const attempt of this.#inFlight) {
      if (attempt.deadline > now) return this.#arm(attempt.deadline - now);
      this.#inFlight.delete(attempt);
      attempt.abort('deadline');
    }
  }
}
