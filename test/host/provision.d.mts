// Types for provision.mjs, so TypeScript tests (test/e2e) can use it.
export declare const CODE_SERVER_VERSION: string;
export declare const REPO_ROOT: string;
export declare const VSCODE_TEST_DIR: string;
export declare const CODE_SERVER_DIR: string;
export declare function ensureCodeServer(options?: { log?: (message: string) => void }): Promise<string>;
export declare function isCodeServerInstalled(): boolean;
export declare function makeKerberosOptional(vscodeDir: string): void;
