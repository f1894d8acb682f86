import type * as ApiClientModule from '../api/client';
import { lazyBundle } from './lazyBundle';

export type LoadApiClient = () => typeof ApiClientModule;

/**
 * The HTTP client (undici and the response schemas: most of the extension's weight) is its own
 * bundle, dist/apiClient.js, required on the first request instead of at activation.
 */
export function apiClientLoader(extensionPath: string): LoadApiClient {
  return lazyBundle<typeof ApiClientModule>(extensionPath, 'apiClient.js');
}
