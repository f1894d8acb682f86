// `run`'s output follows the scrub rule (issue 33): against a vendor-shaped service whose users'
// client_user_id are planted identifiers (e-mail, phone, name, record number…), `--scrub always`
// leaves none of them, nor a user_id, in stdout, stderr, the JUnit report or the GitHub annotations;
// `never` shows them (so the check can fail); the default productionOnly leaves a non-production
// run as it is; $HEALTH_DATA_SCRUB stands in for the flag.
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { HealthApiClient } from '../../src/api/client';
import { parseRunArgs } from '../../src/cli/runArgs';
import { createRunCommand } from '../../src/cli/runCommand';
import { runScrubPolicy } from '../../src/cli/runScrub';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import { identifierArbitrary } from '../support/plantedIdentifiers';
import { plantingProxy, type PlantingProxy } from '../support/plantingProxy';

const KEY = 'run-scrub-key-5c1e';
const TODAY = '2026-03-10';
const IDENTIFIERS = ['maria.garcia@example.com', '+1-415-555-0142', 'Maria Garcia', 'MRN0012345678', ...fc.sample(identifierArbitrary, { seed: 33, numRuns: 3 })];
const GHOST = 'john.smith@example.org';

const NOTEBOOK = [
  '---',
  'environment: custom',
  'variables:',
  `  ghost: ${GHOST}`,
  '---',
  '',
  '# Who is who',
  '',
  '```http',
  `GET /v2/user/?limit=${IDENTIFIERS.length}`,
  'pages first',
  '',
  'let who = users[0].client_user_id',
  'expect users[0].client_user_id == "nobody"',
  'expect users[1].client_user_id == "nobody"',
  'expect users[2].user_id == "nobody"',
  '```',
  '',
  '```http',
  'GET /v2/user/resolve/{{who}}',
  '',
  'expect client_user_id == "nobody"',
  'expect status 201',
  '```',
  '',
  '```http',
  'GET /v2/user/resolve/{{ghost}}',
  '```',
  '',
].join('\n');

interface Outputs {
  code: number;
  stdout: string;
  stderr: string;
  junit: string;
}

describe('run --scrub: what it prints and writes', () => {
  let sandbox: SandboxHandle;
  let proxy: PlantingProxy;
  let userIds: string[];

  before(async () => {
    sandbox = await startSandbox({ port: 0, apiKey: KEY, shape: 'vendor', today: TODAY });
    proxy = await plantingProxy(sandbox, IDENTIFIERS);
    const client = new HealthApiClient({ baseUrl: sandbox.url, apiKey: KEY });
    userIds = (await client.listUsers({ offset: 0, limit: IDENTIFIERS.length })).users.map((user) => user.user_id);
    await client.close();
  });
  after(async () => {
    await proxy?.close();
    await sandbox?.close();
  });

  async function run(flags: string[], env: Record<string, string> = {}): Promise<Outputs> {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const written = new Map<string, string>();
    const command = createRunCommand({
      createClient: (options) => new HealthApiClient(options),
      readFile: async () => NOTEBOOK,
      writeFile: async (file, text) => void written.set(file, text),
      now: () => new Date(`${TODAY}T12:00:00Z`),
    });
    const code = await command.run(['who.hdnb.md', '--base-url', proxy.url, '--junit', 'report.xml', ...flags], {
      stdout: (text) => stdout.push(text),
      stderr: (text) => stderr.push(text),
      stdin: new PassThrough(),
      env: { HEALTH_DATA_API_KEY: KEY, GITHUB_ACTIONS: 'true', ...env },
    });
    return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n'), junit: written.get('report.xml') ?? '' };
  }

  const secrets = (): string[] => [...IDENTIFIERS, GHOST, ...userIds];
  const leaks = (outputs: Outputs): string[] =>
    secrets().flatMap((secret) => (['stdout', 'stderr', 'junit'] as const).filter((where) => outputs[where].includes(secret) || outputs[where].includes(encodeURIComponent(secret))).map((where) => `${secret} in ${where}`));

  test('never: the planted identifiers reach every output (the stand-in plants them where a failure quotes them)', async () => {
    const outputs = await run(['--scrub', 'never']);
    assert.equal(outputs.code, 1, outputs.stdout + outputs.stderr);
    for (const identifier of IDENTIFIERS.slice(0, 2)) {
      assert.ok(outputs.stdout.includes(identifier), `${identifier} is printed: ${outputs.stdout}`);
      assert.ok(outputs.junit.includes(identifier), `${identifier} is in the JUnit report`);
    }
    assert.ok(outputs.stdout.split('\n').some((line) => line.startsWith('::error ') && line.includes(IDENTIFIERS[0]!)), 'and in an annotation');
    assert.ok(outputs.stdout.includes(GHOST) || outputs.stdout.includes(encodeURIComponent(GHOST)), 'the unknown client_user_id is in the 404 line');
  });

  test('always: none of them, nor a user_id, in stdout, stderr, the JUnit report or the annotations; the verdicts are the same', async () => {
    const never = await run(['--scrub', 'never']);
    const always = await run(['--scrub', 'always']);
    assert.deepEqual(leaks(always), []);
    assert.equal(always.code, never.code);
    const verdicts = (text: string): string[] => text.split('\n').filter((line) => /^[^:]+:\d+: /.test(line)).map((line) => line.slice(0, line.indexOf(': ')));
    assert.deepEqual(verdicts(always.stdout), verdicts(never.stdout), 'the same failures at the same lines');
    assert.equal(always.stdout.split('\n').filter((line) => line.startsWith('::error ')).length, never.stdout.split('\n').filter((line) => line.startsWith('::error ')).length);
    assert.match(always.stderr, /HEALTH_DATA_SCRUB_SECRET is not set: a random secret was used/);
    assert.match(always.junit, /<failure /);
  });

  test('$HEALTH_DATA_SCRUB=always scrubs as the flag does; the flag wins over it; a shared secret gives the same pseudonyms twice', async () => {
    const byEnvironment = await run([], { HEALTH_DATA_SCRUB: 'always', HEALTH_DATA_SCRUB_SECRET: 'team-secret' });
    assert.deepEqual(leaks(byEnvironment), []);
    assert.equal(byEnvironment.stderr, '', 'a given secret is not remarked on');
    const again = await run(['--scrub', 'always'], { HEALTH_DATA_SCRUB_SECRET: 'team-secret' });
    const withoutTimes = (text: string): string => text.replace(/\d+ ms/g, 'N ms').replace(/time="[^"]*"/g, '');
    assert.equal(withoutTimes(again.stdout), withoutTimes(byEnvironment.stdout));
    const flagWins = await run(['--scrub', 'never'], { HEALTH_DATA_SCRUB: 'always' });
    assert.ok(flagWins.stdout.includes(IDENTIFIERS[0]!));
  });

  test('the default, productionOnly, leaves a run against a non-production address as it is', async () => {
    const outputs = await run([]);
    assert.ok(outputs.stdout.includes(IDENTIFIERS[0]!));
  });

  test('the policy: flag, else $HEALTH_DATA_SCRUB, else productionOnly; anything else is refused', async () => {
    assert.deepEqual(parseRunArgs(['x.hdnb.md', '--scrub', 'always']), { kind: 'run', args: { files: ['x.hdnb.md'], allowProduction: false, variables: {}, scrub: 'always' } });
    const refused = parseRunArgs(['x.hdnb.md', '--scrub=sometimes']);
    assert.equal(refused.kind, 'error');
    assert.match(refused.kind === 'error' ? refused.message : '', /--scrub takes always, productionOnly or never, got "sometimes"/);
    assert.equal(runScrubPolicy(undefined, {}), 'productionOnly');
    assert.equal(runScrubPolicy(undefined, { HEALTH_DATA_SCRUB: ' never ' }), 'never');
    assert.equal(runScrubPolicy('always', { HEALTH_DATA_SCRUB: 'never' }), 'always');
    assert.deepEqual(runScrubPolicy(undefined, { HEALTH_DATA_SCRUB: 'yes' }), { error: '$HEALTH_DATA_SCRUB must be always, productionOnly or never, not "yes"' });
    const outputs = await run([], { HEALTH_DATA_SCRUB: 'yes' });
    assert.equal(outputs.code, 2);
    assert.match(outputs.stderr, /\$HEALTH_DATA_SCRUB must be always/);
  });
});
