// Preloaded into every node process of a `npm run test:clock` layer (NODE_OPTIONS=--require …), and
// its `install` evaluated in every browser frame: moves the wall clock (Date) by HDE_CLOCK_OFFSET_MS
// so the process starts at the scenario's instant and the clock runs on from there. Monotonic
// clocks (performance.now, timers) are untouched. libfaketime would reach further, but VS Code
// removes LD_PRELOAD from the extension host's environment, and it slows every Date.now() ~40×.
'use strict';
/* global process, module */

/** Replaces `scope.Date` with one `offsetMs` ahead (behind when negative); idempotent. */
function install(scope, offsetMs) {
  const RealDate = scope.Date;
  if (!offsetMs || RealDate.__hdeShiftedBy !== undefined) return;
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offsetMs);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offsetMs;
    }
  }
  Object.defineProperty(ShiftedDate, '__hdeShiftedBy', { value: offsetMs });
  Object.defineProperty(ShiftedDate, 'name', { value: 'Date' });
  // `Date()` called without `new` gives the time as a string, as the real one does.
  scope.Date = new Proxy(ShiftedDate, {
    apply: () => new ShiftedDate().toString(),
  });
}

const offset = Number(process.env.HDE_CLOCK_OFFSET_MS ?? 0);
if (Number.isFinite(offset) && offset !== 0) install(globalThis, offset);

module.exports = { install };
