// What a `npm run bench` selection needs from the machine before it builds anything: Chromium for
// the benchmarks that drive a browser, and the code-server builds for those that start VS Code.
// Pure, so the decision is unit-tested; bench/run.ts hands it to test/host/preflight.mjs and
// provision.mjs, the same checks and installs `npm test` runs.
import type { Host } from '../../test/host/hosts.mjs';

/** Benchmarks that launch Chromium (a bare page or the workbench). */
const BROWSER_BENCHMARKS: ReadonlySet<string> = new Set(['activation', 'bloodPressure', 'workbench', 'coverageScroll', 'bloodPressureEndToEnd']);
/** Benchmarks that start code-server (the engine minimum unless HDE_HOSTS names another). */
const HOST_BENCHMARKS: ReadonlySet<string> = new Set(['activation', 'workbench', 'bloodPressureEndToEnd']);

export interface BenchNeeds {
  browser: boolean;
  /** The VS Code builds to check and provision; empty when no selected benchmark starts one. */
  hosts: Host[];
}

/**
 * @param selected the benchmarks about to run
 * @param benchHost the host the workbench benchmarks start (selectHost(HDE_HOSTS, MINIMUM_HOST))
 */
export function benchNeeds(selected: readonly string[], benchHost: Host): BenchNeeds {
  return {
    browser: selected.some((name) => BROWSER_BENCHMARKS.has(name)),
    hosts: selected.some((name) => HOST_BENCHMARKS.has(name)) ? [benchHost] : [],
  };
}
