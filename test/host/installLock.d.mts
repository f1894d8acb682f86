// Types for installLock.mjs, so TypeScript tests can use it.
export declare function withInstallLock<T>(
  dir: string,
  options: { log?: (message: string) => void; what?: string },
  fn: () => Promise<T>,
): Promise<T>;
