// Types for prerequisites.mjs, so the unit tests can use it.
export declare const DEFAULT_CHROMIUM: string;

export interface Prerequisite {
  name: string;
  commands?: string[];
  files?: string[];
  /** Debian packages that provide it; empty when apt cannot (a browser chosen with HDE_CHROMIUM). */
  aptPackages: string[];
  why: string;
}

export interface Probes {
  hasCommand(name: string): boolean;
  hasFile(path: string): boolean;
  isRoot(): boolean;
  canSudo(): boolean;
  hasApt(): boolean;
}

export type Plan =
  | { action: 'none' }
  | { action: 'install'; missing: Prerequisite[]; packages: string[]; steps: string[][] }
  | { action: 'stop'; missing: Prerequisite[]; message: string };

export declare function prerequisitesFor(needs: { codeServerInstall: boolean; browser: boolean; chromiumPath?: string }): Prerequisite[];
export declare function planPrerequisites(prerequisites: Prerequisite[], probes: Probes, options?: { mayInstall?: boolean }): Plan;
export declare function installCommand(packages: string[], options?: { isRoot?: boolean }): string;
export declare function installNotice(plan: Extract<Plan, { action: 'install' }>): string;
