// `node dist/cli.js run`, built as esbuild.mjs builds it and run as a child process: the shipped
// sample passes on the sandbox and fails its "no deviations" checks on the vendor-shaped one (the
// JUnit file naming the deviations), exit codes 0/1/2, and the key never printed.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as esbuild from 'esbuild';
import { HealthApiClient } from '../../src/api/client';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import { scriptedHttpServer, sendJson, type HostileServer } from '../support/hostileServers';

const ROOT = resolve(import.meta.dirname, '../..');
const SAMPLE = 'media/notebook/sample.hdnb.md';
const KEY = 'cli-run-key-93b1d7e2';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

interface SaxParser {
  onerror: (error: Error) => void;
  onopentag: (node: { name: string; attributes: Record<string, string> }) => void;
  ontext: (text: string) => void;
  write(text: string): SaxParser;
  close(): void;
}
const sax = createRequire(import.meta.url)('sax') as { parser(strict: boolean): SaxParser };

interface TestCase {
  name: string;
  file?: string;
  line?: string;
  failure?: { message: string; text: string };
  /** The element that ended it other than <failure>: error or skipped, with its message. */
  end?: { element: string; message: string };
}

/** The testcases of a JUnit file (strictly parsed): name, file, line, and the failure's message and text. */
function testCases(xml: string): TestCase[] {
  const cases: TestCase[] = [];
  const parser = sax.parser(true);
  let inFailure = false;
  parser.onerror = (error) => {
    throw error;
  };
  parser.onopentag = (node) => {
    if (node.name === 'testcase') cases.push({ name: node.attributes.name!, file: node.attributes.file!, line: node.attributes.line! });
    if (node.name === 'error' || node.name === 'skipped') cases.at(-1)!.end = { element: node.name, message: node.attributes.message! };
    inFailure = node.name === 'failure';
    if (inFailure) cases.at(-1)!.failure = { message: node.attributes.message!, text: '' };
  };
  parser.ontext = (text) => {
    if (inFailure) cases.at(-1)!.failure!.text += text;
  };
  parser.write(xml).close();
  return cases;
}

describe('node dist/cli.js run', () => {
  let dir: string;
  let sandbox: SandboxHandle;
  let echo: HostileServer;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hde-run-'));
    // The same targets as esbuild.mjs: cli.js loads sandbox.js and apiClient.js beside it.
    const bundles: [string, string][] = [
      ['src/cli/main.ts', 'cli.js'],
      ['src/sandbox/cli.ts', 'sandbox.js'],
      ['src/api/client.ts', 'apiClient.js'],
    ];
    await Promise.all(
      bundles.map(([entry, out]) => esbuild.build({ entryPoints: [join(ROOT, entry)], outfile: join(dir, out), bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'silent' })),
    );
    sandbox = await startSandbox({ port: 0, apiKey: KEY });
    // Answers 401 with the key it was sent echoed back, as a careless server may.
    echo = await scriptedHttpServer((request, response) => sendJson(response, 401, { detail: `Invalid key ${String(request.headers['x-service-api-key'])}` }));
  });
  after(async () => {
    await sandbox?.close();
    await echo?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function run(args: string[], env: Record<string, string> = {}): Promise<Run> {
    return new Promise((done) => {
      execFile(process.execPath, [join(dir, 'cli.js'), ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
        done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
      });
    });
  }

  function notebook(name: string, text: string): string {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  }

  test('the sample passes on the built-in sandbox: one line per cell, then the totals; exit 0', async () => {
    const { code, stdout, stderr } = await run(['run', SAMPLE, '--sandbox']);
    assert.equal(code, 0, stdout + stderr);
    const lines = stdout.trim().split('\n');
    assert.equal(lines[0], `${SAMPLE}: 5 request cells against Local sandbox (sample data)`);
    const operations = ['listUsers', 'resolveUser', 'getGroupedBloodPressure', 'listLabTestMarkers', 'listOrderSetMarkers'];
    const cellLines = lines.slice(1, -1);
    assert.equal(cellLines.length, 5, stdout);
    cellLines.forEach((line, index) => {
      assert.match(line, new RegExp(`^${SAMPLE.replace(/\./g, '\\.')}:\\d+  ${operations[index]}  200  \\d+ ms  \\d+ pages?  0 deviations  \\d+ passed, 0 failed$`));
    });
    assert.match(lines.at(-1)!, /^\d+ passed, 0 failed$/);
    assert.equal(stderr, '');
  });

  test('the sample on the vendor-shaped sandbox: its "no deviations" checks fail, exit 1, and the JUnit file names the deviations', async () => {
    const junit = join(dir, 'reports', 'vendor.xml');
    const { code, stdout } = await run(['run', SAMPLE, '--sandbox', '--shape', 'vendor', '--junit', junit]);
    assert.equal(code, 1, stdout);
    assert.match(stdout, /^\d+ passed, 5 failed$/m);
    // Each failure at the line of its `expect` in the file, as editors and CI open `file:LINE`.
    const sampleLines = readFileSync(join(ROOT, SAMPLE), 'utf8').split('\n');
    const failures = stdout.split('\n').filter((line) => line.startsWith(`${SAMPLE}:`) && /^[^ ]+:\d+: /.test(line));
    assert.equal(failures.length, 5, stdout);
    for (const failure of failures) {
      const line = Number(/:(\d+): /.exec(failure)![1]);
      assert.equal(sampleLines[line - 1], 'expect no deviations', failure);
    }
    assert.match(failures[0]!, /^media\/notebook\/sample\.hdnb\.md:\d+: \d+ deviations: redirectFollowed at the request/);
    const cases = testCases(readFileSync(junit, 'utf8'));
    const failed = cases.filter((testCase) => testCase.failure);
    assert.equal(failed.length, 5);
    assert.equal(new Set(cases.map((testCase) => testCase.name)).size, cases.length, 'every name is unique');
    for (const testCase of failed) {
      assert.equal(testCase.file, SAMPLE);
      assert.equal(sampleLines[Number(testCase.line) - 1], 'expect no deviations');
      assert.equal(testCase.name, `line ${testCase.line}: expect no deviations`);
      assert.match(testCase.failure!.message, new RegExp(`^${SAMPLE.replace(/\./g, '\\.')}:${testCase.line}: \\d+ deviations?: .*\\(spec \\d+(\\.\\d+)*\\)`));
      assert.match(testCase.failure!.text, /Deviations over all pages:\n/);
    }
    assert.match(failed[0]!.failure!.text, /redirectFollowed at the request/);
    assert.match(failed.map((testCase) => testCase.failure!.text).join('\n'), /nullNotAllowed at markers\[\*\]\.price .*\(spec 2\.3\)/);
    assert.ok(cases.length - failed.length >= 10, 'the other checks still pass');
  });

  test("a notebook's own environment is used when no flag says otherwise (local: the built-in sandbox)", async () => {
    const { code, stdout } = await run(['run', SAMPLE]);
    assert.equal(code, 0, stdout);
    assert.match(stdout, /against Local sandbox \(sample data\)/);
  });

  test('--base-url with the key from HEALTH_DATA_API_KEY; --var sets a variable; the key is never printed', async () => {
    const client = new HealthApiClient({ baseUrl: sandbox.url, apiKey: KEY });
    const who = (await client.listUsers({ offset: 3, limit: 1 })).users[0]!.client_user_id;
    await client.close();
    const file = notebook('pinned.hdnb.md', `---\nenvironment: sandboxUs\nvariables:\n  who: nobody\n---\n\n\`\`\`http\nGET /v2/user/resolve/{{who}}\n\nexpect client_user_id == ${who}\n\`\`\`\n`);
    const { code, stdout, stderr } = await run(['run', file, '--base-url', sandbox.url, '--var', `who=${who}`], { HEALTH_DATA_API_KEY: KEY });
    assert.equal(code, 0, stdout + stderr);
    assert.match(stdout, /against Custom \(127\.0\.0\.1:\d+\)/);
    assert.ok(!stdout.includes(KEY) && !stderr.includes(KEY));
  });

  test('a cell that cannot run: its line, the reason and a next step; exit 1', async () => {
    const file = notebook('broken.hdnb.md', '---\nenvironment: local\n---\n\n# Broken\n\n```http\nGET /v2/user/resolve/{{nobody}}\n```\n\n```http\nGET /v2/patients/\n```\n');
    const { code, stdout } = await run(['run', file]);
    assert.equal(code, 1, stdout);
    assert.match(stdout, /broken\.hdnb\.md:8 {2}GET \/v2\/user\/resolve\/\{\{nobody\}\} {2}ERROR {2}\d+ ms\n.*broken\.hdnb\.md:8: unknownVariable: unknown variable \{\{nobody\}\}/);
    assert.match(stdout, /broken\.hdnb\.md:12 .*ERROR.*\n.*broken\.hdnb\.md:12: unknownOperation: GET \/v2\/patients\/ is not one of the API's five operations/);
    assert.match(stdout, /^0 passed, 2 failed \(2 cells could not run\)$/m);
  });

  test('usage errors: exit 2 with the reason on stderr, nothing sent', async () => {
    const before = sandbox.requestCount();
    const cases: [string[], Record<string, string>, RegExp][] = [
      [['run'], {}, /Name at least one notebook file/],
      [['run', SAMPLE, '--sandbox', '--base-url', sandbox.url], {}, /--sandbox takes no --base-url or --environment/],
      [['run', SAMPLE, '--shape', 'vendor'], {}, /--shape goes with --sandbox/],
      [['run', SAMPLE, '--api-key', KEY], {}, /The key is never an argument/],
      [['run', 'missing.hdnb.md', '--sandbox'], {}, /Cannot read missing\.hdnb\.md: no such file/],
      [['run', SAMPLE, '--environment', 'productionUs'], { HEALTH_DATA_API_KEY: KEY }, /Production US is production: run against it only with --allow-production/],
      [['run', SAMPLE, '--environment', 'sandboxUs'], {}, /Set the API key in the environment variable HEALTH_DATA_API_KEY/],
      [['run', SAMPLE, '--base-url', 'http://example.com'], { HEALTH_DATA_API_KEY: KEY }, /The base URL cannot be used/],
      [['run', SAMPLE, '--frobnicate'], {}, /Unknown option: --frobnicate/],
    ];
    for (const [args, env, reason] of cases) {
      const { code, stdout, stderr } = await run(args, env);
      assert.equal(code, 2, `${args.join(' ')}: ${stdout}${stderr}`);
      assert.match(stderr, reason, args.join(' '));
      assert.ok(!stderr.includes(KEY) && !stdout.includes(KEY), args.join(' '));
    }
    const unnamed = notebook('unnamed.hdnb.md', '```http\nGET /v2/user/\n```\n');
    const { code, stderr } = await run(['run', unnamed]);
    assert.equal(code, 2);
    assert.match(stderr, /unnamed\.hdnb\.md names no environment: add "environment: local"/);
    const production = notebook('production.hdnb.md', '---\nenvironment: productionEu\n---\n\n```http\nGET /v2/user/\n```\n');
    const refused = await run(['run', production], { HEALTH_DATA_API_KEY: KEY });
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /Production EU is production: run against it only with --allow-production/);
    const custom = notebook('custom.hdnb.md', '---\nenvironment: custom\n---\n\n```http\nGET /v2/user/\n```\n');
    const noUrl = await run(['run', custom], { HEALTH_DATA_API_KEY: KEY });
    assert.equal(noUrl.code, 2);
    assert.match(noUrl.stderr, /custom\.hdnb\.md runs against a custom environment: pass its --base-url URL/);
    assert.equal(sandbox.requestCount(), before, 'no request was sent');
  });

  test('connection errors exit 2 with the reason: nothing listening, and a key the server refuses (echoed back, never printed)', async () => {
    const refused = await run(['run', SAMPLE, '--base-url', 'http://127.0.0.1:9'], { HEALTH_DATA_API_KEY: KEY });
    assert.equal(refused.code, 2, refused.stdout + refused.stderr);
    assert.match(refused.stderr, /Could not reach the API: Custom \(127\.0\.0\.1:9\): /);
    assert.match(refused.stdout, /sample\.hdnb\.md:\d+ {2}listUsers {2}ERROR/);

    const junit = join(dir, 'refused.xml');
    const unauthorized = await run(['run', SAMPLE, '--base-url', echo.url, '--junit', junit], { HEALTH_DATA_API_KEY: KEY });
    assert.equal(unauthorized.code, 2, unauthorized.stdout + unauthorized.stderr);
    assert.match(unauthorized.stderr, /Could not reach the API: .*401/);
    assert.equal(echo.requests.length > 0, true);
    assert.equal(echo.requests[0]!.headers['x-service-api-key'], KEY, 'the key was sent in its header');
    for (const text of [unauthorized.stdout, unauthorized.stderr, readFileSync(junit, 'utf8')]) assert.ok(!text.includes(KEY), text);
    // The cell that failed to connect is an <error>; the cells after it never ran: <skipped>, with the reason.
    const xml = readFileSync(junit, 'utf8');
    assert.match(xml, /<testsuites [^>]*tests="5" failures="0" errors="1" skipped="4"/);
    const cases = testCases(xml);
    assert.deepEqual(cases.map((testCase) => testCase.end?.element), ['error', 'skipped', 'skipped', 'skipped', 'skipped']);
    for (const testCase of cases.slice(1)) assert.match(testCase.end!.message, /^not run: an earlier cell could not reach Custom \(127\.0\.0\.1:\d+\) \(unauthorized\)$/);
    assert.match(unauthorized.stdout, /^0 passed, 1 failed \(1 cell could not run, 4 cells skipped\)$/m);
  });

  test('on GitHub Actions each failure is also an ::error annotation at its file and line, escaped as the runner reads it', async () => {
    const { code, stdout } = await run(['run', SAMPLE, '--sandbox', '--shape', 'vendor'], { GITHUB_ACTIONS: 'true' });
    assert.equal(code, 1, stdout);
    const sampleLines = readFileSync(join(ROOT, SAMPLE), 'utf8').split('\n');
    const annotations = stdout.split('\n').filter((line) => line.startsWith('::'));
    assert.equal(annotations.length, 5, stdout);
    for (const annotation of annotations) {
      const parts = /^::error file=([^,]+),line=(\d+),title=([^:]+)::(.+)$/.exec(annotation) ?? assert.fail(annotation);
      assert.equal(parts[1], SAMPLE);
      assert.equal(sampleLines[Number(parts[2]) - 1], 'expect no deviations');
      assert.equal(parts[3], 'expect no deviations');
      assert.match(parts[4]!, /^\d+ deviations?: /);
      assert.doesNotMatch(parts[4]!, /[\r\n]/);
    }
    const quiet = await run(['run', SAMPLE, '--sandbox', '--shape', 'vendor']);
    assert.ok(!quiet.stdout.includes('::error'), 'no annotations outside GitHub Actions');

    // An absolute path inside $GITHUB_WORKSPACE is named relative to it; a comma and a colon in it are escaped.
    const odd = notebook('odd, name: here.hdnb.md', '---\nenvironment: local\n---\n\n```http\nGET /v2/user/?limit=1\npages first\n\nexpect status 201\n```\n');
    const inWorkspace = await run(['run', odd], { GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: dir });
    assert.equal(inWorkspace.code, 1, inWorkspace.stdout);
    assert.match(inWorkspace.stdout, /^::error file=odd%2C name%3A here\.hdnb\.md,line=9,title=expect status 201::expected status 201, got 200$/m);
  });
});
