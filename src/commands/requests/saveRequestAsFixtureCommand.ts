import * as vscode from 'vscode';
import { SCRUB_COMMANDS } from '../../constants';
import type { RequestRecords } from '../../domain/requests/requestRecords';
import { scrubStrings } from '../../l10n/scrubStrings';
import type { Command, ScrubDoors } from '../../services';
import { saveFixtureFile } from '../fixtureFile';
import { recordOf, requestArgument } from './requestArgument';

/** Save as Sandbox Fixture on a Requests row: the exchange scrubbed (always), for the local sandbox to replay. */
export class SaveRequestAsFixtureCommand implements Command {
  readonly id = SCRUB_COMMANDS.saveRequestAsFixture;

  constructor(
    private readonly records: RequestRecords,
    private readonly scrub: ScrubDoors,
    private readonly reloadSandbox: () => Promise<void>,
  ) {}

  async execute(argument?: unknown): Promise<vscode.Uri | undefined> {
    const node = await requestArgument(argument, this.records);
    const record = node && recordOf(node);
    if (!record) {
      void vscode.window.showInformationMessage(scrubStrings.fixtureNoRequest());
      return undefined;
    }
    if (!record.operation) return this.refuse(scrubStrings.fixtureNoOperation());
    if (record.responseBody === undefined || record.bodyDropped || record.status === undefined) return this.refuse(scrubStrings.fixtureNoBody());
    let body: unknown;
    try {
      body = JSON.parse(record.responseBody);
    } catch {
      return this.refuse(scrubStrings.fixtureNotJson());
    }
    const file = await this.scrub.fixture({
      operation: record.operation,
      status: record.status,
      body,
      ...(record.deviations ? { deviations: record.deviations } : {}),
    });
    return saveFixtureFile(file, this.reloadSandbox);
  }

  private refuse(message: string): undefined {
    void vscode.window.showWarningMessage(message);
    return undefined;
  }
}
