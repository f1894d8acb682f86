import * as vscode from 'vscode';
import type { ShellApiConnection } from '../connection/shellApiConnection';
import { NOTEBOOK_COMMANDS } from '../constants';
import { isProduction } from '../domain/environments';
import { notebookStrings } from '../l10n/notebookStrings';
import { NOTEBOOK_TYPE } from '../notebook/model';
import { notebookEnvironment } from './notebookMetadata';

/** While a Health Data notebook is in front: where its requests go; a click chooses its environment. */
export class NotebookEnvironmentStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('healthData.notebookEnvironment', vscode.StatusBarAlignment.Left, 9);
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly connection: ShellApiConnection) {
    this.item.name = notebookStrings.statusBarName();
    this.item.command = NOTEBOOK_COMMANDS.selectNotebookEnvironment;
    this.subscriptions = [
      vscode.window.onDidChangeActiveNotebookEditor(() => this.update()),
      vscode.workspace.onDidChangeNotebookDocument((event) => {
        if (event.metadata && event.notebook === vscode.window.activeNotebookEditor?.notebook) this.update();
      }),
      connection.onDidChange(() => this.update()),
    ];
    this.update();
  }

  /** What the item says now (tests read it): undefined while hidden. */
  text(): string | undefined {
    return this.visible ? this.item.text : undefined;
  }

  private visible = false;

  private update(): void {
    const notebook = vscode.window.activeNotebookEditor?.notebook;
    if (notebook?.notebookType !== NOTEBOOK_TYPE) {
      this.visible = false;
      this.item.hide();
      return;
    }
    const named = notebookEnvironment(notebook);
    const environment = this.connection.environment(named ?? this.connection.environment().id);
    const icon = environment.isLocalSandbox ? '$(beaker)' : isProduction(environment.id) ? '$(globe)' : '$(cloud)';
    this.item.text = `$(notebook) ${icon} ${named ? notebookStrings.statusBarText(environment.label) : notebookStrings.statusBarFollowing(environment.label)}`;
    this.item.tooltip = named ? notebookStrings.statusBarTooltip(environment.label) : notebookStrings.statusBarTooltipFollowing(environment.label);
    this.item.accessibilityInformation = { label: this.item.tooltip };
    this.item.backgroundColor = isProduction(environment.id) ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.visible = true;
    this.item.show();
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.item.dispose();
  }
}
