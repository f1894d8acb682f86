import * as vscode from 'vscode';
import { SCRUB_COMMANDS } from '../constants';
import { scrubStrings } from '../l10n/scrubStrings';
import type { Panels } from '../panels/panels';
import type { Command, ScrubDoors } from '../services';
import { saveFixtureFiles } from './fixtureFile';

/** Save as Sandbox Fixture from the active blood-pressure or lab-markers panel: what it shows, every page and its user, scrubbed (always). */
export class SavePanelAsFixtureCommand implements Command {
  readonly id = SCRUB_COMMANDS.savePanelAsFixture;

  constructor(
    private readonly panels: Panels,
    private readonly scrub: ScrubDoors,
    private readonly reloadSandbox: () => Promise<void>,
  ) {}

  async execute(): Promise<vscode.Uri | undefined> {
    const active = this.panels.activeFixture();
    if (!active) {
      void vscode.window.showInformationMessage(scrubStrings.fixtureNoPanel());
      return undefined;
    }
    return saveFixtureFiles(await this.scrub.fixtures(active.exchanges), this.reloadSandbox);
  }
}
