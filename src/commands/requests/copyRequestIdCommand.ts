import * as vscode from 'vscode';
import { REQUEST_COMMANDS } from '../../constants';
import type { RequestRecords } from '../../domain/requests/requestRecords';
import { requestStrings } from '../../l10n/requestStrings';
import type { Command } from '../../services';
import { recordOf, requestArgument } from './requestArgument';

/** The server's request id, what its operators ask for in a support ticket. */
export class CopyRequestIdCommand implements Command {
  readonly id = REQUEST_COMMANDS.copyRequestId;

  constructor(private readonly records: RequestRecords) {}

  async execute(argument?: unknown): Promise<void> {
    const node = await requestArgument(argument, this.records, { title: requestStrings.pickRequest(), filter: (record) => record.requestId !== undefined });
    const record = node && recordOf(node);
    if (!record) return;
    if (!record.requestId) {
      void vscode.window.showInformationMessage(requestStrings.noRequestId());
      return;
    }
    await vscode.env.clipboard.writeText(record.requestId);
    vscode.window.setStatusBarMessage(requestStrings.requestIdCopied(record.requestId), 4000);
  }
}
