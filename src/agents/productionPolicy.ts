// Whether an agent may read an environment: production is off for agents unless the person turned
// it on (healthData.agents.production), and then every call asks unless they chose "allow".
// Pure and tiny: the extension reads it at activation without loading the tool catalogue.

export const PRODUCTION_ACCESS = ['never', 'ask', 'allow'] as const;
export type ProductionAccess = (typeof PRODUCTION_ACCESS)[number];
export const DEFAULT_PRODUCTION_ACCESS: ProductionAccess = 'never';

export type AgentAccess = 'run' | 'ask' | 'refuse';

export function parseProductionAccess(value: unknown): ProductionAccess {
  return (PRODUCTION_ACCESS as readonly unknown[]).includes(value) ? (value as ProductionAccess) : DEFAULT_PRODUCTION_ACCESS;
}

export function agentAccess(production: boolean, setting: ProductionAccess): AgentAccess {
  if (!production) return 'run';
  return setting === 'allow' ? 'run' : setting === 'ask' ? 'ask' : 'refuse';
}
