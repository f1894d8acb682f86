import type { RequestInspector } from '../../connection/requestInspector';
import type { JsonDocumentProvider } from '../../jsonDocuments/jsonDocumentProvider';
import type { ApiConnection, CommandRegistry, ScrubDoors } from '../../services';
import type { RequestsView } from '../../views/requests/requestsView';
import { CompareRequestsCommand } from './compareRequestsCommand';
import { CopyRequestAsCurlCommand } from './copyRequestAsCurlCommand';
import { CopyRequestIdCommand } from './copyRequestIdCommand';
import { OpenRequestCommand } from './openRequestCommand';
import { ReplayRequestCommand } from './replayRequestCommand';
import {
  ClearRequestsCommand,
  ClearRequestsFilterCommand,
  FilterRequestsByEnvironmentCommand,
  ShowAllDeviationsCommand,
  ShowAllRequestsCommand,
  ShowDeviationsOnlyCommand,
  ShowErrorsOnlyCommand,
} from './requestFilterCommands';

export interface RequestCommandDeps {
  commands: CommandRegistry;
  connection: ApiConnection;
  inspector: RequestInspector;
  view: RequestsView;
  documents: JsonDocumentProvider;
  scrub: ScrubDoors;
}

export function registerRequestCommands({ commands, connection, inspector, view, documents, scrub }: RequestCommandDeps): void {
  const recorder = inspector.recorder;
  for (const command of [
    new OpenRequestCommand(recorder.records, documents),
    new ReplayRequestCommand(connection, inspector, view),
    new CompareRequestsCommand(recorder.records, inspector),
    new CopyRequestAsCurlCommand(recorder.records, scrub),
    new CopyRequestIdCommand(recorder.records),
    new ShowErrorsOnlyCommand(view),
    new ShowAllRequestsCommand(view),
    new ShowDeviationsOnlyCommand(view),
    new ShowAllDeviationsCommand(view),
    new FilterRequestsByEnvironmentCommand(view),
    new ClearRequestsFilterCommand(view),
    new ClearRequestsCommand(view),
  ]) {
    commands.register(command);
  }
}
