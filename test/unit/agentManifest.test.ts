// package.json's language-model tools are the catalogue's (npm run agents:manifest writes them):
// same names, descriptions and input schemas; the extension registers exactly these; the settings
// and the MCP definition provider are declared; the .vsix ships both new bundles.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { AGENT_TOOLS } from '../../src/agents/catalogue';
import { agentAccess, parseProductionAccess, PRODUCTION_ACCESS } from '../../src/agents/productionPolicy';
import { languageModelToolContributions } from '../../src/agents/toolManifest';
import { catalogueToolName, toolReferenceName, vscodeToolName } from '../../src/agents/toolNames';
import { MCP_SERVER_DEFINITION_PROVIDER_ID, MCP_SERVER_OFFERED_CONTEXT_KEY } from '../../src/constants';

const ROOT = join(import.meta.dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  contributes: { languageModelTools: Record<string, unknown>[]; mcpServerDefinitionProviders: { id: string }[]; configuration: { properties: Record<string, { default?: unknown; scope?: string; enum?: string[] }> } };
  dependencies: Record<string, string>;
};

describe('language-model tools in package.json', () => {
  test('match the catalogue exactly (run `npm run agents:manifest` after changing a tool)', () => {
    assert.deepEqual(manifest.contributes.languageModelTools, languageModelToolContributions());
  });

  test('names, references and schemas VS Code accepts', () => {
    for (const tool of manifest.contributes.languageModelTools) {
      assert.match(String(tool.name), /^(?!copilot_|vscode_)[\w-]+$/);
      assert.match(String(tool.toolReferenceName), /^[\w-]+$/);
      assert.equal(tool.canBeReferencedInPrompt, true);
      assert.ok(String(tool.modelDescription).length > 100, 'a description written for a model');
      assert.equal((tool.inputSchema as { type: string }).type, 'object');
      assert.equal(tool.when, `!${MCP_SERVER_OFFERED_CONTEXT_KEY}`);
    }
    assert.deepEqual(AGENT_TOOLS.map((tool) => catalogueToolName(vscodeToolName(tool.name))), AGENT_TOOLS.map((tool) => tool.name));
    assert.equal(toolReferenceName('diagnose_user'), 'healthDiagnoseUser');
    assert.equal(catalogueToolName('other_tool'), undefined);
  });

  test('every tool says what it costs and when to use it', () => {
    for (const tool of AGENT_TOOLS) {
      assert.match(tool.description, /Cost: /, tool.name);
      assert.match(tool.description, /Use it/, tool.name);
    }
  });
});

describe('agent settings and surfaces', () => {
  test('production is off for agents by default, and a workspace cannot turn it on', () => {
    const production = manifest.contributes.configuration.properties['healthData.agents.production']!;
    assert.equal(production.default, 'never');
    assert.equal(production.scope, 'application');
    assert.deepEqual(production.enum, [...PRODUCTION_ACCESS]);
    assert.equal(parseProductionAccess(undefined), 'never');
    assert.equal(parseProductionAccess('sometimes'), 'never');
    assert.equal(agentAccess(true, 'never'), 'refuse');
    assert.equal(agentAccess(true, 'ask'), 'ask');
    assert.equal(agentAccess(true, 'allow'), 'run');
    assert.equal(agentAccess(false, 'never'), 'run');
    const surface = manifest.contributes.configuration.properties['healthData.agents.surface']!;
    assert.equal(surface.default, 'languageModelTools');
    assert.equal(surface.scope, 'application');
  });

  test('the MCP definition provider is declared; the SDK is a dependency; the .vsix ships agents.js and mcp.js', () => {
    assert.deepEqual(manifest.contributes.mcpServerDefinitionProviders.map((provider) => provider.id), [MCP_SERVER_DEFINITION_PROVIDER_ID]);
    assert.ok(manifest.dependencies['@modelcontextprotocol/sdk']);
    const ignore = readFileSync(join(ROOT, '.vscodeignore'), 'utf8');
    assert.match(ignore, /^!dist\/agents\.js$/m);
    assert.match(ignore, /^!dist\/mcp\.js$/m);
  });
});
