import * as vscode from 'vscode';
import { parseProductionAccess, type ProductionAccess } from '../agents/productionPolicy';
import { CONFIG_SECTION, SETTINGS } from '../constants';

export type AgentSurface = 'languageModelTools' | 'mcpServer';

/** Typed reads of the agent settings. Both are application-scoped: a workspace cannot open production to agents. */
export class AgentSettings {
  private config(): vscode.WorkspaceConfiguration {
    return vscode.workspace.getConfiguration(CONFIG_SECTION);
  }

  productionAccess(): ProductionAccess {
    return parseProductionAccess(this.config().get(SETTINGS.agentsProduction));
  }

  surface(): AgentSurface {
    return this.config().get(SETTINGS.agentsSurface) === 'mcpServer' ? 'mcpServer' : 'languageModelTools';
  }

  affects(event: vscode.ConfigurationChangeEvent): boolean {
    return event.affectsConfiguration(`${CONFIG_SECTION}.agents`);
  }
}
