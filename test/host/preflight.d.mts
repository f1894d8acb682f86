// Types for preflight.mjs, so the benchmark runner (TypeScript) can use it.
import type { Host } from './hosts.mjs';

export declare function ensurePrerequisites(options: { browser: boolean; hosts?: readonly Host[] }): void;
