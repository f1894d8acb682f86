// Shared helpers for tests that run inside the real extension host (see index.ts for how to add one).
import * as vscode from 'vscode';
import { EXTENSION_ID } from '../../src/constants';
import { versionAtLeast } from '../host/hosts.mjs';

interface ManifestCommand {
  command: string;
  title: string;
}

/** Our extension as the host sees it; fails the test when it is not loaded. */
export function ourExtension(): vscode.Extension<unknown> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (!extension) throw new Error(`Extension ${EXTENSION_ID} is not loaded in this host`);
  return extension;
}

/** Activates the extension (if needed) and returns what activate() returned. */
export async function activateExtension<Api = unknown>(): Promise<Api> {
  const extension = ourExtension();
  return (await extension.activate()) as Api;
}

/** Command ids the manifest contributes (`contributes.commands`). */
export function contributedCommandIds(): string[] {
  const manifest = ourExtension().packageJSON as { contributes?: { commands?: ManifestCommand[] } };
  return (manifest.contributes?.commands ?? []).map((entry) => entry.command);
}

/** View ids the manifest contributes, across every view container. */
export function contributedViewIds(): string[] {
  const manifest = ourExtension().packageJSON as { contributes?: { views?: Record<string, { id: string }[]> } };
  return Object.values(manifest.contributes?.views ?? {}).flatMap((views) => views.map((view) => view.id));
}

/**
 * Polls `probe` until it returns something other than undefined/false, for UI state that settles
 * asynchronously (tree refreshes, panel messages). Rejects with `what` after `timeoutMs`.
 */
export async function waitFor<T>(
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const reason = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
  throw new Error(`Timed out waiting for ${what}${reason}`);
}

/**
 * Whether the host this suite runs in is VS Code `minimum` or later (the suite runs in every test
 * host: the engine minimum and the newest). Use it for an API the older host lacks.
 */
export function vsCodeAtLeast(minimum: string): boolean {
  return versionAtLeast(vscode.version, minimum);
}

/**
 * Skips the running test (mocha: pending, named as such in the output) in hosts older than
 * `minimum`. Call first thing in a `function () {}` test body: `skipBelowVsCode(this, '1.101.0')`.
 */
export function skipBelowVsCode(context: Mocha.Context, minimum: string): void {
  if (!vsCodeAtLeast(minimum)) {
    console.log(`  (skipped in VS Code ${vscode.version}: needs ${minimum} or later)`);
    context.skip();
  }
}
