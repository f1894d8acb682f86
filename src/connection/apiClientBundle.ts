import * as path from 'node:path';
import type * as ApiClientModule from '../api/client';

export type LoadApiClient = () => typeof ApiClientModule;

/** Requires dist/<file> on the first call (a computed path: esbuild leaves it out of extension.js). */
export function lazyBundle<T>(extensionPath: string, file: string): () => T {
  let loaded: T | undefined;
  return () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy runtime load by design, see above
    loaded ??= require(path.join(extensionPath, 'dist', file)) as T;
    return loaded;
  };
}

/**
 * The HTTP client (undici and the response schemas: most of the extension's weight) is its own
 * bundle, dist/apiClient.js, required on the first request instead of at activation.
 */
export function apiClientLoader(extensionPath: string): LoadApiClient {
  return lazyBundle<typeof ApiClientModule>(extensionPath, 'apiClient.js');
}
