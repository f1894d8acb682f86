// Types for provision.mjs, so TypeScript tests (test/e2e) can use it.
import type { Host } from './hosts.mjs';

export declare const REPO_ROOT: string;
export declare const VSCODE_TEST_DIR: string;
export declare function codeServerDir(host: Host): string;
export declare function hostNode(host: Host): { execPath: string; headersDir: string | undefined; provisioned: boolean };
export declare function isHostInstalled(host: Host): boolean;
export declare function ensureHost(host: Host, options?: { log?: (message: string) => void }): Promise<{ host: Host; node: string; entry: string }>;
export declare function makeKerberosOptional(vscodeDir: string): void;
