import type * as AgentCatalogue from '../agents/catalogue';
import { lazyBundle } from '../connection/apiClientBundle';

export type LoadAgentCatalogue = () => typeof AgentCatalogue;

/**
 * The tool catalogue (the tools and their zod schemas) is its own bundle, dist/agents.js, required on
 * the first tool call instead of at activation, like the HTTP client.
 */
export function agentCatalogueLoader(extensionPath: string): LoadAgentCatalogue {
  return lazyBundle<typeof AgentCatalogue>(extensionPath, 'agents.js');
}
