import * as path from 'node:path';
import type * as AgentCatalogue from '../agents/catalogue';

export type LoadAgentCatalogue = () => typeof AgentCatalogue;

/**
 * The tool catalogue (the tools and their zod schemas) is its own bundle, dist/agents.js, required on
 * the first tool call instead of at activation, like the HTTP client.
 */
export function agentCatalogueLoader(extensionPath: string): LoadAgentCatalogue {
  let loaded: typeof AgentCatalogue | undefined;
  return () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy runtime load by design, see above
    loaded ??= require(path.join(extensionPath, 'dist', 'agents.js')) as typeof AgentCatalogue;
    return loaded;
  };
}
