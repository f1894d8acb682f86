// The sandboxes serving saved investigations' fixtures folders, one per folder, started when a
// notebook naming `fixtures:` first runs and kept until the window closes (or the folder is saved
// again). Their requests are recorded like the local sandbox's, in the Requests view.
import type * as vscode from 'vscode';
import type { HealthApiClient } from '../api/client';
import type { EmbeddedSandbox } from '../connection/embeddedSandbox';

export interface RecordingWorldDeps {
  startSandbox: (fixturesDir: string) => Promise<EmbeddedSandbox>;
  clientFor: (baseUrl: string, apiKey: string) => HealthApiClient;
}

interface World {
  sandbox: EmbeddedSandbox;
  client: HealthApiClient;
}

export class RecordingWorlds implements vscode.Disposable {
  private readonly worlds = new Map<string, Promise<World>>();

  constructor(private readonly deps: RecordingWorldDeps) {}

  /** A client of the sandbox serving `fixturesDir` alone. */
  async client(fixturesDir: string): Promise<HealthApiClient> {
    let world = this.worlds.get(fixturesDir);
    if (!world) {
      world = this.deps.startSandbox(fixturesDir).then((sandbox) => ({ sandbox, client: this.deps.clientFor(sandbox.url, sandbox.apiKey) }));
      this.worlds.set(fixturesDir, world);
      world.catch(() => this.worlds.delete(fixturesDir));
    }
    return (await world).client;
  }

  /** The folder was written again: its sandbox stops, and the next run reads it afresh. */
  forget(fixturesDir: string): void {
    const world = this.worlds.get(fixturesDir);
    this.worlds.delete(fixturesDir);
    void world?.then(close).catch(() => undefined);
  }

  dispose(): void {
    for (const world of this.worlds.values()) void world.then(close).catch(() => undefined);
    this.worlds.clear();
  }
}

async function close(world: World): Promise<void> {
  await world.client.close();
  await world.sandbox.close();
}
