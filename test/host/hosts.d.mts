// Types for hosts.mjs, so TypeScript tests (test/e2e, bench, test/unit) can use it.
export interface Host {
  readonly name: 'minimum' | 'newest';
  /** code-server version on npm. */
  readonly codeServer: string;
  /** The VS Code version that code-server embeds. */
  readonly vscode: string;
  /** Node the host runs on (the system Node when its major matches, else npm's node-<os>-<arch>). */
  readonly node: string;
  /** Server flags without which the workbench ignores the URL's `payload`. */
  readonly testPayloadArgs: readonly string[];
  /** Where this build's @vscode/ripgrep postinstall looks before downloading from GitHub. */
  readonly ripgrepCache: { readonly folder: string; readonly file: string } | undefined;
}

export declare const HOSTS: readonly Host[];
export declare const MINIMUM_HOST: Host;
export declare const NEWEST_HOST: Host;
export declare function describeHost(host: Host): string;
export declare function versionAtLeast(version: string, minimum: string): boolean;
export declare function nodeMajor(version: string): number;
export declare function selectHosts(value: string | undefined, fallback: readonly Host[]): Host[];
export declare function selectHost(value: string | undefined, fallback: Host): Host;
export declare const SMOKE_E2E: string;
export declare function e2ePlan(hosts: readonly Host[], files?: readonly string[]): { host: Host; files: string[] | 'all' }[];
