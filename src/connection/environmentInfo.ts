import type { ResolvedEnvironment } from '../domain/environments';
import { environmentLabel } from '../l10n/shellStrings';
import type { ApiKeyState, EnvironmentInfo } from '../services';
import type { ApiKeyStore } from '../storage/apiKeyStore';

// What an environment shows (status bar, context keys, titles), shared by the shell's connection and
// the bootstrap's reader of the same settings, stored choice and secrets before the shell is loaded.

/** `sandboxUrl`: the embedded sandbox's address once it has started. */
export function environmentInfo(resolved: ResolvedEnvironment, sandboxUrl: string | undefined): EnvironmentInfo {
  return {
    id: resolved.id,
    label: environmentLabel(resolved.id),
    baseUrl: resolved.kind === 'remote' ? resolved.baseUrl : resolved.kind === 'localSandbox' ? sandboxUrl : undefined,
    isLocalSandbox: resolved.kind === 'localSandbox',
  };
}

export async function apiKeyStateOf(resolved: ResolvedEnvironment, keys: Pick<ApiKeyStore, 'has'>): Promise<ApiKeyState> {
  if (resolved.kind === 'localSandbox') return 'notNeeded';
  if (resolved.kind === 'misconfigured') return 'misconfigured';
  return (await keys.has(resolved.secretName)) ? 'set' : 'missing';
}
