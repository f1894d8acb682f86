import * as vscode from 'vscode';
import type { User } from '../api/schemas';
import { PANEL_COMMANDS } from '../constants';
import { scanProviders } from '../domain/coverage/coverageScan';
import { DEFAULT_DIAGNOSIS_DAYS, DIAGNOSIS_WINDOW_DAYS } from '../domain/coverage/diagnosisWindow';
import { scanPickStrings } from '../l10n/coverageScanStrings';
import { capabilityText } from '../l10n/diagnosisStrings';
import type { Panels } from '../panels/panels';
import type { Command, ExtensionServices } from '../services';
import { isScanRequest, type ScanRequest, type ScanScope } from '../shared/coverageScanProtocol';

const DEFAULT_FIRST_COUNT = 100;

interface Choice<T> extends vscode.QuickPickItem {
  value: T;
}

/**
 * Health Data: Scan Data Coverage… — three quick picks (window, users, provider), then the results
 * panel runs the scan. Argument: a ScanRequest (`{ days, scope, provider }`) skips the picks.
 */
export class ScanDataCoverageCommand implements Command {
  readonly id = PANEL_COMMANDS.scanDataCoverage;

  constructor(
    private readonly services: ExtensionServices,
    private readonly panels: Panels,
  ) {}

  async execute(argument?: unknown): Promise<void> {
    const request = isScanRequest(argument) ? argument : await this.ask();
    if (!request) return;
    this.panels.showCoverageScan(request, this.knownUsers(request.scope));
  }

  /** The tree's filter matches, when the scan is over that very filter: no need to list them again. */
  private knownUsers(scope: ScanScope): readonly User[] | undefined {
    if (scope.kind !== 'filtered') return undefined;
    const filter = this.services.usersFilter?.();
    return filter && filter.prefix === scope.prefix ? filter.users : undefined;
  }

  private async ask(): Promise<ScanRequest | undefined> {
    const days = await pick(
      scanPickStrings.windowTitle(),
      DIAGNOSIS_WINDOW_DAYS.map((value) => ({ label: scanPickStrings.windowItem(value), value, picked: value === DEFAULT_DIAGNOSIS_DAYS })),
      DIAGNOSIS_WINDOW_DAYS.indexOf(DEFAULT_DIAGNOSIS_DAYS),
    );
    if (days === undefined) return undefined;
    const scope = await this.askScope();
    if (!scope) return undefined;
    // Providers that report no blood pressure are left out (a scan narrowed to one would find
    // nothing, for every user); the placeholder names them, so their absence is explained.
    const { offered, leftOut } = scanProviders();
    const provider = await pick(
      scanPickStrings.providerTitle(),
      [
        { label: scanPickStrings.anyProvider(), detail: scanPickStrings.anyProviderDetail(), value: '' },
        ...offered.map((p) => ({
          label: p.name,
          description: `${p.slug} · ${capabilityText(p.bloodPressure)}`,
          detail: p.basis,
          value: p.slug,
        })),
      ],
      0,
      scanPickStrings.providerPlaceholder(leftOut.map((p) => p.name).join(', ')),
    );
    if (provider === undefined) return undefined;
    return { days, scope, provider };
  }

  private async askScope(): Promise<ScanScope | undefined> {
    const filter = this.services.usersFilter?.();
    const choices: Choice<ScanScope | 'first'>[] = [
      { label: scanPickStrings.scopeAll(), detail: scanPickStrings.scopeAllDetail(), value: { kind: 'all' } },
      ...(filter ? [{ label: scanPickStrings.scopeFiltered(filter.prefix, filter.users.length), value: { kind: 'filtered', prefix: filter.prefix } as ScanScope }] : []),
      { label: scanPickStrings.scopeFirst(), value: 'first' },
    ];
    const scope = await pick(scanPickStrings.scopeTitle(), choices, filter ? 1 : 0);
    if (scope !== 'first') return scope;
    const typed = await vscode.window.showInputBox({
      title: scanPickStrings.scopeTitle(),
      prompt: scanPickStrings.firstCountPrompt(),
      value: String(DEFAULT_FIRST_COUNT),
      ignoreFocusOut: true,
      validateInput: (value) => (/^\s*[1-9]\d*\s*$/.test(value) ? undefined : scanPickStrings.firstCountInvalid()),
    });
    return typed === undefined ? undefined : { kind: 'first', count: Number(typed.trim()) };
  }
}

async function pick<T>(title: string, items: Choice<T>[], active = 0, placeholder?: string): Promise<T | undefined> {
  const quickPick = vscode.window.createQuickPick<Choice<T>>();
  quickPick.title = title;
  if (placeholder) quickPick.placeholder = placeholder;
  quickPick.items = items;
  quickPick.ignoreFocusOut = true;
  quickPick.matchOnDescription = true;
  const first = items[active];
  if (first) quickPick.activeItems = [first];
  return new Promise((resolve) => {
    let settled = false;
    quickPick.onDidAccept(() => {
      settled = true;
      resolve(quickPick.selectedItems[0]?.value);
      quickPick.dispose();
    });
    quickPick.onDidHide(() => {
      if (!settled) resolve(undefined);
      quickPick.dispose();
    });
    quickPick.show();
  });
}
