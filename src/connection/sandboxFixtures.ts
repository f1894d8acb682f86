// The workspace's sandbox fixtures (.health-data/fixtures under the first folder): where "Save as
// Sandbox Fixture" writes and what the embedded sandbox serves. When a fixture is added, edited or
// removed the local sandbox starts again, so it answers with what the folder holds now.
import { existsSync } from 'node:fs';
import * as vscode from 'vscode';
import { FIXTURES_FOLDER } from '../constants';

const SETTLE_MS = 300;

/** A folder chosen for fixtures in a window without a workspace folder (this session only). */
let chosenFolder: vscode.Uri | undefined;

export function chooseFixturesRoot(folder: vscode.Uri): void {
  chosenFolder = folder;
}

/** The fixtures folder of the first workspace folder, or of the chosen one (it may not exist yet). */
export function fixturesFolder(): vscode.Uri | undefined {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? chosenFolder;
  return folder ? vscode.Uri.joinPath(folder, ...FIXTURES_FOLDER) : undefined;
}

/** The folder the embedded sandbox serves: the fixtures folder, when it is on disk. */
export function servedFixturesDir(): string | undefined {
  const folder = fixturesFolder();
  return folder?.scheme === 'file' && existsSync(folder.fsPath) ? folder.fsPath : undefined;
}

/** Restarts the local sandbox (`reload`) once the fixtures folder settles after a change. */
export class SandboxFixturesWatcher implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[] = [];
  private watcher: vscode.FileSystemWatcher | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly reload: () => Promise<void>) {
    this.watch();
    this.subscriptions.push(
      vscode.workspace.onDidChangeWorkspaceFolders(() => {
        this.watch();
        this.changed();
      }),
    );
  }

  /** Says the folder changed (the watcher, or a writer that cannot wait for it). */
  changed(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.reload();
    }, SETTLE_MS);
  }

  private watch(): void {
    this.watcher?.dispose();
    this.watcher = undefined;
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (!folder) return;
    this.watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, `${FIXTURES_FOLDER.join('/')}/**`));
    this.watcher.onDidCreate(() => this.changed());
    this.watcher.onDidChange(() => this.changed());
    this.watcher.onDidDelete(() => this.changed());
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.watcher?.dispose();
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
