import * as path from 'node:path';
import type * as ApiClientModule from '../api/client';

export type LoadApiClient = () => typeof ApiClientModule;

/**
 * The HTTP client (undici and the response schemas: most of the extension's weight) is its own
 * bundle, dist/apiClient.js, required on the first request instead of at activation.
 */
export function apiClientLoader(extensionPath: string): LoadApiClient {
  let loaded: typeof ApiClientModule | undefined;
  return () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy runtime load by design, see above
    loaded ??= require(path.join(extensionPath, 'dist', 'apiClient.js')) as typeof ApiClientModule;
    return loaded;
  };
}
