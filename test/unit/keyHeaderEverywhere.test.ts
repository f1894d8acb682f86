// One decision of the key header (apiKeyHeaderFor) for the four ways a request leaves: the extension
// (its settings' rule), `cli.js run`, `cli.js capture` and the MCP server. Each is driven the way a
// person drives it, naming an environment, and its request reaches a loopback server that records
// the header names it was sent: the vendor's own host names go to that server through a dispatcher
// that connects every origin to it, so the vendor's hosts are never asked.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Agent, type Dispatcher } from 'undici';
import { HealthApiClient, type HealthApiClientOptions } from '../../src/api/client';
import { createCaptureCommand } from '../../src/cli/captureCommand';
import type { CliIo } from '../../src/cli/cliCommand';
import { createRunCommand } from '../../src/cli/runCommand';
import { apiKeyHeaderFor, DEFAULT_BASE_URLS, type EnvironmentId } from '../../src/domain/environments';
import { parseServerArgs } from '../../src/mcp/serverArgs';

const KEY = 'key-header-everywhere-key';
const KEY_HEADERS = ['x-vital-api-key', 'x-service-api-key'];

let server: Server;
let port = 0;
/** The key header each request came with (the header whose value is the key), in order. */
const seen: { host: string; header: string | undefined }[] = [];
const folder = mkdtempSync(join(tmpdir(), 'hde-key-header-'));

/** Every origin, https ones included, reaches the loopback server over plain TCP. */
function loopbackDispatcher(): Dispatcher {
  return new Agent({
    connect: (_options, callback) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => callback(null, socket));
      socket.once('error', (error) => callback(error, null));
    },
  });
}

const viaLoopback = (options: HealthApiClientOptions): HealthApiClient => new HealthApiClient({ ...options, dispatcher: loopbackDispatcher(), maxRetries: 0 });

function keyHeaderOf(headers: IncomingHttpHeaders): string | undefined {
  return Object.keys(headers).find((name) => headers[name] === KEY);
}

function io(): CliIo & { out: string[] } {
  const out: string[] = [];
  return { out, stdout: (text) => out.push(text), stderr: (text) => out.push(text), stdin: process.stdin, env: { HEALTH_DATA_API_KEY: KEY } };
}

/** The header of the one request `send` made. */
async function headerSentBy(send: () => Promise<unknown>): Promise<string | undefined> {
  const before = seen.length;
  await send();
  const sent = seen.slice(before);
  assert.ok(sent.length >= 1, 'a request reached the loopback server');
  assert.equal(new Set(sent.map((request) => request.header)).size, 1, 'every request carried the key in the same header');
  return sent[0]?.header;
}

const targets: { name: string; environment?: EnvironmentId; flags: string[]; baseUrl: string }[] = [
  ...(['sandboxUs', 'sandboxEu', 'productionUs', 'productionEu'] as const).map((id) => ({ name: id, environment: id, flags: ['--environment', id], baseUrl: DEFAULT_BASE_URLS[id] })),
  // A vendor host named by its address alone, and a server of the team's own.
  { name: 'a vendor host by --base-url', flags: ['--base-url', 'https://api.sandbox.tryvital.io'], baseUrl: 'https://api.sandbox.tryvital.io' },
  { name: 'another server by --base-url', flags: ['--base-url', 'https://health.example.org/api'], baseUrl: 'https://health.example.org/api' },
];

describe('the key header: one decision for the extension, run, capture and the MCP server', () => {
  before(async () => {
    server = createServer((request, response) => {
      seen.push({ host: request.headers.host ?? '', header: keyHeaderOf(request.headers) });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ users: [], total: 0, offset: 0, limit: 1 }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  after(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(folder, { recursive: true, force: true });
  });

  test('the rule: the vendor header on the vendor hosts, the spec header elsewhere, a header named by the person wins', () => {
    assert.equal(apiKeyHeaderFor({ environment: 'sandboxUs', baseUrl: DEFAULT_BASE_URLS.sandboxUs }), 'x-vital-api-key');
    assert.equal(apiKeyHeaderFor({ baseUrl: 'https://api.eu.junction.com' }), 'x-vital-api-key');
    assert.equal(apiKeyHeaderFor({ environment: 'local', baseUrl: undefined }), 'x-service-api-key');
    assert.equal(apiKeyHeaderFor({ baseUrl: 'https://health.example.org' }), 'x-service-api-key');
    assert.equal(apiKeyHeaderFor({ environment: 'sandboxUs', baseUrl: DEFAULT_BASE_URLS.sandboxUs }, 'X-Team-Key'), 'x-team-key');
    assert.equal(apiKeyHeaderFor({ environment: 'sandboxUs', baseUrl: DEFAULT_BASE_URLS.sandboxUs }, 'not a header'), undefined);
  });

  for (const target of targets) {
    test(`${target.name}: all four send the key in the same header`, async () => {
      const production = target.environment?.startsWith('production') === true;
      const allow = production ? ['--allow-production'] : [];
      const headers: Record<string, string | undefined> = {};

      // The extension: its settings ask apiKeyHeaderFor with the environment and its base URL (storage/shellSettings.ts).
      const extensionHeader = apiKeyHeaderFor({ environment: target.environment ?? 'custom', baseUrl: target.baseUrl });
      headers.extension = await headerSentBy(async () => {
        const client = viaLoopback({ baseUrl: target.baseUrl, apiKey: KEY, apiKeyHeader: extensionHeader ?? assert.fail('a header') });
        await client.listUsers({ limit: 1 }).finally(() => client.close());
      });

      const notebook = `---\nenvironment: ${target.environment ?? 'custom'}\n---\n\n\`\`\`http\nGET /v2/user/?limit=1\n\`\`\`\n`;
      const run = createRunCommand({ createClient: viaLoopback, readFile: async () => notebook, writeFile: async () => undefined });
      headers.run = await headerSentBy(async () => {
        const runIo = io();
        const code = await run.run(['check.hdnb.md', ...target.flags, ...allow], runIo);
        assert.equal(code, 0, runIo.out.join('\n'));
      });

      const capture = createCaptureCommand(viaLoopback);
      headers.capture = await headerSentBy(async () => {
        const captureIo = io();
        const code = await capture.run([...target.flags, ...allow, '--operation', 'listUsers', '--out', folder], captureIo);
        assert.equal(code, 0, captureIo.out.join('\n'));
      });

      // The MCP server: its arguments give the target its client is made with (mcp/server.ts `make`).
      const parsed = parseServerArgs([...target.flags, ...allow], { HEALTH_DATA_API_KEY: KEY });
      assert.ok(parsed.kind === 'run' && parsed.target.kind === 'remote', JSON.stringify(parsed));
      const mcpTarget = parsed.target;
      headers.mcp = await headerSentBy(async () => {
        const client = viaLoopback({ baseUrl: mcpTarget.baseUrl, apiKey: mcpTarget.apiKey, apiKeyHeader: mcpTarget.apiKeyHeader });
        await client.listUsers({ limit: 1 }).finally(() => client.close());
      });

      const expected = target.baseUrl.includes('junction.com') || target.baseUrl.includes('tryvital.io') ? 'x-vital-api-key' : 'x-service-api-key';
      assert.deepEqual(headers, { extension: expected, run: expected, capture: expected, mcp: expected });
      assert.ok(KEY_HEADERS.includes(expected));
      assert.equal(seen.at(-1)?.host, new URL(target.baseUrl).host, 'the request was addressed to the named host');
    });
  }
});
