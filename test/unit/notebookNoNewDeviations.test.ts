// `expect no new deviations` in the runner, against the real sandbox answering as the vendor does
// (date pinned): it holds when every deviation of the cell is in the baseline, fails naming each new
// one by kind, place and spec section, tells entries no longer seen without failing, and says why
// when there is no baseline, an unreadable one, or the run is the one writing it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseAssertion } from '../../src/notebook/assertions';
import { baselineEntryOf, type BaselineEntry, type BaselineState } from '../../src/notebook/deviationBaseline';
import type { CellResult } from '../../src/notebook/model';
import { NotebookRunner } from '../../src/notebook/notebookRunner';
import { useSandbox } from '../support/sandboxFixture';

const TODAY = '2026-11-26';
const NOW = (): Date => new Date(`${TODAY}T12:00:00Z`);
const vendor = useSandbox({ today: TODAY, users: 6, shape: 'vendor' });
const CELL = 'GET /v2/user/resolve/{{who}}\n\nexpect status 200\nexpect no new deviations\n';

async function run(baseline: BaselineState | undefined): Promise<{ result: CellResult; verdict: CellResult['assertions'][number] }> {
  const client = vendor.client();
  const who = (await client.listUsers({ limit: 1 })).users[0]!.client_user_id;
  const runner = new NotebookRunner({ client, environment: { id: 'local', label: 'Local sandbox' } }, { variables: { who } }, { now: NOW, ...(baseline ? { baseline } : {}) });
  const result = await runner.runCell(CELL, { cellName: 'cell 2' });
  assert.equal(result.outcome, 'ok', result.error?.message);
  const verdict = result.assertions.find((assertion) => assertion.text === 'expect no new deviations') ?? assert.fail('the assertion was judged');
  return { result, verdict };
}

/** What the vendor-shaped resolve answer deviates in, as baseline entries. */
async function acceptedEntries(): Promise<BaselineEntry[]> {
  const { result } = await run({ kind: 'updating', name: 'b.json' });
  assert.ok(result.deviations.length >= 2, 'the vendor-shaped answer deviates');
  return result.deviations.map((deviation) => baselineEntryOf('resolveUser', deviation));
}

describe('expect no new deviations', () => {
  test('reads as its own assertion, beside "no deviations"', () => {
    assert.deepEqual(parseAssertion('no new deviations'), { kind: 'noNewDeviations' });
    assert.deepEqual(parseAssertion('no  new   deviations'), { kind: 'noNewDeviations' });
    assert.deepEqual(parseAssertion('no deviations'), { kind: 'deviationCount', op: '==', expected: 0 });
    const odd = parseAssertion('no new deviations please');
    assert.ok('problem' in odd && odd.problem.includes('"no new deviations"'));
  });

  test('every deviation in the baseline: holds, and says how many it accepted', async () => {
    const entries = await acceptedEntries();
    const { result, verdict } = await run({ kind: 'loaded', name: 'n.hdnb.baseline.json', exists: true, entries });
    assert.equal(verdict.passed, true, verdict.message);
    assert.equal(verdict.message, `${result.deviations.length} deviations, each in the baseline n.hdnb.baseline.json`);
  });

  test('a deviation the baseline does not hold: fails naming each new one by kind, place and spec section', async () => {
    const entries = await acceptedEntries();
    const missing = entries.filter((entry) => entry.kind === 'deprecated');
    assert.equal(missing.length, 1, JSON.stringify(entries));
    const { verdict } = await run({ kind: 'loaded', name: 'n.hdnb.baseline.json', exists: true, entries: entries.filter((entry) => entry.kind !== 'deprecated') });
    assert.equal(verdict.passed, false);
    assert.equal(verdict.message, `cell 2, line 4: 1 new deviation not in the baseline n.hdnb.baseline.json: deprecated at ${missing[0]!.at} (spec ${missing[0]!.section})`);
    assert.equal(verdict.section, missing[0]!.section);
  });

  test('an entry no longer seen is told, not failed: the answer came closer to the spec', async () => {
    const entries = await acceptedEntries();
    const extra: BaselineEntry = { request: 'GET /v2/user/resolve/{client_user_id}', kind: 'nullNotAllowed', at: 'created_on', section: '2.1' };
    const otherRequest: BaselineEntry = { request: 'GET /v2/user/', kind: 'redirectFollowed', at: '', section: '4.2' };
    const { verdict } = await run({ kind: 'loaded', name: 'n.hdnb.baseline.json', exists: true, entries: [...entries, extra, otherRequest] });
    assert.equal(verdict.passed, true, verdict.message);
    assert.match(verdict.message, /; no longer seen \(--update-baseline=prune tidies\): nullNotAllowed at created_on \(spec 2\.1\)$/);
    assert.ok(!verdict.message.includes('redirectFollowed'), 'another request’s entries are not this cell’s business');
  });

  test('no baseline file yet: every deviation is new, and the way to write one is named', async () => {
    const { result, verdict } = await run({ kind: 'loaded', name: 'n.hdnb.baseline.json', exists: false, entries: [] });
    assert.equal(verdict.passed, false);
    assert.match(verdict.message, new RegExp(`^cell 2, line 4: ${result.deviations.length} new deviations and no baseline n\\.hdnb\\.baseline\\.json yet \\(run --update-baseline or Update Deviation Baseline writes it\\): `));
  });

  test('an unreadable baseline, no baseline at all (an untitled notebook), and the run that writes it', async () => {
    const unreadable = await run({ kind: 'unreadable', name: 'n.hdnb.baseline.json', problem: 'not JSON' });
    assert.equal(unreadable.verdict.passed, false);
    assert.match(unreadable.verdict.message, /the baseline n\.hdnb\.baseline\.json cannot be read: not JSON$/);
    const none = await run(undefined);
    assert.equal(none.verdict.passed, false);
    assert.match(none.verdict.message, /no baseline to compare with: save it as a file/);
    const updating = await run({ kind: 'updating', name: 'n.hdnb.baseline.json' });
    assert.equal(updating.verdict.passed, true);
    assert.equal(updating.verdict.message, `${updating.result.deviations.length} deviations written to the baseline n.hdnb.baseline.json`);
  });
});
