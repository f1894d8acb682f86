// The page *Health Data: Set Up Agent Access…* shows: the MCP configuration of one environment for
// Cursor, Claude Code and VS Code's mcp.json, the key a placeholder in each. Part of the lazily
// loaded catalogue bundle: activation never pays for it.
import { API_KEY_VARIABLE, MCP_SERVER_NAME, mcpServerArgs, type McpLaunchTarget } from './mcpLaunch';

export interface ClientConfigInput {
  /** Absolute path of dist/mcp.js in the installed extension. */
  script: string;
  environmentLabel: string;
  target: McpLaunchTarget;
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

function shellQuote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A Markdown page with the configuration for Cursor, Claude Code and VS Code's mcp.json. */
export function agentClientConfigs(input: ClientConfigInput): string {
  const args = mcpServerArgs(input.script, input.target);
  const needsKey = input.target.kind === 'remote';
  const server = (env: Record<string, string> | undefined): Record<string, unknown> => ({ command: 'node', args, ...(env ? { env } : {}) });
  const cursor = { mcpServers: { [MCP_SERVER_NAME]: server(needsKey ? { [API_KEY_VARIABLE]: `\${env:${API_KEY_VARIABLE}}` } : undefined) } };
  const claude = { mcpServers: { [MCP_SERVER_NAME]: { type: 'stdio', ...server(needsKey ? { [API_KEY_VARIABLE]: `\${${API_KEY_VARIABLE}}` } : undefined) } } };
  const inputId = 'health-data-api-key';
  const vscodeConfig = {
    ...(needsKey ? { inputs: [{ type: 'promptString', id: inputId, description: `API key of ${input.environmentLabel}`, password: true }] } : {}),
    servers: { [MCP_SERVER_NAME]: { type: 'stdio', ...server(needsKey ? { [API_KEY_VARIABLE]: `\${input:${inputId}}` } : undefined) } },
  };
  const lines = [
    `# Agent access: ${input.environmentLabel}`,
    '',
    `The Health Data tools as an MCP server (\`${MCP_SERVER_NAME}\`, eight read-only tools), started by your MCP client with Node 20 or later.`,
    needsKey
      ? `The API key is never written here: each client reads it from \`${API_KEY_VARIABLE}\` (set it in your shell or your client's secret store).`
      : 'The local sandbox needs no key: the server starts its own sample data.',
  ];
  if (input.target.kind === 'remote' && input.target.production) {
    lines.push(
      '',
      input.target.allowProduction
        ? '**This is production**: the server is started with `--allow-production`, so the agent can read real health data without asking.'
        : '**This is production, and production is off for agents** (`healthData.agents.production` is `never`): the server below refuses to start until `--allow-production` is added.',
    );
  }
  lines.push(
    '',
    'The path points into the installed extension: it changes when the extension updates; run this command again then.',
    '',
    '## Cursor',
    '',
    'In `~/.cursor/mcp.json` (or `.cursor/mcp.json` in a project):',
    '',
    '```json',
    json(cursor),
    '```',
    '',
    '## Claude Code',
    '',
    'In `.mcp.json` at the project root (Claude Code expands `${…}` from its environment):',
    '',
    '```json',
    json(claude),
    '```',
    '',
    'or from a shell:',
    '',
    '```sh',
    `claude mcp add ${MCP_SERVER_NAME}${needsKey ? ` -e ${API_KEY_VARIABLE}='\${${API_KEY_VARIABLE}}'` : ''} -- node ${args.map(shellQuote).join(' ')}`,
    '```',
    '',
    '## VS Code (mcp.json)',
    '',
    'In `.vscode/mcp.json` or your user `mcp.json`' + (needsKey ? ' (VS Code asks for the key once and keeps it in its secret storage)' : '') + '. Inside VS Code the extension already offers these tools itself (see https://github.com/health-data-tools/health-data-explorer/blob/HEAD/docs/agents.md), so use this for another VS Code profile or a remote machine only:',
    '',
    '```json',
    json(vscodeConfig),
    '```',
    '',
  );
  return lines.join('\n');
}
