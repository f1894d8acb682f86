// What `run` prints and writes (stdout, stderr, the JUnit report, CI annotations) follows the one scrub
// rule: `--scrub always|productionOnly|never`, else $HEALTH_DATA_SCRUB, else productionOnly, as
// healthData.scrub.when in VS Code. Every cell's result is scrubbed once, by the scrubber every other
// door uses (src/scrub via scrubCellResult), before anything is said about it: a failing value, a path,
// an error message or a note then names a pseudonym, never the person.
import { isProduction, type EnvironmentId } from '../domain/environments';
import { parseScrubPolicy, scrubApplies } from '../domain/scrubPolicy';
import { SCRUB_POLICY_VARIABLE } from '../mcp/mcpScrub';
import { scrubCellResult } from '../notebook/cellResultScrub';
import type { CellResult } from '../notebook/model';
import type { ScrubPolicy } from '../scrub/scrubTypes';

export { SCRUB_POLICY_VARIABLE };

/** The flag's policy, else the environment's, else productionOnly; an unknown word in the environment is an error. */
export function runScrubPolicy(flag: ScrubPolicy | undefined, env: Readonly<Record<string, string | undefined>>): ScrubPolicy | { error: string } {
  if (flag !== undefined) return flag;
  const raw = env[SCRUB_POLICY_VARIABLE];
  if (raw === undefined || raw.trim() === '') return 'productionOnly';
  return parseScrubPolicy(raw) ?? { error: `$${SCRUB_POLICY_VARIABLE} must be always, productionOnly or never, not ${JSON.stringify(raw)}` };
}

export class RunOutputScrub {
  #secret: string | undefined;

  /** `secret`: asked once, on the first result that is scrubbed (it may say on stderr that it is a random one). */
  constructor(
    readonly policy: ScrubPolicy,
    private readonly secret: () => string,
  ) {}

  applies(environmentId: EnvironmentId): boolean {
    return scrubApplies(this.policy, isProduction(environmentId));
  }

  /** The result as it may be printed and written. */
  leaving(environmentId: EnvironmentId, result: CellResult): CellResult {
    if (!this.applies(environmentId)) return result;
    this.#secret ??= this.secret();
    return scrubCellResult(result, this.#secret).result;
  }
}
