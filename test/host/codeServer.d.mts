// Types for codeServer.mjs, so TypeScript tests (test/e2e) can use it.
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
  /** Resolves when the server process exits. */
  exited: Promise<{ code: number | null; signal: string | null }>;
  output(): string;
  stop(options?: { keepProfile?: boolean }): Promise<void>;
}

export declare function freePort(): Promise<number>;
export declare function createProfile(options?: { settings?: Record<string, unknown>; root?: string }): Profile;
export declare function writeUserSettings(userDataDir: string, settings?: Record<string, unknown>): void;
export declare function installExtension(profile: Profile, vsixPath: string): Promise<void>;
export declare function startCodeServer(options?: {
  profile?: Profile;
  port?: number;
  workspace?: string;
  extraArgs?: string[];
  env?: Record<string, string>;
}): Promise<CodeServer>;
