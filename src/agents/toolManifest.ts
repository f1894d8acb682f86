// The `contributes.languageModelTools` entries of package.json, made from the catalogue: names,
// descriptions and JSON schemas are written once (in the tools) and copied here by
// `npm run agents:manifest`; a unit test fails when package.json and the catalogue differ.
import { AGENT_TOOLS, inputJsonSchema, type AgentTool } from './catalogue';
import { toolReferenceName, vscodeToolName } from './toolNames';

const ICONS: Record<string, string> = {
  find_user: '$(person)',
  list_users: '$(organization)',
  blood_pressure_summary: '$(pulse)',
  diagnose_user: '$(question)',
  scan_coverage: '$(graph)',
  lab_test_markers: '$(beaker)',
  order_set_markers: '$(list-tree)',
  recent_requests: '$(history)',
};

export function languageModelToolContribution(tool: AgentTool<unknown>): Record<string, unknown> {
  return {
    name: vscodeToolName(tool.name),
    displayName: tool.title,
    toolReferenceName: toolReferenceName(tool.name),
    canBeReferencedInPrompt: true,
    icon: ICONS[tool.name] ?? '$(pulse)',
    tags: ['health-data', 'read-only'],
    userDescription: tool.description.split('. ')[0]?.replace(/\.?$/, '.') ?? tool.title,
    modelDescription: tool.description,
    inputSchema: inputJsonSchema(tool),
    when: '!healthData.agents.mcpServerOffered',
  };
}

export function languageModelToolContributions(): Record<string, unknown>[] {
  return AGENT_TOOLS.map((tool) => languageModelToolContribution(tool as AgentTool<unknown>));
}
