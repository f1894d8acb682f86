// The agent tool catalogue: every tool once, and the one way to run one. Input is checked here (a
// model's call may not match the schema: VS Code does not enforce it), and anything a tool throws
// becomes a result the model can act on. This file is the entry of dist/agents.js (loaded by the
// extension on the first tool call) and is bundled into dist/mcp.js.
import * as z from 'zod';
import type { AgentTool, AgentToolContext, AgentToolResult } from './agentTool';
import { AgentResultScrub } from './agentScrub';
import { errorResult } from './failures';
import { failureResult } from './resultBuilder';

/** A call the surface refuses before it runs (production off for agents): a result the model can act on. */
export { failureResult as refusalResult } from './resultBuilder';
import { bloodPressureSummaryTool } from './tools/bloodPressureSummary';
import { diagnoseUserTool } from './tools/diagnoseUser';
import { findUserTool } from './tools/findUser';
import { labTestMarkersTool, orderSetMarkersTool } from './tools/labMarkers';
import { listUsersTool } from './tools/listUsers';
import { recentRequestsTool } from './tools/recentRequests';
import { scanCoverageTool } from './tools/scanCoverage';

export { AgentSession } from './agentSession';
export { agentClientConfigs } from './clientConfigs';
export type { AgentEnvironment, AgentTool, AgentToolContext, AgentToolResult } from './agentTool';

export const AGENT_TOOLS: readonly AgentTool<never>[] = [
  findUserTool,
  listUsersTool,
  bloodPressureSummaryTool,
  diagnoseUserTool,
  scanCoverageTool,
  labTestMarkersTool,
  orderSetMarkersTool,
  recentRequestsTool,
] as unknown as readonly AgentTool<never>[];

export function agentTool(name: string): AgentTool<unknown> | undefined {
  return AGENT_TOOLS.find((tool) => tool.name === name) as AgentTool<unknown> | undefined;
}

/** The JSON schema of a tool's input, as package.json and MCP clients read it. */
export function inputJsonSchema(tool: AgentTool<unknown>): Record<string, unknown> {
  const { $schema: _draft, ...schema } = z.toJSONSchema(tool.input, { io: 'input' }) as Record<string, unknown>;
  return schema;
}

function inputProblem(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length > 0 ? issue.path.join('.') : 'input';
      if (issue.code === 'unrecognized_keys') return `unknown field(s) ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}`;
      return `${where}: ${issue.message}`;
    })
    .join('; ');
}

export type ParsedInput = { ok: true; input: unknown } | { ok: false; result: AgentToolResult };

export function parseInput(tool: AgentTool<unknown>, raw: unknown, context: Pick<AgentToolContext, 'environment'>): ParsedInput {
  const parsed = tool.input.safeParse(raw ?? {});
  if (parsed.success) return { ok: true, input: parsed.data };
  const fields = Object.keys((inputJsonSchema(tool).properties as Record<string, unknown> | undefined) ?? {}).join(', ');
  return {
    ok: false,
    result: failureResult(tool.name, context.environment, `the input does not fit the tool: ${inputProblem(parsed.error)}.`, `Call ${tool.name} again with the fields it takes: ${fields}.`),
  };
}

/** Runs `name` with `raw` input: checked, run, and every failure a result. Never throws. */
export async function runAgentTool(name: string, raw: unknown, context: AgentToolContext): Promise<AgentToolResult> {
  const tool = agentTool(name);
  if (!tool) return failureResult(name, context.environment, `there is no tool named ${JSON.stringify(name)}.`, `Use one of: ${AGENT_TOOLS.map((t) => t.name).join(', ')}.`);
  const scrub = context.scrubSecret === undefined ? undefined : new AgentResultScrub(context.scrubSecret, context.session);
  const parsed = parseInput(tool, scrub ? scrub.input(raw) : raw, context);
  if (!parsed.ok) return parsed.result;
  let result: AgentToolResult;
  try {
    result = await tool.run(parsed.input, scrub ? scrub.context(context) : context);
  } catch (error) {
    result = errorResult(tool.name, context.environment, error);
  }
  return scrub ? scrub.result(result) : result;
}

/** The sentence shown before a call runs ("Reading blood pressure of …"); a generic one for bad input. */
export function describeAgentCall(name: string, raw: unknown, environmentLabel: string): string {
  const tool = agentTool(name);
  if (!tool) return `Running ${name} in ${environmentLabel}`;
  const parsed = tool.input.safeParse(raw ?? {});
  return `${parsed.success ? tool.describeCall(parsed.data) : `Running ${tool.title}`} in ${environmentLabel}`;
}
