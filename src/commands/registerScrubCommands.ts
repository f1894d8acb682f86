import type { RequestRecords } from '../domain/requests/requestRecords';
import type { JsonDocumentProvider } from '../jsonDocuments/jsonDocumentProvider';
import type { Panels } from '../panels/panels';
import type { CommandRegistry, ScrubDoors } from '../services';
import { SaveRequestAsFixtureCommand } from './requests/saveRequestAsFixtureCommand';
import { SavePanelAsFixtureCommand } from './savePanelAsFixtureCommand';
import { SaveResponseAsCommand } from './saveResponseAsCommand';

export interface ScrubCommandDeps {
  commands: CommandRegistry;
  scrub: ScrubDoors;
  records: RequestRecords;
  documents: JsonDocumentProvider;
  panels: Panels;
  /** Starts the local sandbox again so it serves the fixtures folder as it is now. */
  reloadSandbox: () => Promise<void>;
}

/** The doors that write a file through the scrubber: Save Response As… and Save as Sandbox Fixture. */
export function registerScrubCommands({ commands, scrub, records, documents, panels, reloadSandbox }: ScrubCommandDeps): void {
  for (const command of [
    new SaveResponseAsCommand(documents, scrub),
    new SaveRequestAsFixtureCommand(records, scrub, reloadSandbox),
    new SavePanelAsFixtureCommand(panels, scrub, reloadSandbox),
  ]) {
    commands.register(command);
  }
}
