// Types for codeServer.mjs, so TypeScript tests (test/e2e) can use it.
import type { Host } from './hosts.mjs';

export declare const QUIET_SETTINGS: Record<string, unknown>;

export interface Profile {
  root: string;
  userDataDir: string;
  extensionsDir: string;
  workspaceDir: string;
  xdgDir: string;
  tmpDir: string;
}

export interface CodeServer {
  /** The server process; the extension host is one of its descendants. */
  pid: number;
  host: string;
  port: number;
  origin: string;
  url: string;
  folder: string;
  profile: Profile;
  /** The VS Code build this server is. */
  vscodeHost: Host;
  /** Resolves when the server process exits. */
  exited: Promise<{ code: number | null; signal: string | null }>;
  output(): string;
  stop(options?: { keepProfile?: boolean }): Promise<void>;
}

export declare function freePort(): Promise<number>;
export declare function createProfile(options?: { settings?: Record<string, unknown>; root?: string }): Profile;
export declare function writeUserSettings(userDataDir: string, settings?: Record<string, unknown>): void;
/** HDE_HOSTS's first host, else the newest. */
export declare function defaultHost(): Host;
export declare function installExtension(profile: Profile, vsixPath: string, host?: Host): Promise<void>;
export declare function startCodeServer(options?: {
  profile?: Profile;
  port?: number;
  workspace?: string;
  extraArgs?: string[];
  env?: Record<string, string>;
  /** Which build to start (default: defaultHost()). */
  vscodeHost?: Host;
  /** Honour the URL's extension development/tests payload (smoke-test-driver mode on newer builds). */
  testPayload?: boolean;
}): Promise<CodeServer>;
