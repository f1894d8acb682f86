// Playwright re-checks a locator being waited for after 0, 20, 50, 100 and 100 ms, then every 500 ms,
// and drops the 500 ms step only when the wait's timeout is under 2.5 s. Most steps in the workbench
// settle within a few hundred ms, so a wait whose condition held after 300 ms returned at 770 ms: the
// e2e layer paid that on every wait (treeScale's 200 keyboard pages, as it then had: 207 s, 93 s with
// waits checked each frame). Here every `locator.waitFor` with a longer timeout is taken as a series of
// 2-second waits up to the caller's timeout: the same condition, re-checked at most 100 ms apart.
import type { Locator } from 'playwright-core';

const SLICE_MS = 2_000;

const quickened = new WeakSet<object>();

/** Makes every Locator's waitFor re-check at most 100 ms apart (all Locators share `sample`'s prototype). */
export function quickenWaits(sample: Locator, defaultTimeoutMs: number): void {
  const prototype = Object.getPrototypeOf(sample) as Locator;
  if (quickened.has(prototype)) return;
  quickened.add(prototype);
  const waitFor = prototype.waitFor;
  prototype.waitFor = async function quickWaitFor(this: Locator, options: Parameters<Locator['waitFor']>[0] = {}): Promise<void> {
    const total = options.timeout ?? defaultTimeoutMs;
    if (total > 0 && total <= SLICE_MS) return waitFor.call(this, options);
    const deadline = total === 0 ? Number.POSITIVE_INFINITY : Date.now() + total;
    for (;;) {
      const left = deadline - Date.now();
      try {
        return await waitFor.call(this, { ...options, timeout: Math.max(1, Math.min(SLICE_MS, left)) });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        if (!timedOut || Date.now() >= deadline) {
          // The caller's timeout, not the slice's, in what a failing test prints.
          if (timedOut) {
            const callers = (text: string): string => text.replace(/Timeout \d+ms exceeded/, `Timeout ${total}ms exceeded`);
            error.message = callers(error.message);
            // The test runner prints the stack, which holds the message as it was when thrown.
            if (error.stack) error.stack = callers(error.stack);
          }
          throw error;
        }
      }
    }
  };
}
