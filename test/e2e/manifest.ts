// What package.json promises the user sees: activity-bar containers and palette commands.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../host/provision.mjs';

interface Manifest {
  contributes?: {
    viewsContainers?: { activitybar?: { id: string; title: string }[] };
    commands?: { command: string; title: string; category?: string }[];
    menus?: { commandPalette?: { command: string; when?: string }[] };
  };
}

function readManifest(): Manifest {
  return JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as Manifest;
}

export function activityBarContainerTitles(): string[] {
  return (readManifest().contributes?.viewsContainers?.activitybar ?? []).map((container) => container.title);
}

/**
 * Palette labels ("Category: Title") of commands that F1 shows unconditionally: commands with a
 * `when` clause in menus.commandPalette depend on context and are left to feature tests.
 */
export function alwaysVisiblePaletteLabels(): string[] {
  const contributes = readManifest().contributes ?? {};
  const conditional = new Set((contributes.menus?.commandPalette ?? []).filter((e) => e.when).map((e) => e.command));
  return (contributes.commands ?? [])
    .filter((command) => !conditional.has(command.command))
    .map((command) => (command.category ? `${command.category}: ${command.title}` : command.title));
}
