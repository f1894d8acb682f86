// The MCP server: its flags (production refused without --allow-production, the key only from the
// environment), the configuration Set Up Agent Access shows, and the real bundle started as
// `node mcp.js --sandbox` and driven by the SDK's own Client over stdio — tools listed with their
// schemas, each called, results checked, the key in no message of the transcript.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as esbuild from 'esbuild';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { AGENT_TOOLS, agentClientConfigs, inputJsonSchema } from '../../src/agents/catalogue';
import { API_KEY_VARIABLE, mcpServerArgs } from '../../src/agents/mcpLaunch';
import { parseServerArgs } from '../../src/mcp/serverArgs';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import { outsideQuotes } from '../support/agentContext';

const ROOT = join(import.meta.dirname, '..', '..');
const KEY = 'mcp-transcript-key-3e9a1f07c5';

describe('server flags', () => {
  const env = { [API_KEY_VARIABLE]: KEY };
  test('--sandbox needs no key; a base URL takes the key from the environment only', () => {
    assert.deepEqual(parseServerArgs(['--sandbox'], {}), { kind: 'run', target: { kind: 'sandbox', environment: { id: 'local', label: 'Local sandbox (sample data)', production: false } } });
    const remote = parseServerArgs(['--base-url', 'https://api.sandbox.us.junction.com/'], env);
    assert.equal(remote.kind, 'run');
    assert.deepEqual(remote.kind === 'run' && remote.target.kind === 'remote' && [remote.target.environment, remote.target.apiKeyHeader], [{ id: 'sandboxUs', label: 'Sandbox US', production: false }, 'x-vital-api-key']);
    assert.match(JSON.stringify(parseServerArgs(['--base-url', 'https://example.test'], {})), /HEALTH_DATA_API_KEY \(never as a flag\)/);
    assert.match(JSON.stringify(parseServerArgs(['--api-key', KEY], env)), /Unknown option: --api-key/);
    assert.match(JSON.stringify(parseServerArgs(['--base-url', 'http://example.test'], env)), /plainHttpToRemoteHost/);
    const custom = parseServerArgs(['--base-url=https://proxy.example.test/api', '--api-key-header', 'X-Vital-Api-Key'], env);
    assert.deepEqual(custom.kind === 'run' && custom.target.kind === 'remote' && [custom.target.environment.label, custom.target.apiKeyHeader], ['Custom (proxy.example.test)', 'x-vital-api-key']);
  });

  test('production is refused without --allow-production, by its address or by name', () => {
    for (const args of [['--base-url', 'https://api.us.junction.com'], ['--environment', 'productionEu'], ['--environment', 'productionUs', '--base-url', 'https://proxy.example.test']]) {
      const refused = parseServerArgs(args, env);
      assert.equal(refused.kind, 'error', args.join(' '));
      assert.match(refused.kind === 'error' ? refused.message : '', /is production: .*--allow-production/);
      const allowed = parseServerArgs([...args, '--allow-production'], env);
      assert.equal(allowed.kind === 'run' && allowed.target.environment.production, true);
    }
  });

  test('the launch arguments and the pasted configuration never hold the key', () => {
    const target = { kind: 'remote', environmentId: 'productionUs', baseUrl: 'https://api.us.junction.com', apiKeyHeader: 'x-service-api-key', production: true, allowProduction: false } as const;
    assert.deepEqual(mcpServerArgs('/ext/dist/mcp.js', target), ['/ext/dist/mcp.js', '--environment', 'productionUs', '--base-url', 'https://api.us.junction.com', '--api-key-header', 'x-service-api-key']);
    assert.ok(mcpServerArgs('/ext/dist/mcp.js', { ...target, allowProduction: true }).includes('--allow-production'));
    const page = agentClientConfigs({ script: '/ext/dist/mcp.js', environmentLabel: 'Production US', target });
    assert.match(page, /\$\{env:HEALTH_DATA_API_KEY\}/, 'Cursor reads it from the environment');
    assert.match(page, /"HEALTH_DATA_API_KEY": "\$\{HEALTH_DATA_API_KEY\}"/, 'Claude Code expands it');
    assert.match(page, /"password": true/, "VS Code's mcp.json prompts for it");
    assert.match(page, /production is off for agents/);
    for (const block of page.matchAll(/```json\n([\s\S]*?)```/g)) JSON.parse(block[1]!);
    const sandboxPage = agentClientConfigs({ script: '/ext/dist/mcp.js', environmentLabel: 'Local sandbox', target: { kind: 'sandbox' } });
    assert.match(sandboxPage, /"--sandbox"/);
    assert.doesNotMatch(sandboxPage, /HEALTH_DATA_API_KEY"/);
  });
});

describe('node mcp.js over stdio, driven by the SDK client', () => {
  let dir: string;
  let sandbox: SandboxHandle;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hde-mcp-'));
    // The same targets as esbuild.mjs (mcp.js loads sandbox.js and apiClient.js beside it).
    const bundles: [string, string][] = [
      ['src/mcp/server.ts', 'mcp.js'],
      ['src/sandbox/cli.ts', 'sandbox.js'],
      ['src/api/client.ts', 'apiClient.js'],
    ];
    await Promise.all(
      bundles.map(([entry, out]) => esbuild.build({ entryPoints: [join(ROOT, entry)], outfile: join(dir, out), bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'silent' })),
    );
    sandbox = await startSandbox({ port: 0, users: 20, seed: 4, apiKey: KEY });
  });
  after(async () => {
    await sandbox?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function connect(args: string[], env: Record<string, string> = {}): Promise<{ client: Client; transcript: string[]; stderr: () => string }> {
    const transcript: string[] = [];
    let stderr = '';
    const transport = new StdioClientTransport({ command: process.execPath, args: [join(dir, 'mcp.js'), ...args], env: { PATH: process.env.PATH ?? '', ...env }, stderr: 'pipe' });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'hde-test', version: '1.0.0' });
    await client.connect(transport);
    // Every message both ways, as the client sees them.
    const original = transport.onmessage;
    transport.onmessage = (message) => {
      transcript.push(JSON.stringify(message));
      original?.(message);
    };
    const send = transport.send.bind(transport);
    transport.send = async (message) => {
      transcript.push(JSON.stringify(message));
      return send(message);
    };
    return { client, transcript, stderr: () => stderr };
  }

  test('a production target: results scrubbed by default ($HEALTH_DATA_SCRUB_SECRET keys them), as received with HEALTH_DATA_SCRUB=never', async () => {
    const args = ['--environment', 'productionUs', '--base-url', sandbox.url, '--allow-production'];
    const listed = (await (await fetch(`${sandbox.url}/v2/user/?limit=1`, { headers: { 'x-service-api-key': KEY } })).json()) as { users: { client_user_id: string }[] };
    const user = listed.users[0]?.client_user_id ?? assert.fail('a user');
    const textOf = async (env: Record<string, string>): Promise<{ text: string; stderr: string }> => {
      const { client, stderr } = await connect(args, { [API_KEY_VARIABLE]: KEY, ...env });
      try {
        const result = await client.callTool({ name: 'find_user', arguments: { user } });
        return { text: `${(result.content as { text: string }[])[0]!.text}\n${JSON.stringify(result.structuredContent)}`, stderr: stderr() };
      } finally {
        await client.close();
      }
    };
    const scrubbed = await textOf({ HEALTH_DATA_SCRUB_SECRET: 'mcp-scrub-secret' });
    assert.ok(!scrubbed.text.includes(user), scrubbed.text);
    assert.match(scrubbed.text, /Scrubbed for sharing/);
    assert.match(scrubbed.stderr, /results scrubbed/);
    assert.ok(!scrubbed.stderr.includes('mcp-scrub-secret') && !scrubbed.text.includes('mcp-scrub-secret'), 'the key of the pseudonyms is never said');
    const again = await textOf({ HEALTH_DATA_SCRUB_SECRET: 'mcp-scrub-secret' });
    assert.equal(again.text.replace(/"at":"[^"]*"/g, ''), scrubbed.text.replace(/"at":"[^"]*"/g, ''), 'the same key, the same pseudonyms');
    const raw = await textOf({ HEALTH_DATA_SCRUB: 'never' });
    assert.ok(raw.text.includes(user), 'never: as received');
  });

  test('--sandbox: every tool is listed with its schema, and each call answers', async () => {
    const { client, transcript, stderr } = await connect(['--sandbox']);
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((tool) => tool.name), AGENT_TOOLS.map((tool) => tool.name));
      for (const tool of tools) {
        const mine = AGENT_TOOLS.find((candidate) => candidate.name === tool.name)!;
        const { $schema: _draft, ...schema } = tool.inputSchema as Record<string, unknown>;
        assert.deepEqual(schema, inputJsonSchema(mine as never), tool.name);
        assert.equal(tool.annotations?.readOnlyHint, true);
      }
      const calls: [string, Record<string, unknown>][] = [
        ['find_user', { user: 'patient-0011' }],
        ['list_users', { limit: 5 }],
        ['blood_pressure_summary', { user: 'patient-0015', days: 14 }],
        ['diagnose_user', { user: 'patient-0011' }],
        ['scan_coverage', { first: 15 }],
        ['lab_test_markers', { lab_test_id: '5a1c6c3e-2f4b-4d8e-9b61-0c7d2f1e8a01', size: 3 }],
        ['order_set_markers', { lab_test_ids: ['5a1c6c3e-2f4b-4d8e-9b61-0c7d2f1e8a01'], size: 3 }],
        ['recent_requests', { limit: 5 }],
      ];
      for (const [name, args] of calls) {
        const result = await client.callTool({ name, arguments: args });
        const text = (result.content as { type: string; text: string }[])[0]!.text;
        assert.equal(result.isError, false, `${name}: ${text}`);
        assert.match(text, new RegExp(`^Health Data · Local sandbox \\(sample data\\) · ${name}\n`));
        assert.equal((result.structuredContent as { tool: string }).tool, name);
      }
      const recent = await client.callTool({ name: 'recent_requests', arguments: {} });
      assert.ok(((recent.structuredContent as { recorded: number }).recorded) > 5, 'the server recorded its own requests');
      const bad = await client.callTool({ name: 'list_users', arguments: { limit: 1000 } });
      assert.equal(bad.isError, true);
      const unknown = await client.callTool({ name: 'find_user', arguments: { user: 'nobody-at-all' } });
      assert.equal(unknown.isError, true);
      assert.match(outsideQuotes((unknown.content as { text: string }[])[0]!.text), /no user has client_user_id "" in Local sandbox/);
      assert.ok(transcript.length > 20, `${transcript.length} messages`);
      assert.match(stderr(), /8 read-only tools on Local sandbox/);
    } finally {
      await client.close();
    }
  });

  test('--base-url with the key in the environment: it reaches the API and is in no message, no log line', async () => {
    const { client, transcript, stderr } = await connect(['--base-url', sandbox.url], { [API_KEY_VARIABLE]: KEY });
    try {
      const result = await client.callTool({ name: 'diagnose_user', arguments: { user: 'patient-0010' } });
      assert.equal(result.isError, false, JSON.stringify(result.content));
      assert.match((result.content as { text: string }[])[0]!.text, /Custom \(127\.0\.0\.1:\d+\)/);
      await client.callTool({ name: 'recent_requests', arguments: {} });
      await client.callTool({ name: 'list_users', arguments: { prefix: 'patient-00' } });
    } finally {
      await client.close();
    }
    assert.ok(sandbox.requestCount() >= 3, 'the requests reached the API with the key');
    const hits = transcript.filter((message) => message.includes(KEY));
    assert.deepEqual(hits, [], 'the key is in no MCP message');
    assert.ok(!stderr().includes(KEY), 'nor in what the server printed');
  });

  test('production without --allow-production does not start, and the client reads why in its initialize error', async () => {
    await assert.rejects(connect(['--environment', 'productionUs'], { [API_KEY_VARIABLE]: KEY }), (error: Error) => {
      assert.match(error.message, /Production US is production: agents may read it only when the server is started with --allow-production/);
      assert.doesNotMatch(error.message, /Connection closed/);
      assert.ok(!error.message.includes(KEY), 'never the key');
      return true;
    });
  });

  test('a server that cannot start for another reason (no key) says that reason to the client too', async () => {
    await assert.rejects(connect(['--base-url', sandbox.url]), /Set the API key in the environment variable/);
  });
});
