import * as vscode from 'vscode';
import { SHELL_COMMANDS } from '../constants';
import { isProduction } from '../domain/environments';
import { statusBar } from '../l10n/shellStrings';
import type { EnvironmentSource } from '../services';

/** Always shows the active environment; a click switches it. Production stands out in warning colours. */
export class EnvironmentStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('healthData.environment', vscode.StatusBarAlignment.Left, 10);
  private readonly subscription: vscode.Disposable;

  constructor(private readonly connection: EnvironmentSource) {
    this.item.name = statusBar.name();
    this.item.command = SHELL_COMMANDS.selectEnvironment;
    this.subscription = connection.onDidChange(() => void this.update());
    void this.update();
    this.item.show();
  }

  async update(): Promise<void> {
    const environment = this.connection.environment();
    const keyState = await this.connection.apiKeyState();
    const icon = environment.isLocalSandbox ? '$(beaker)' : isProduction(environment.id) ? '$(globe)' : '$(cloud)';
    const label = keyState === 'missing' || keyState === 'misconfigured' ? statusBar.noKey(environment.label) : environment.label;
    this.item.text = `${icon} ${label}`;
    this.item.tooltip = environment.baseUrl
      ? statusBar.tooltipWithUrl(environment.label, environment.baseUrl)
      : statusBar.tooltip(environment.label);
    this.item.accessibilityInformation = { label: statusBar.tooltip(environment.label) };
    this.item.backgroundColor = isProduction(environment.id) ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}
