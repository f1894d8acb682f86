import * as vscode from 'vscode';
import { DEFAULT_API_KEY_HEADER } from '../../api/apiKeyHeader';
import { REDACTED_HEADER } from '../../api/redaction';
import { CONTEXT_KEYS, REQUEST_COMMANDS } from '../../constants';
import { requestOfOperation } from '../../api/requests';
import { buildCurlCommand } from '../../domain/requests/curl';
import { isEnvironmentId } from '../../domain/environments';
import { requestCurl } from '../../domain/requests/requestPresentation';
import type { RequestRecord, RequestRecords } from '../../domain/requests/requestRecords';
import { requestStrings } from '../../l10n/requestStrings';
import { scrubStrings } from '../../l10n/scrubStrings';
import type { Command, ScrubDoors } from '../../services';
import { markDone } from '../../views/walkthroughProgress';
import { recordOf, requestArgument } from './requestArgument';

export class CopyRequestAsCurlCommand implements Command {
  readonly id = REQUEST_COMMANDS.copyAsCurl;

  constructor(
    private readonly records: RequestRecords,
    private readonly scrub: ScrubDoors,
  ) {}

  async execute(argument?: unknown): Promise<void> {
    const node = await requestArgument(argument, this.records);
    const record = node && recordOf(node);
    if (!record) return;
    // The header that carried the key is the one recorded as <redacted>.
    const keyHeader = Object.entries(record.requestHeaders).find(([, value]) => value === REDACTED_HEADER)?.[0] ?? DEFAULT_API_KEY_HEADER;
    const copied = await this.leavingCurl(record, keyHeader);
    if (copied.curl === undefined) {
      void vscode.window.showErrorMessage(copied.problem);
      return;
    }
    await vscode.env.clipboard.writeText(copied.curl);
    markDone(CONTEXT_KEYS.walkthroughCurlCopied);
    vscode.window.setStatusBarMessage(scrubStrings.withNote(requestStrings.curlCopied(), copied.note), copied.note ? 8000 : 4000);
  }

  /** The row as it was sent, or under healthData.scrub.when rebuilt from its scrubbed operation (the path's ids, the dates). */
  private async leavingCurl(record: RequestRecord, keyHeader: string): Promise<{ curl: string; note?: string } | { curl: undefined; problem: string }> {
    const environment = isEnvironmentId(record.environmentId) ? record.environmentId : 'custom';
    const scrub = await this.scrub.begin(environment);
    if (!scrub.scrubs) {
      const curl = requestCurl(record, keyHeader);
      return curl ? { curl } : { curl: undefined, problem: requestStrings.bodyGoneForCurl() };
    }
    // Without its operation the URL cannot be taken apart safely: nothing identifying is copied.
    if (!record.operation) return { curl: undefined, problem: scrubStrings.curlNoOperation() };
    const operation = scrub.operation(record.operation);
    const note = scrub.note();
    const curl = buildCurlCommand(record.baseUrl, requestOfOperation(operation), keyHeader);
    return note ? { curl, note } : { curl };
  }
}
