// The agent tools in the real extension host (issue 21): vscode.lm.tools lists them with their
// schemas, vscode.lm.invokeTool runs each against a sandbox without a model, the Requests view
// records the calls as made for an agent and the log names them; production is refused by default,
// asks through the tool confirmation when the setting says "ask", and runs when it says "allow". The MCP server definition provider is tested only where
// VS Code has the API (1.101+): on 1.100.3 that test is skipped.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ourExtension, waitFor } from './helpers';
import { openPanelsFixture, type PanelsFixture } from './panelsSupport';

const TOOL_PREFIX = 'healthData_';
const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('healthData');

interface ContributedTool {
  name: string;
  inputSchema: object;
}

let fixture: PanelsFixture & { close(): Promise<void> };
let restoreAiFeatures: (() => Thenable<void>) | undefined;

function contributedTools(): ContributedTool[] {
  return (ourExtension().packageJSON as { contributes: { languageModelTools: ContributedTool[] } }).contributes.languageModelTools;
}

function textOf(result: vscode.LanguageModelToolResult): { text: string; data: Record<string, unknown> } {
  const parts = result.content.filter((part): part is vscode.LanguageModelTextPart => part instanceof vscode.LanguageModelTextPart).map((part) => part.value);
  assert.equal(parts.length, 2, 'a text part and a data part');
  const [text, data] = parts as [string, string];
  assert.match(data, /^Data \(JSON\):\n/);
  return { text, data: JSON.parse(data.slice(data.indexOf('\n') + 1)) as Record<string, unknown> };
}

async function invoke(tool: string, input: object): Promise<{ text: string; data: Record<string, unknown> }> {
  return textOf(await vscode.lm.invokeTool(`${TOOL_PREFIX}${tool}`, { input, toolInvocationToken: undefined }));
}

suite('Agent tools: language-model tools and the MCP server in VS Code', () => {
  suiteSetup(async function () {
    this.timeout(120_000);
    fixture = await openPanelsFixture({ users: 20, seed: 6, heavyUserReadings: 5_000 });
    // Newer VS Code hides extension tools while AI features are disabled (the test host's quiet
    // settings disable them); 1.100 has no such setting. Turn it off for this suite where it exists.
    const chat = vscode.workspace.getConfiguration('chat');
    if (chat.inspect('disableAIFeatures')?.defaultValue !== undefined && chat.get('disableAIFeatures') === true) {
      await chat.update('disableAIFeatures', false, vscode.ConfigurationTarget.Global);
      restoreAiFeatures = () => chat.update('disableAIFeatures', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  suiteTeardown(async () => {
    await config().update('agents.production', undefined, vscode.ConfigurationTarget.Global);
    await config().update('agents.surface', undefined, vscode.ConfigurationTarget.Global);
    await config().update('baseUrl.productionUs', undefined, vscode.ConfigurationTarget.Global);
    await restoreAiFeatures?.();
    await fixture?.close();
  });

  test('vscode.lm.tools lists every tool with the schema package.json declares', async () => {
    const contributed = contributedTools();
    assert.equal(contributed.length, 8);
    const listed = await waitFor(() => {
      const ours = vscode.lm.tools.filter((tool) => tool.name.startsWith(TOOL_PREFIX));
      return ours.length === contributed.length && ours;
    }, 'our tools in vscode.lm.tools');
    for (const tool of contributed) {
      const info = listed.find((candidate) => candidate.name === tool.name) ?? assert.fail(`${tool.name} is listed`);
      assert.deepEqual(info.inputSchema, tool.inputSchema, tool.name);
      assert.ok(info.description.length > 100, `${tool.name} has its model description`);
    }
  });

  test('each tool runs through invokeTool against the sandbox; the Requests view records the calls as made for an agent', async function () {
    this.timeout(120_000);
    await vscode.commands.executeCommand('healthData.requests.clear');
    const users = (await fixture.client.listUsers({ limit: 20 })).users;
    const story = users[11] ?? assert.fail('story user #10');
    const labTest = fixture.sandbox.labTests[0] ?? assert.fail('a lab test');
    const calls: [string, object][] = [
      ['find_user', { user: story.client_user_id }],
      ['list_users', { limit: 5 }],
      ['blood_pressure_summary', { user: 'sample-heavy-reader', days: 90, raw_readings: 3 }],
      ['diagnose_user', { user: story.client_user_id }],
      ['scan_coverage', { first: 12 }],
      ['lab_test_markers', { lab_test_id: labTest.id, size: 3 }],
      ['order_set_markers', { lab_test_ids: [labTest.id], size: 3 }],
      ['recent_requests', { errors_only: false, limit: 10 }],
    ];
    for (const [tool, input] of calls) {
      const { text, data } = await invoke(tool, input);
      assert.match(text, new RegExp(`^Health Data · Sandbox US · ${tool}\n`), text.slice(0, 300));
      assert.equal(data.ok, true, text);
      assert.ok(text.length + JSON.stringify(data).length <= 8_000);
    }
    const diagnosis = await invoke('diagnose_user', { user: story.client_user_id });
    assert.match(diagnosis.text, /stopped syncing/);
    const records = fixture.testing.requestRecorder.records.all();
    const byTool = new Set(records.map((record) => record.agentTool));
    for (const tool of ['find_user', 'list_users', 'blood_pressure_summary', 'diagnose_user', 'scan_coverage', 'lab_test_markers', 'order_set_markers']) {
      assert.ok(byTool.has(tool), `a request recorded for ${tool}`);
    }
    assert.ok(records.every((record) => record.agentTool !== undefined), 'every request of these calls is marked');
    const rows = fixture.testing.requestsView.provider.getChildren();
    const items = rows.map((row) => fixture.testing.requestsView.provider.getTreeItem(row));
    assert.ok(items.some((item) => String(item.description).includes('for agent (diagnose_user)')), 'the row says it was made for an agent');
    assert.ok(fixture.testing.requestLogLines().some((line) => /Sandbox US · for agent tool diagnose_user$/.test(line)), 'the log names the tool');
    const recent = await invoke('recent_requests', { limit: 5 });
    assert.ok((recent.data.recorded as number) >= records.length);
  });

  test('bad input and unknown users come back as results, not errors', async () => {
    const unknown = await invoke('find_user', { user: 'no-one-by-this-id' });
    assert.equal(unknown.data.ok, false);
    assert.match(unknown.text, /no user has client_user_id "no-one-by-this-id" in Sandbox US/);
    const bad = await invoke('blood_pressure_summary', { user: 'x', start_date: '31/01/2026' });
    assert.equal(bad.data.ok, false);
  });

  test('production: refused by default, asks when the setting says ask, runs when it says allow', async function () {
    this.timeout(120_000);
    await config().update('baseUrl.productionUs', fixture.sandbox.url, vscode.ConfigurationTarget.Global);
    await fixture.testing.connection.selectEnvironment('productionUs');
    assert.equal((await fixture.testing.setApiKey(fixture.sandbox.apiKey)).ok, true);
    const input = { user: 'sample-heavy-reader' };
    try {
      const before = fixture.sandbox.requestCount();
      const refused = await invoke('find_user', input);
      assert.equal(refused.data.ok, false);
      assert.match(refused.text, /Production US \(PRODUCTION\)/);
      assert.match(refused.text, /production is off for agents/);
      assert.equal(fixture.sandbox.requestCount(), before, 'nothing was read');

      // The confirmation VS Code shows before the call. (A test host confirms every dialog by itself
      // — DialogService.skipDialogs — so the suite reads what prepareInvocation hands VS Code.)
      const tools = fixture.testing.agentTools ?? assert.fail('the tools are registered');
      const unasked = tools.prepareInvocation('find_user', input);
      assert.equal(unasked.confirmationMessages, undefined, 'never: nothing to confirm, the call is refused');
      await config().update('agents.production', 'ask', vscode.ConfigurationTarget.Global);
      const asked = tools.prepareInvocation('find_user', input);
      assert.equal(asked.confirmationMessages?.title, 'Let an agent read Production US?');
      const message = asked.confirmationMessages.message;
      // Markdown with the model's input escaped as text (appendText): read it back as plain text.
      const detail = (typeof message === 'string' ? message : message.value).replace(/&nbsp;/g, ' ').replace(/\\(.)/g, '$1');
      assert.match(detail, /Looking up user "sample-heavy-reader" in Production US/);
      assert.match(detail, /production environment: this reads real health data/);
      assert.match(String(asked.invocationMessage), /Looking up user "sample-heavy-reader" in Production US/);
      const confirmed = await invoke('find_user', input);
      assert.equal(confirmed.data.ok, true, confirmed.text);
      assert.ok(fixture.sandbox.requestCount() > before, 'the confirmed call read production');
      const records = fixture.testing.requestRecorder.records.all();
      assert.equal(records[records.length - 1]?.environmentLabel, 'Production US');

      await config().update('agents.production', 'allow', vscode.ConfigurationTarget.Global);
      const allowed = await invoke('find_user', input);
      assert.equal(allowed.data.ok, true);
    } finally {
      await config().update('agents.production', undefined, vscode.ConfigurationTarget.Global);
      await fixture.testing.clearApiKey();
      await fixture.testing.connection.selectEnvironment('sandboxUs');
    }
  });

  test('Set Up Agent Access shows the configuration with the key as a placeholder', async () => {
    await vscode.commands.executeCommand('healthData.setUpAgentAccess');
    const document = await waitFor(() => vscode.window.activeTextEditor?.document.uri.path.includes('Agent access for Sandbox US') && vscode.window.activeTextEditor.document, 'the agent access page');
    const text = document.getText();
    assert.match(text, /## Cursor[\s\S]*## Claude Code[\s\S]*## VS Code/);
    assert.ok(text.includes(fixture.sandbox.url), 'the environment\'s base URL');
    assert.match(text, /dist[/\\]mcp\.js/);
    assert.ok(!text.includes(fixture.sandbox.apiKey), 'never the key');
    assert.equal(document.languageId, 'markdown');
  });

  test('MCP server definitions (VS Code 1.101+ only): no key until resolved, then the server answers', async function () {
    this.timeout(120_000);
    const [major = 0, minor = 0] = vscode.version.split('.').map(Number);
    const finalized = major > 1 || (major === 1 && minor >= 101);
    const hasApi = typeof (vscode.lm as { registerMcpServerDefinitionProvider?: unknown }).registerMcpServerDefinitionProvider === 'function';
    if (!finalized || !hasApi) {
      // 1.100 has only a pre-release form of the API (it wants another contribution point).
      assert.equal(fixture.testing.mcpServerDefinitions, undefined, 'no provider before 1.101');
      console.log(`  (skipped: VS Code ${vscode.version} has no finalized vscode.lm.registerMcpServerDefinitionProvider)`);
      this.skip();
    }
    const provider = fixture.testing.mcpServerDefinitions ?? assert.fail('the provider is registered where the API exists');
    assert.deepEqual(provider.provideMcpServerDefinitions(), [], 'nothing while the language-model tools are the surface');
    await config().update('agents.surface', 'mcpServer', vscode.ConfigurationTarget.Global);
    try {
      // The language-model tools are hidden from chat by their when clause. (VS Code 1.139's
      // vscode.lm.tools lists tools whatever their when clause says; its chat filters by it.)
      const contributed = (ourExtension().packageJSON as { contributes: { languageModelTools: { name: string; when?: string }[] } }).contributes.languageModelTools;
      assert.deepEqual(contributed.filter((tool) => tool.when !== '!healthData.agents.mcpServerOffered').map((tool) => tool.name), []);
      await waitFor(() => provider.provideMcpServerDefinitions().length === 1, 'the server offered for the active environment');
      const [definition] = provider.provideMcpServerDefinitions();
      assert.ok(definition, 'one server for the active environment');
      assert.ok(!JSON.stringify(definition).includes(fixture.sandbox.apiKey), 'no key before resolve');
      const resolved = (await provider.resolveMcpServerDefinition(definition)) ?? assert.fail('resolved');
      assert.equal(resolved.env.HEALTH_DATA_API_KEY, fixture.sandbox.apiKey, 'the key travels in the environment');
      const env = Object.fromEntries(Object.entries({ ...process.env, ...resolved.env }).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
      const client = new Client({ name: 'hde-integration', version: '1.0.0' });
      await client.connect(new StdioClientTransport({ command: resolved.command, args: resolved.args, env }));
      try {
        const { tools } = await client.listTools();
        assert.equal(tools.length, 8);
        const result = await client.callTool({ name: 'list_users', arguments: { limit: 3 } });
        assert.match((result.content as { text: string }[])[0]!.text, /Sandbox US/);
      } finally {
        await client.close();
      }
    } finally {
      await config().update('agents.surface', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
