// How dist/mcp.js is started for an environment: the arguments, and the configuration a person
// pastes into an MCP client. The key is never among them: the server reads it from
// HEALTH_DATA_API_KEY, which each client fills from its own secret store or the shell's environment.
import type { EnvironmentId } from '../domain/environments';

export const API_KEY_VARIABLE = 'HEALTH_DATA_API_KEY';
export const MCP_SERVER_NAME = 'health-data';

export type McpLaunchTarget =
  | { kind: 'sandbox' }
  | { kind: 'remote'; environmentId: Exclude<EnvironmentId, 'local'>; baseUrl: string; apiKeyHeader: string; production: boolean; allowProduction: boolean };

export function mcpServerArgs(script: string, target: McpLaunchTarget): string[] {
  if (target.kind === 'sandbox') return [script, '--sandbox'];
  const args = [script, '--environment', target.environmentId, '--base-url', target.baseUrl, '--api-key-header', target.apiKeyHeader];
  if (target.production && target.allowProduction) args.push('--allow-production');
  return args;
}
