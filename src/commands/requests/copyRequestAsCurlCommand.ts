import * as vscode from 'vscode';
import { DEFAULT_API_KEY_HEADER } from '../../api/apiKeyHeader';
import { REDACTED_HEADER } from '../../api/redaction';
import { CONTEXT_KEYS, REQUEST_COMMANDS } from '../../constants';
import { requestCurl } from '../../domain/requestPresentation';
import type { RequestRecords } from '../../domain/requestRecords';
import { requestStrings } from '../../l10n/requestStrings';
import type { Command } from '../../services';
import { markDone } from '../../views/walkthroughProgress';
import { recordOf, requestArgument } from './requestArgument';

export class CopyRequestAsCurlCommand implements Command {
  readonly id = REQUEST_COMMANDS.copyAsCurl;

  constructor(private readonly records: RequestRecords) {}

  async execute(argument?: unknown): Promise<void> {
    const node = await requestArgument(argument, this.records);
    const record = node && recordOf(node);
    if (!record) return;
    // The header that carried the key is the one recorded as <redacted>.
    const keyHeader = Object.entries(record.requestHeaders).find(([, value]) => value === REDACTED_HEADER)?.[0] ?? DEFAULT_API_KEY_HEADER;
    const curl = requestCurl(record, keyHeader);
    if (!curl) {
      void vscode.window.showErrorMessage(requestStrings.bodyGoneForCurl());
      return;
    }
    await vscode.env.clipboard.writeText(curl);
    markDone(CONTEXT_KEYS.walkthroughCurlCopied);
    vscode.window.setStatusBarMessage(requestStrings.curlCopied(), 4000);
  }
}
