import * as path from 'node:path';

/**
 * A bundle of dist/ required on first use instead of at activation (the HTTP client, the panels).
 * The path is computed, so esbuild leaves the require alone and the bundle stays its own file.
 */
export function lazyBundle<T>(extensionPath: string, fileName: string): () => T {
  let loaded: T | undefined;
  return () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy runtime load by design, see above
    loaded ??= require(path.join(extensionPath, 'dist', fileName)) as T;
    return loaded;
  };
}
