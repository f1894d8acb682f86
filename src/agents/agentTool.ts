// One tool of the agent catalogue: what a model reads about it (name, description, input schema),
// the sentence a person sees before it runs, and the handler. The same definition is served as a
// VS Code language-model tool (src/lm) and as an MCP tool (src/mcp). Pure: no vscode, no process.
import type { z } from 'zod';
import type { HealthApiClient } from '../api/client';
import type { RequestRecord } from '../domain/requests/requestRecords';
import type { AgentSession } from './agentSession';

/** Where a tool's requests go; every result names it. */
export interface AgentEnvironment {
  id: string;
  /** As the person sees it: "Sandbox US", "Local sandbox (sample data)". */
  label: string;
  production: boolean;
}

export interface AgentProgress {
  message: string;
  done?: number;
  total?: number;
}

export interface AgentToolContext {
  environment: AgentEnvironment;
  /** The client of the environment; may reject (no key set, base URL unusable). */
  client(): Promise<HealthApiClient>;
  /** Aborted when the caller cancels: every request stops. */
  signal?: AbortSignal;
  /** The recorded requests of this window (VS Code) or of this server (MCP), oldest first. */
  requests(): readonly RequestRecord[];
  /** State kept between calls of one surface: the last coverage scan, for paging through it. */
  session: AgentSession;
  onProgress?(progress: AgentProgress): void;
  /** Users a coverage scan reads at once; default 4. */
  scanConcurrency?: number;
  /**
   * Set when the result must leave scrubbed (healthData.scrub.when; a production target by default):
   * the key of the pseudonyms, never part of a result.
   */
  scrubSecret?: string;
  /** Pins "today" (tests, the bench); default Date.now(). */
  nowMs?: number;
}

export interface AgentToolResult {
  /** Short plain text with the facts, API strings quoted; first line names the environment. */
  text: string;
  /** The same facts as JSON. */
  data: Record<string, unknown>;
  /** True when the call could not answer (bad input, unknown user, API failure). */
  isError: boolean;
}

export interface AgentTool<Input = unknown> {
  /** snake_case, as MCP clients show it; VS Code's name is derived from it (toolNames.ts). */
  readonly name: string;
  readonly title: string;
  /** For the model: what it answers, when to use it, what it costs. */
  readonly description: string;
  readonly input: z.ZodType<Input>;
  /** What is about to be read, for a person: "Reading blood pressure of "acme-42", last 30 days". */
  describeCall(input: Input): string;
  run(input: Input, context: AgentToolContext): Promise<AgentToolResult>;
}

/** Keeps each tool's input type while the catalogue holds them in one list. */
export function defineTool<Input>(tool: AgentTool<Input>): AgentTool<Input> {
  return tool;
}
