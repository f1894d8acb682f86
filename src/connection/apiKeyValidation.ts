import type { ResolvedEnvironment } from '../domain/environments';
import type { ApiKeyStore } from '../storage/apiKeyStore';
import { closeMissingKeyNotice } from '../ui/missingKeyNotice';
import { inRequestOrigin } from './requestOrigins';
import type { ShellApiConnection } from './shellApiConnection';

export type ApiKeyCheck = { ok: true; total: number } | { ok: false; error: unknown };

/**
 * Stores `apiKey` for `target` without checking it: the person chose Save Anyway because the check
 * could not reach the API (the key is not known to be wrong).
 */
export async function storeApiKeyUnchecked(keys: ApiKeyStore, apiKey: string, target: ResolvedEnvironment): Promise<void> {
  if (target.kind !== 'remote') throw new Error(`The ${target.id} environment takes no API key`);
  await keys.store(target.secretName, apiKey);
  closeMissingKeyNotice();
}

/**
 * Checks `apiKey` with one real request (list one user) against `target` (the active environment
 * unless said otherwise), and stores it only if the API accepted it. Nothing is written on any
 * failure, cancellation included.
 */
export async function validateAndStoreApiKey(
  connection: ShellApiConnection,
  keys: ApiKeyStore,
  apiKey: string,
  signal?: AbortSignal,
  target: ResolvedEnvironment = connection.resolved(),
): Promise<ApiKeyCheck> {
  const resolved = target;
  if (resolved.kind !== 'remote') throw new Error(`The ${resolved.id} environment takes no API key`);
  const client = connection.clientFor(resolved.id, resolved.baseUrl, apiKey);
  try {
    const page = await inRequestOrigin('keyCheck', () => client.listUsers({ limit: 1 }, signal ? { signal } : {}));
    await keys.store(resolved.secretName, apiKey);
    return { ok: true, total: page.total };
  } catch (error) {
    return { ok: false, error };
  } finally {
    // Saved or rejected, a "No API key" notice is out of date now.
    closeMissingKeyNotice();
    void client.close().catch(() => undefined);
  }
}
