// The dates, hours and zones `npm run test:clock` runs the unit and integration layers at, and the
// environment that fakes the clock for a layer's whole process tree (node, code-server and its
// extension host, the test browser's frames): Date moved by one fixed offset (./shiftedClock.cjs),
// so every process of the layer reads the same moving clock, starting at the scenario's instant;
// monotonic clocks stay real, so timers are unaffected. The sandbox's `today` follows the faked
// clock (its default is the clock's UTC day), so each scenario also moves every sample story.
// Pure: ./run.mjs carries it out.
import { fileURLToPath } from 'node:url';


/**
 * Three dates (a US daylight-saving change, a year's end, a leap day), each at 00:30 and 23:30 UTC,
 * where a day counted in UTC and one counted in a zone differ: at 00:30 UTC the process runs in a
 * zone far behind UTC (UTC−11, still the day before), at 23:30 UTC in one far ahead (UTC+14,
 * already the next day). A run without a faked clock covers the machine's own zone.
 * @type {readonly { name: string, instant: string, zone: string }[]}
 */
export const CLOCK_SCENARIOS = Object.freeze([
  { name: 'dst-0030-behind', instant: '2026-03-08T00:30:00Z', zone: 'Pacific/Pago_Pago' },
  { name: 'dst-2330-ahead', instant: '2026-03-08T23:30:00Z', zone: 'Pacific/Kiritimati' },
  { name: 'yearend-0030-behind', instant: '2026-12-31T00:30:00Z', zone: 'Pacific/Pago_Pago' },
  { name: 'yearend-2330-ahead', instant: '2026-12-31T23:30:00Z', zone: 'Pacific/Kiritimati' },
  { name: 'leapday-0030-behind', instant: '2028-02-29T00:30:00Z', zone: 'Pacific/Pago_Pago' },
  { name: 'leapday-2330-ahead', instant: '2028-02-29T23:30:00Z', zone: 'Pacific/Kiritimati' },
]);

/** The one CI runs beside `npm test`: 23:30 UTC with the process already on the next day. */
export const CI_SCENARIO = 'dst-2330-ahead';

/** The preload that moves Date in each node process (and, evaluated, in each browser frame). */
export const SHIFTED_CLOCK = fileURLToPath(new URL('./shiftedClock.cjs', import.meta.url));

/**
 * The scenarios named in `value` (comma-separated names, `all`, or `ci`); all when empty.
 * Throws one message listing the names when one matches nothing.
 */
export function selectScenarios(value, scenarios = CLOCK_SCENARIOS) {
  const names = (value ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  if (names.length === 0 || names.includes('all')) return [...scenarios];
  return names.map((name) => {
    const wanted = name === 'ci' ? CI_SCENARIO : name;
    const found = scenarios.find((scenario) => scenario.name === wanted);
    if (!found) throw new Error(`No clock scenario "${name}". Known: ${scenarios.map((s) => s.name).join(', ')}, all, ci.`);
    return found;
  });
}

/**
 * The environment that starts the clock of every process it reaches at `scenario.instant`, in
 * `scenario.zone`, given the real clock `nowMs` when the layer starts: node processes preload
 * `preload` (SHIFTED_CLOCK) through NODE_OPTIONS, kept before any NODE_OPTIONS already set; the test
 * browser reads the same offset and zone (test/host/browser.mjs).
 * @param {{ instant: string, zone: string }} scenario
 * @param {{ nowMs: number, preload: string, nodeOptions?: string }} options
 */
export function fakedClockEnv(scenario, { nowMs, preload, nodeOptions }) {
  const required = `--require ${JSON.stringify(preload)}`;
  return {
    NODE_OPTIONS: nodeOptions ? `${required} ${nodeOptions}` : required,
    HDE_CLOCK_OFFSET_MS: String(Date.parse(scenario.instant) - nowMs),
    TZ: scenario.zone,
  };
}

/**
 * Whether a process started with the faked environment really saw the scenario: its clock within
 * `slackMs` after the instant (start-up takes a moment) and its zone the scenario's.
 * @param {{ instant: string, zone: string }} scenario
 * @param {{ nowMs: number, zone: string }} seen what the probe process printed
 */
export function clockTook(scenario, seen, slackMs = 120_000) {
  const start = Date.parse(scenario.instant);
  return seen.zone === scenario.zone && seen.nowMs >= start - 1000 && seen.nowMs <= start + slackMs;
}
