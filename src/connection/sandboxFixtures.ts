// The workspace's sandbox fixtures (.health-data/fixtures under the first folder): where "Save as
// Sandbox Fixture" writes and what the embedded sandbox serves. The sandbox re-reads its folder when
// a fixture changes; it is started again only when the folder it should serve is another one (the
// folder was just created, removed, or the workspace's first folder changed).
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

/** The folder the embedded sandbox should serve: the fixtures folder, when it is on disk. */
export function servedFixturesDir(): string | undefined {
  const folder = fixturesFolder();
  return folder?.scheme === 'file' && existsSync(folder.fsPath) ? folder.fsPath : undefined;
}

/** Which folder the running sandbox was started with, to tell when it must start again. */
export class ServedFixtures {
  private startedWith: string | undefined;

  /** The folder to start the sandbox with now (remembered). */
  forStart(): string | undefined {
    this.startedWith = servedFixturesDir();
    return this.startedWith;
  }

  isStale(): boolean {
    return servedFixturesDir() !== this.startedWith;
  }
}

/** Restarts the local sandbox (`reload`) once the fixtures folder settles, when it serves another folder than it should. */
export class SandboxFixturesWatcher implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[] = [];
  private watcher: vscode.FileSystemWatcher | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly served: ServedFixtures,
    private readonly reload: () => Promise<void>,
  ) {
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
      void this.reloadIfStale();
    }, SETTLE_MS);
  }

  /** Restarts the sandbox when it serves another folder than it should; otherwise it re-reads its own. */
  reloadIfStale(): Promise<void> {
    return this.served.isStale() ? this.reload() : Promise.resolve();
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
