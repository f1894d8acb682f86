// The nightly contract watch through `run`, in process with the sandbox's date pinned: the shipped
// vendor-contract notebook passes against the vendor-shaped sandbox with its committed baseline (on
// a night a deviation shows and on one it does not), a changed vendor body fails naming the new
// deviation, and --update-baseline[=prune] writes the file and says what it wrote.
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { HealthApiClient } from '../../src/api/client';
import { createRunCommand, type StartedSandbox } from '../../src/cli/runCommand';
import { startSandbox } from '../../src/sandbox/server';

const NOTEBOOK = resolve(import.meta.dirname, '../../media/notebook/vendor-contract.hdnb.md');
const BASELINE = NOTEBOOK.replace(/\.md$/, '.baseline.json');
/** A night the first user's readings include one in another unit (unknownValue at …unit), and one they do not. */
const WITH_UNIT = '2024-01-20';
const WITHOUT_UNIT = '2024-01-01';

/** The vendor-shaped sandbox, or a proxy in front of it whose resolve answers carry a field the vendor just added. */
async function vendorSandbox(today: string, changed: boolean, options: Parameters<typeof startSandbox>[0]): Promise<StartedSandbox> {
  const sandbox = await startSandbox({ ...options, port: 0, today });
  if (!changed) return sandbox;
  const proxy: Server = createServer((incoming, outgoing) => {
    const forwarded = httpRequest(`${sandbox.url}${incoming.url}`, { method: incoming.method, headers: incoming.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        let body = Buffer.concat(chunks).toString('utf8');
        if (incoming.url?.startsWith('/v2/user/resolve/') && answer.statusCode === 200) body = JSON.stringify({ ...(JSON.parse(body) as object), loyalty_tier: 'gold' });
        const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(body)) };
        outgoing.writeHead(answer.statusCode ?? 502, headers).end(body);
      });
    });
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
  const address = proxy.address();
  assert.ok(address && typeof address === 'object');
  return {
    url: `http://127.0.0.1:${address.port}`,
    apiKey: sandbox.apiKey,
    apiKeyHeader: sandbox.apiKeyHeader,
    close: async () => {
      proxy.closeAllConnections();
      await new Promise((done) => proxy.close(done));
      await sandbox.close();
    },
  };
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  written: string[];
}

async function run(args: string[], options: { today: string; changed?: boolean; env?: Record<string, string> }): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const written: string[] = [];
  const command = createRunCommand({
    startSandbox: (sandboxOptions) => vendorSandbox(options.today, options.changed ?? false, sandboxOptions),
    createClient: (clientOptions) => new HealthApiClient(clientOptions),
    readFile: async (file) => readFileSync(file, 'utf8'),
    writeFile: async (file, text) => {
      written.push(file);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    },
    now: () => new Date(`${options.today}T12:00:00Z`),
  });
  const code = await command.run(args, { stdout: (text) => out.push(text), stderr: (text) => err.push(text), stdin: new PassThrough(), env: options.env ?? {} });
  return { code, stdout: out.join('\n'), stderr: err.join('\n'), written };
}

describe('the vendor-contract notebook: a nightly CI job against the vendor shape', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'hde-baseline-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('passes today with its committed baseline, which the run only reads', async () => {
    const committed = readFileSync(BASELINE, 'utf8');
    for (const today of [WITH_UNIT, WITHOUT_UNIT]) {
      const { code, stdout, stderr, written } = await run([NOTEBOOK, '--sandbox', '--shape', 'vendor'], { today });
      assert.equal(code, 0, `${today}\n${stdout}\n${stderr}`);
      assert.match(stdout, /^\d+ passed, 0 failed$/m);
      assert.deepEqual(written, [], 'a plain run writes nothing');
      assert.equal(readFileSync(BASELINE, 'utf8'), committed);
      const gone = /vendor-contract\.hdnb\.baseline\.json: 1 entry no longer seen, still accepted .*\n {4}\? GET \/v2\/timeseries\/\{user_id\}\/blood_pressure\/grouped: unknownValue at groups\.\*\[\*\]\.data\[\*\]\.unit \(spec 2\.2\)/;
      if (today === WITHOUT_UNIT) assert.match(stdout, gone, 'a deviation not shown tonight is told, not failed');
      else assert.doesNotMatch(stdout, /no longer seen/);
    }
  });

  test('a changed vendor body fails the run, naming the new deviation by kind, place and spec section', async () => {
    const { code, stdout } = await run([NOTEBOOK, '--sandbox', '--shape', 'vendor'], { today: WITH_UNIT, changed: true });
    assert.equal(code, 1, stdout);
    assert.match(stdout, /^\d+ passed, 1 failed$/m);
    assert.match(stdout, /vendor-contract\.hdnb\.md:\d+: 1 new deviation not in the baseline \S*vendor-contract\.hdnb\.baseline\.json: unknownField at loyalty_tier \(spec 2\.1\)$/m);
  });

  test('--update-baseline writes the file beside the notebook and says what it wrote; =prune tidies', async () => {
    const notebook = join(dir, 'watch.hdnb.md');
    const baseline = join(dir, 'watch.hdnb.baseline.json');
    copyFileSync(NOTEBOOK, notebook);
    const vendor = ['--sandbox', '--shape', 'vendor'];

    const none = await run([notebook, ...vendor], { today: WITH_UNIT });
    assert.equal(none.code, 1);
    assert.match(none.stdout, /new deviations and no baseline \S*watch\.hdnb\.baseline\.json yet \(run --update-baseline or Update Deviation Baseline writes it\)/);
    assert.equal(existsSync(baseline), false);

    const first = await run([notebook, ...vendor, '--update-baseline'], { today: WITH_UNIT });
    assert.equal(first.code, 0, first.stdout);
    assert.deepEqual(first.written, [baseline]);
    const entries = readFileSync(baseline, 'utf8').split('\n').filter((line) => line.includes('"request"')).length;
    assert.match(first.stdout, new RegExp(`watch\\.hdnb\\.baseline\\.json: wrote ${entries} entries \\(new file\\): ${entries} added, 0 removed`));
    assert.match(first.stdout, /^ {4}\+ GET \/v2\/user\/: redirectFollowed at the request \(spec 4\.2\)$/m);
    assert.equal(readFileSync(baseline, 'utf8'), readFileSync(BASELINE, 'utf8'), 'the same file as the committed one');

    assert.equal((await run([notebook, ...vendor], { today: WITH_UNIT })).code, 0, 'it now passes');

    const accepted = await run([notebook, ...vendor, '--update-baseline'], { today: WITH_UNIT, changed: true });
    assert.equal(accepted.code, 0, accepted.stdout);
    assert.match(accepted.stdout, new RegExp(`wrote ${entries + 1} entries: 1 added, 0 removed\\n {4}\\+ GET /v2/user/resolve/\\{client_user_id\\}: unknownField at loyalty_tier \\(spec 2\\.1\\)`));
    assert.match(readFileSync(baseline, 'utf8'), /"kind": "unknownField", "at": "loyalty_tier"/);

    const back = await run([notebook, ...vendor, '--update-baseline'], { today: WITH_UNIT });
    assert.equal(back.code, 0);
    assert.match(back.stdout, /unchanged, \d+ entries\n.*1 entry no longer seen, kept \(--update-baseline=prune removes them\):\n {4}\? GET \/v2\/user\/resolve\/\{client_user_id\}: unknownField at loyalty_tier/);
    assert.deepEqual(back.written, []);

    const pruned = await run([notebook, ...vendor, '--update-baseline=prune'], { today: WITH_UNIT });
    assert.equal(pruned.code, 0);
    assert.match(pruned.stdout, new RegExp(`wrote ${entries} entries: 0 added, 1 removed\\n {4}- GET /v2/user/resolve/\\{client_user_id\\}: unknownField at loyalty_tier \\(spec 2\\.1\\)`));
    assert.equal(readFileSync(baseline, 'utf8'), readFileSync(BASELINE, 'utf8'));
  });

  test('a recording keeps the baseline beside its copy of the notebook: the replay judges "no new deviations" as the run did', async () => {
    const notebook = join(dir, 'recorded.hdnb.md');
    copyFileSync(NOTEBOOK, notebook);
    copyFileSync(BASELINE, join(dir, 'recorded.hdnb.baseline.json'));
    const recordDir = join(dir, 'recording');
    const env = { HEALTH_DATA_SCRUB_SECRET: 'baseline-record-secret' };
    const recorded = await run([notebook, '--sandbox', '--shape', 'vendor', '--record', recordDir], { today: WITH_UNIT, env });
    assert.equal(recorded.code, 0, recorded.stdout + recorded.stderr);
    assert.equal(readFileSync(join(recordDir, 'recorded.hdnb.baseline.json'), 'utf8'), readFileSync(BASELINE, 'utf8'));
    const replayed = await run([join(recordDir, 'recorded.hdnb.md'), '--fixtures', recordDir], { today: WITH_UNIT, env });
    assert.equal(replayed.code, 0, replayed.stdout + replayed.stderr);
    assert.match(replayed.stdout, /^\d+ passed, 0 failed$/m);
  });
});
