// Every string of agent access (language-model tools, the MCP server definition, Set Up Agent Access).
import * as vscode from 'vscode';

export const agentStrings = {
  invocation: (description: string): string => vscode.l10n.t('{0}', description),
  refusedInvocation: (environment: string): string => vscode.l10n.t('Not reading {0}: production is off for agents', environment),
  confirmTitle: (environment: string): string => vscode.l10n.t('Let an agent read {0}?', environment),
  confirmProduction: (environment: string): string =>
    vscode.l10n.t(
      '{0} is a production environment: this reads real health data. Agents ask before every call in production (setting healthData.agents.production: ask).',
      environment,
    ),
  productionRefused: (environment: string): string => vscode.l10n.t('{0} is production, and production is off for agents.', environment),
  productionRefusedNext: (): string =>
    vscode.l10n.t('Tell the person: to let agents read production, set healthData.agents.production to "ask" (asks before every call) or "allow" in the user settings; or switch to a sandbox environment.'),
  environmentChanged: (environment: string): string => vscode.l10n.t('the active environment changed to {0} after the call was confirmed.', environment),
  environmentChangedNext: (): string => vscode.l10n.t('Call the tool again; it will ask for this environment.'),
  logCall: (tool: string, environment: string, description: string): string => vscode.l10n.t('Agent tool {0} in {1}: {2}', tool, environment, description),
  logAnswer: (tool: string, characters: number, isError: boolean): string =>
    isError ? vscode.l10n.t('Agent tool {0} could not answer ({1} characters returned)', tool, characters) : vscode.l10n.t('Agent tool {0} answered ({1} characters)', tool, characters),
  dataHeading: (): string => 'Data (JSON):',
  mcpServerLabel: (environment: string): string => vscode.l10n.t('Health Data ({0})', environment),
  mcpNoKey: (environment: string): string => vscode.l10n.t('The Health Data MCP server cannot start: no API key is set for {0}. Run "Health Data: Set API Key…" first.', environment),
  mcpMisconfigured: (environment: string): string => vscode.l10n.t('The Health Data MCP server cannot start: the base URL setting of {0} cannot be used.', environment),
  mcpProductionRefused: (environment: string): string =>
    vscode.l10n.t('The Health Data MCP server does not start for {0}: production is off for agents (healthData.agents.production).', environment),
  mcpConfirmProduction: (environment: string): string =>
    vscode.l10n.t('Start the Health Data MCP server for {0}? It is production: the agent can then read real health data with every tool until the server stops.', environment),
  mcpStart: (): string => vscode.l10n.t('Start Server'),
  setUpTitle: (environment: string): string => vscode.l10n.t('Agent access for {0}.md', environment),
  setUpWithoutKey: (environment: string): string =>
    vscode.l10n.t(
      '> **{0} has no API key in VS Code yet.** The agent tools inside VS Code cannot read it until you set one (Health Data: Set API Key…). The configurations below take the key from the HEALTH_DATA_API_KEY variable of the agent\'s own environment, so they work once that variable holds it.',
      environment,
    ),
  setUpWithoutKeyNotice: (environment: string): string =>
    vscode.l10n.t('{0} has no API key: agents can be set up, but none can read it until a key is set.', environment),
};
