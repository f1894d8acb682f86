// Types for scenarios.mjs, so its unit test (TypeScript) can use it.
export interface ClockScenario {
  readonly name: string;
  /** The UTC instant the faked clock starts at, e.g. "2026-03-08T23:30:00Z". */
  readonly instant: string;
  /** The IANA zone the processes run in (TZ). */
  readonly zone: string;
}
export declare const CLOCK_SCENARIOS: readonly ClockScenario[];
export declare const CI_SCENARIO: string;
export declare const SHIFTED_CLOCK: string;
export declare function selectScenarios(value: string | undefined, scenarios?: readonly ClockScenario[]): ClockScenario[];
export declare function fakedClockEnv(
  scenario: Pick<ClockScenario, 'instant' | 'zone'>,
  options: { nowMs: number; preload: string; nodeOptions?: string },
): { NODE_OPTIONS: string; HDE_CLOCK_OFFSET_MS: string; TZ: string };
export declare function clockTook(scenario: Pick<ClockScenario, 'instant' | 'zone'>, seen: { nowMs: number; zone: string }, slackMs?: number): boolean;
