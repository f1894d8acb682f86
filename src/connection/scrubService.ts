// The scrubber on every way out of VS Code. Each door (exports, cURL, saved responses, fixtures,
// agent tools, notebook outputs) asks this service and decides nothing itself: whether to scrub
// (healthData.scrub.when and the environment), with which secret, and the one line to say.
import type { RequestOperation, RequestOperationName } from '../api/requests';
import { isProduction, type EnvironmentId } from '../domain/environments';
import { scrubApplies } from '../domain/scrubPolicy';
import { scrubStrings } from '../l10n/scrubStrings';
import { writeFixture, writeFixtures } from '../scrub/fixtureWriter';
import { addReports, emptyReport, scrubBody, scrubOperation } from '../scrub/scrubber';
import type { ScrubReport } from '../scrub/scrubTypes';
import type { ScrubSecretStore } from '../storage/scrubSecretStore';
import type { ScrubSettings } from '../storage/scrubSettings';
import type { FixtureExchange, FixtureFile, LeavingScrub, ScrubDoors } from '../services';

export class ScrubService implements ScrubDoors {
  constructor(
    private readonly settings: ScrubSettings,
    private readonly secrets: ScrubSecretStore,
  ) {}

  /** Whether what came from `environmentId` is scrubbed on its way out. */
  applies(environmentId: EnvironmentId): boolean {
    return scrubApplies(this.settings.policy(), isProduction(environmentId));
  }

  /** The secret when `environmentId`'s data is scrubbed (for the agent tools, which scrub in their own bundle). */
  async secretFor(environmentId: EnvironmentId): Promise<string | undefined> {
    return this.applies(environmentId) ? this.secrets.secret() : undefined;
  }

  /** Starts one door's scrubbing of data from `environmentId`. */
  async begin(environmentId: EnvironmentId): Promise<LeavingScrub> {
    return this.applies(environmentId) ? scrubbingWith(await this.secrets.secret()) : passThrough;
  }

  /** Always scrubs, whatever the setting: what a fixture, meant to be shared, is made with. */
  async beginAlways(): Promise<LeavingScrub> {
    return scrubbingWith(await this.secrets.secret());
  }

  /** The secret for what is scrubbed whatever the setting (a saved investigation, made to be committed). */
  alwaysSecret(): Promise<string> {
    return this.secrets.secret();
  }

  /** The single call of a door with one body (a notebook output when saved, a raw response): the body as it may leave, and the line to say. */
  async forLeaving<T>(environmentId: EnvironmentId, operation: RequestOperationName, body: T): Promise<{ body: T; note?: string }> {
    const scrub = await this.begin(environmentId);
    const left = scrub.body(operation, body);
    const note = scrub.note();
    return note === undefined ? { body: left } : { body: left, note };
  }

  async fixture(exchange: FixtureExchange): Promise<FixtureFile> {
    return writeFixture(exchange, await this.secrets.secret());
  }

  async fixtures(exchanges: readonly FixtureExchange[]): Promise<FixtureFile[]> {
    return writeFixtures(exchanges, await this.secrets.secret());
  }

  /** The operation as it may leave (a cURL's path and query), and the line to say. */
  async operationForLeaving(environmentId: EnvironmentId, operation: RequestOperation): Promise<{ operation: RequestOperation; note?: string }> {
    const scrub = await this.begin(environmentId);
    const left = scrub.operation(operation);
    const note = scrub.note();
    return note === undefined ? { operation: left } : { operation: left, note };
  }
}

const passThrough: LeavingScrub = {
  scrubs: false,
  body: (_operation, body) => body,
  operation: (operation) => operation,
  note: () => undefined,
};

function scrubbingWith(secret: string): LeavingScrub {
  let report: ScrubReport = emptyReport();
  return {
    scrubs: true,
    body<T>(operation: RequestOperationName | RequestOperation, body: T): T {
      const scrubbed = scrubBody(operation, body, secret);
      report = addReports(report, scrubbed.report);
      return scrubbed.body as T;
    },
    operation(operation: RequestOperation): RequestOperation {
      const scrubbed = scrubOperation(operation, secret);
      report = addReports(report, scrubbed.report);
      return scrubbed.operation;
    },
    note: () => scrubStrings.note(report),
  };
}
