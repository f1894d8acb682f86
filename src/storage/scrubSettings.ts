import * as vscode from 'vscode';
import { CONFIG_SECTION, SCRUB_WHEN_SETTING } from '../constants';
import type { ScrubPolicy } from '../scrub/scrubTypes';

const POLICIES: readonly ScrubPolicy[] = ['always', 'productionOnly', 'never'];

/** `healthData.scrub.when`: when data leaving VS Code is scrubbed. Anything unreadable is the default. */
export class ScrubSettings {
  policy(): ScrubPolicy {
    const value = vscode.workspace.getConfiguration(CONFIG_SECTION).get<unknown>(SCRUB_WHEN_SETTING, 'productionOnly');
    return POLICIES.includes(value as ScrubPolicy) ? (value as ScrubPolicy) : 'productionOnly';
  }

  affects(event: vscode.ConfigurationChangeEvent): boolean {
    return event.affectsConfiguration(`${CONFIG_SECTION}.${SCRUB_WHEN_SETTING}`);
  }
}
