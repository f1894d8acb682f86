import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ShellApiConnection } from '../connection/shellApiConnection';
import { AGENT_COMMANDS } from '../constants';
import type { JsonDocumentProvider } from '../jsonDocuments/jsonDocumentProvider';
import { agentStrings } from '../l10n/agentStrings';
import type { LoadAgentCatalogue } from '../lm/agentCatalogueBundle';
import { mcpLaunchTarget } from '../lm/mcpServerDefinitions';
import { environmentLabel } from '../l10n/shellStrings';
import type { AgentSettings } from '../storage/agentSettings';
import { baseUrlSettingId } from '../storage/shellSettings';
import type { Command } from '../services';
import { nextStepCommand } from '../ui/nextStepCommand';

/**
 * Health Data: Set Up Agent Access… — a read-only Markdown page with the MCP configuration of the
 * active environment for Cursor, Claude Code and VS Code's mcp.json. The key is a placeholder
 * (HEALTH_DATA_API_KEY) in every snippet: this command never reads it.
 */
export class SetUpAgentAccessCommand implements Command {
  readonly id = AGENT_COMMANDS.setUpAgentAccess;

  constructor(
    private readonly extensionPath: string,
    private readonly connection: ShellApiConnection,
    private readonly settings: AgentSettings,
    private readonly documents: JsonDocumentProvider,
    private readonly loadCatalogue: LoadAgentCatalogue,
  ) {}

  async execute(): Promise<void> {
    const info = this.connection.environment();
    const target = mcpLaunchTarget(this.connection, this.settings);
    const resolved = this.connection.resolved();
    if (!target) {
      if (resolved.kind === 'misconfigured') await vscode.commands.executeCommand('workbench.action.openSettings', baseUrlSettingId(resolved.id));
      void vscode.window.showErrorMessage(agentStrings.mcpMisconfigured(environmentLabel(info.id)));
      return;
    }
    const configs = this.loadCatalogue().agentClientConfigs({ script: path.join(this.extensionPath, 'dist', 'mcp.js'), environmentLabel: info.label, target });
    // Without a key the snippets still work for an agent that has one; VS Code's own tools do not.
    const keyMissing = (await this.connection.apiKeyState(info.id)) === 'missing';
    const text = keyMissing ? `${agentStrings.setUpWithoutKey(info.label)}\n\n${configs}` : configs;
    if (keyMissing) {
      const step = nextStepCommand('setApiKey', info.id);
      void vscode.window.showWarningMessage(agentStrings.setUpWithoutKeyNotice(info.label), step.title).then((choice) => {
        if (choice === step.title) void vscode.commands.executeCommand(step.command, ...(step.arguments ?? []));
      });
    }
    const document = await vscode.workspace.openTextDocument(this.documents.storeText(agentStrings.setUpTitle(info.label), text));
    await vscode.languages.setTextDocumentLanguage(document, 'markdown');
    await vscode.window.showTextDocument(document, { preview: false });
  }
}
