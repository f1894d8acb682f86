// `node dist/cli.js run … --record DIR` then `run DIR/NAME.hdnb.md --fixtures DIR`, through the
// command itself (its real sandbox and client): the same totals and exit status, the files written,
// each assertion a recording cannot promise named with its file:line, and the flags' refusals.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, describe, test } from 'node:test';
import { HealthApiClient } from '../../src/api/client';
import { createRunCommand } from '../../src/cli/runCommand';
import { parseRunArgs } from '../../src/cli/runArgs';
import { startSandbox } from '../../src/sandbox/server';
import { RECORDED_FINDING_NOTEBOOK as NOTEBOOK } from './recordedFindingNotebook';

const TODAY = '2026-03-15';


function command() {
  return createRunCommand({
    startSandbox: async (options) => startSandbox({ ...options, port: 0, today: TODAY, seed: 5, users: options.users ?? 10, bloodPressurePageSize: 10 }),
    createClient: (options) => new HealthApiClient({ ...options, retryBaseDelayMs: 1 }),
    now: () => new Date(`${TODAY}T09:00:00Z`),
  });
}

async function run(argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command().run(argv, { stdout: (text) => out.push(text), stderr: (text) => err.push(text), stdin: new PassThrough(), env: { HEALTH_DATA_SCRUB_SECRET: 'cli-record-secret' } });
  return { code, out, err };
}

describe('run --record DIR, then run --fixtures DIR', () => {
  const work = mkdtempSync(join(tmpdir(), 'hde-run-record-'));
  after(() => rmSync(work, { recursive: true, force: true }));

  test('the replay gives the live totals and exit status, offline, and both name the date assertion', async () => {
    const file = join(work, 'finding.hdnb.md');
    writeFileSync(file, NOTEBOOK);
    const dir = join(work, 'recording');
    const live = await run([file, '--sandbox', '--record', dir]);
    const totals = (lines: string[]) => lines.find((line) => /^\d+ passed, \d+ failed/.test(line));
    assert.ok(totals(live.out), live.out.join('\n'));
    assert.match(live.out.join('\n'), /Recorded \d+ exchanges \(scrubbed: .*\) and finding\.hdnb\.md in /);
    const names = readdirSync(dir);
    assert.ok(names.includes('finding.hdnb.md'));
    assert.ok(names.filter((name) => name.startsWith('getGroupedBloodPressure-')).length > 1, `every page of the blood pressure: ${names.join(', ')}`);
    assert.ok(names.filter((name) => name.startsWith('listUsers-')).length > 1, 'every page of the user list');
    const warning = `${file}:23 "expect readings[0].timestamp > {{today}}"`;
    assert.ok(live.err.some((line) => line.startsWith(`warning: ${warning}`) && line.includes('compares a date with a literal')), live.err.join('\n'));

    const copy = join(dir, 'finding.hdnb.md');
    const replay = await run([copy, '--fixtures', dir]);
    assert.equal(replay.code, live.code);
    assert.equal(totals(replay.out), totals(live.out));
    assert.match(replay.out.join('\n'), /against the recording in /);
    assert.ok(replay.err.some((line) => line.startsWith(`warning: ${copy}:`) && line.includes('compares a date with a literal')), replay.err.join('\n'));
    assert.doesNotMatch(readFileSync(copy, 'utf8'), /\{\{today\}\}|range=last30/);

    // A notebook whose front matter names the folder (relative to it), as Save Investigation writes
    // one, replays against it with no target given.
    const named = join(work, 'named.hdnb.md');
    writeFileSync(named, readFileSync(copy, 'utf8').replace(/^---\n/, '---\nfixtures: recording\n'));
    const byFrontMatter = await run([named]);
    assert.equal(byFrontMatter.code, live.code);
    assert.equal(totals(byFrontMatter.out), totals(live.out));
    assert.match(byFrontMatter.out.join('\n'), new RegExp(`against the recording in ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });

  test('a folder with no fixture is refused before any cell runs', async () => {
    const file = join(work, 'empty-case.hdnb.md');
    writeFileSync(file, NOTEBOOK);
    const empty = mkdtempSync(join(work, 'empty-'));
    const replay = await run([file, '--fixtures', empty]);
    assert.equal(replay.code, 2);
    assert.match(replay.err.join('\n'), /Cannot replay .*: it holds no fixture the sandbox can serve/);
  });

  test('--fixtures is the whole target: no other target, and no --record', () => {
    for (const other of [['--sandbox'], ['--base-url', 'https://api.example.com'], ['--environment', 'sandboxUs'], ['--record', 'out']]) {
      const parsed = parseRunArgs(['a.hdnb.md', '--fixtures', 'dir', ...other]);
      assert.equal(parsed.kind, 'error', other.join(' '));
    }
    const parsed = parseRunArgs(['a.hdnb.md', '--sandbox', '--record', 'out']);
    assert.ok(parsed.kind === 'run' && parsed.args.recordDir === 'out');
  });
});
