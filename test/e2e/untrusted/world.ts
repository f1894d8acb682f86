// What the untrusted-input suites share: one workbench (each costs 30–40 CPU seconds to start:
// docs/test-hosts.md) whose Sandbox US and Sandbox EU are a switchboard, a loopback server that
// forwards every request to the sandbox of the suite now running (its own seed, its own key,
// hostile or not).
// A suite routes the switchboard to its sandbox and sets its key, as a user would; when done it
// leaves the workbench as a fresh window would be (no editor, no input box, no toast, views folded).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Workbench } from '../workbench';

export type Json = Record<string, unknown>;

/** Changes a JSON answer of `path` on its way back (the stand-in for a vendor sending odd values). */
export type Rewrite = (path: string, body: Json) => Json;

export interface Switchboard {
  url: string;
  /** Sends what arrives from now on to `target` (undefined: answer 503), through `rewrite` if given. */
  route(target: string | undefined, rewrite?: Rewrite): void;
  close(): Promise<void>;
}

export interface UntrustedWorld {
  workbench: Workbench;
  switchboard: Switchboard;
}

// Hop-by-hop headers, and those the forwarded (possibly rewritten) body no longer matches.
const NOT_FORWARDED = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding']);

function forwardable(headers: Iterable<[string, string | string[] | undefined]>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of headers) if (value !== undefined && !NOT_FORWARDED.has(name.toLowerCase())) kept[name] = String(value);
  return kept;
}

export async function startSwitchboard(): Promise<Switchboard> {
  let route: { target: string; rewrite?: Rewrite } | undefined;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const current = route;
      if (!current) {
        response.writeHead(503, { 'content-type': 'text/plain' });
        response.end('no suite is running');
        return;
      }
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      fetch(`${current.target}${request.url ?? '/'}`, { method: request.method ?? 'GET', headers: forwardable(Object.entries(request.headers)), ...(body ? { body } : {}), redirect: 'manual' })
        .then(async (answer) => {
          let text = await answer.text();
          if (current.rewrite && answer.ok && (answer.headers.get('content-type') ?? '').includes('json')) {
            text = JSON.stringify(current.rewrite(new URL(request.url ?? '/', current.target).pathname, JSON.parse(text) as Json));
          }
          response.writeHead(answer.status, forwardable(answer.headers.entries()));
          response.end(text);
        })
        .catch((error: unknown) => {
          response.writeHead(502, { 'content-type': 'text/plain' });
          response.end(String(error));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    route: (target, rewrite) => (route = target ? { target, ...(rewrite ? { rewrite } : {}) } : undefined),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The environments whose base URL is the switchboard (the extension keeps recent lab tests and requests per environment). */
export type SwitchboardEnvironment = 'Sandbox US' | 'Sandbox EU';

/**
 * Routes the switchboard to `target`, switches to `environment` and sets `apiKey` for it from F1
 * (the key is checked there, and the Users tree starts over), then waits until the tree lists
 * `firstUser` when given.
 */
export async function enterTeam(
  world: UntrustedWorld,
  environment: SwitchboardEnvironment,
  target: string,
  apiKey: string,
  options: { rewrite?: Rewrite; firstUser?: string } = {},
): Promise<void> {
  const { workbench, switchboard } = world;
  switchboard.route(target, options.rewrite);
  await workbench.openViewContainer();
  await workbench.switchEnvironmentAndSetKey(environment, apiKey);
  await workbench.waitForNotification(`API key saved for ${environment}`);
  await workbench.openViewContainer();
  const { firstUser } = options;
  if (firstUser) await workbench.waitForTreeItems((items) => items.some((item) => item.label === firstUser), "the team's users");
}

/**
 * Leaves the workbench as a fresh window would be: no input box, no editor, no toast, Requests
 * folded (the next suite's key starts the Users tree over), and the switchboard routing nowhere.
 */
export async function leaveClean(world: UntrustedWorld): Promise<void> {
  const { workbench, switchboard } = world;
  if (await workbench.quickInput().isVisible()) {
    await workbench.page.keyboard.press('Escape');
    await workbench.quickInput().waitFor({ state: 'hidden' });
  }
  await workbench.openViewContainer();
  // Out of any webview or editor first, so F1 reaches the workbench.
  await workbench.sideBar().locator('.composite.title h2').first().click();
  await workbench.runCommand('View: Close All Editors');
  await workbench.page.locator('.part.editor .tabs-container .tab').first().waitFor({ state: 'detached' });
  await workbench.runCommand('Notifications: Clear All Notifications');
  await workbench.page.locator('.notifications-toasts .notification-list-item').first().waitFor({ state: 'detached' });
  const requests = workbench.viewPane('Requests').locator('.pane-header').first();
  if ((await requests.getAttribute('aria-expanded')) === 'true') await requests.click();
  switchboard.route(undefined);
}
