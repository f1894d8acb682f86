import * as vscode from 'vscode';
import type { RequestInspector } from '../../connection/requestInspector';
import { REQUEST_COMMANDS } from '../../constants';
import { isEnvironmentId } from '../../domain/environments';
import { outcomeOf, requestSpecOf, rowText } from '../../domain/requestPresentation';
import { requestStrings, requestWords } from '../../l10n/requestStrings';
import type { ApiConnection, Command } from '../../services';
import type { RequestsView } from '../../views/requests/requestsView';
import { recordOf, requestArgument } from './requestArgument';

/** The same request in its environment, as a new row; the new row is selected. */
export class ReplayRequestCommand implements Command {
  readonly id = REQUEST_COMMANDS.replay;

  constructor(
    private readonly connection: ApiConnection,
    private readonly inspector: RequestInspector,
    private readonly view: RequestsView,
  ) {}

  /** Resolves to the new record's id (tests), or undefined when nothing was sent. */
  async execute(argument?: unknown): Promise<number | undefined> {
    const node = await requestArgument(argument, this.inspector.recorder.records);
    const record = node && recordOf(node);
    if (!record) return undefined;
    if (!isEnvironmentId(record.environmentId)) {
      void vscode.window.showErrorMessage(requestStrings.unknownEnvironment(record.environmentLabel));
      return undefined;
    }
    const spec = requestSpecOf(record);
    if (!spec) {
      const bodyGone = record.method === 'POST' && record.requestBody === undefined;
      void vscode.window.showErrorMessage(bodyGone ? requestStrings.bodyGoneForReplay() : requestStrings.notAnOperation());
      return undefined;
    }
    const label = rowText({ kind: 'request', record }, requestWords()).label;
    const result = await this.inspector.sendAgain(record.environmentId, spec, requestStrings.replaying(label));
    if (!result) return undefined;
    if (result.record) await this.view.reveal(result.record.id);
    const environment = this.connection.forEnvironment(record.environmentId).environment().label;
    if (result.ok) {
      vscode.window.setStatusBarMessage(requestStrings.replayed(outcomeOf(result.record), environment), 5000);
    } else if (result.record?.failure !== 'cancelled') {
      const open = requestStrings.openReplay();
      void vscode.window.showWarningMessage(requestStrings.replayFailed(result.message), open).then((choice) => {
        if (choice === open && result.record) void vscode.commands.executeCommand(REQUEST_COMMANDS.open, result.record.id);
      });
    }
    return result.record?.id;
  }
}
