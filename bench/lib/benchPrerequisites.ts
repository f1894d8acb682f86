// What a `npm run bench` selection needs from the machine before it builds anything: Chromium for
// the benchmarks that drive a browser, and the code-server builds for those that start VS Code.
// Pure, so the decision is unit-tested; bench/run.ts hands it to test/host/preflight.mjs and
// provision.mjs, the same checks and installs `npm test` runs.
import type { Host } from '../../test/host/hosts.mjs';

/** Benchmarks that launch Chromium (a bare page or the workbench). */
const BROWSER_BENCHMARKS: ReadonlySet<string> = new Set(['activation', 'bloodPressure', 'workbench', 'coverageScroll', 'bloodPressureEndToEnd', 'notebookRunAllWorkbench']);
/** Benchmarks that start code-server (the engine minimum unless HDE_HOSTS names another). */
const HOST_BENCHMARKS: ReadonlySet<string> = new Set(['activation', 'workbench', 'bloodPressureEndToEnd']);
/** Benchmarks that start code-server on every host HDE_HOSTS names (both unless it names fewer). */
const EVERY_HOST_BENCHMARKS: ReadonlySet<string> = new Set(['notebookRunAllWorkbench']);

export interface BenchNeeds {
  browser: boolean;
  /** The VS Code builds to check and provision; empty when no selected benchmark starts one. */
  hosts: Host[];
}

/**
 * @param selected the benchmarks about to run
 * @param benchHost the host the workbench benchmarks start (selectHost(HDE_HOSTS, MINIMUM_HOST))
 * @param everyHost the hosts the every-host benchmarks start (selectHosts(HDE_HOSTS, HOSTS))
 */
export function benchNeeds(selected: readonly string[], benchHost: Host, everyHost: readonly Host[] = [benchHost]): BenchNeeds {
  const hosts = new Set<Host>();
  if (selected.some((name) => HOST_BENCHMARKS.has(name))) hosts.add(benchHost);
  if (selected.some((name) => EVERY_HOST_BENCHMARKS.has(name))) for (const host of everyHost) hosts.add(host);
  return {
    browser: selected.some((name) => BROWSER_BENCHMARKS.has(name)),
    hosts: [...hosts],
  };
}
