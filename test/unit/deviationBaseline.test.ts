// The deviation baseline on its own (pure): the file round-trips and is the same however its entries
// came, it holds no value the lens saw, new and gone entries are told apart, and a refresh adds what
// is new, keeps what was not answered and drops only on prune. Deviations come from the real lens.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import type { Deviation } from '../../src/api/contract/deviations';
import { inspectResponse } from '../../src/api/contract/inspect';
import { baselineOutcome, baselineStateOf, isNoNewDeviationsAssertion, observationOf, watchesNewDeviations } from '../../src/notebook/baselineRun';
import {
  baselineEntryOf,
  baselinePathOf,
  baselineRequestOf,
  compareWithBaseline,
  goneEntries,
  parseBaseline,
  refreshedBaseline,
  serializeBaseline,
  type BaselineEntry,
} from '../../src/notebook/deviationBaseline';
import type { CellResult } from '../../src/notebook/model';

const SAMPLE_BASELINE = resolve(import.meta.dirname, '../../media/notebook/vendor-contract.hdnb.baseline.json');

/** A resolved user as a careless service sends it: a field the spec lacks, a null, a personal id. */
function resolvedUser(extra: Record<string, unknown> = {}): unknown {
  return {
    user_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    team_id: 'a2b3c4d5-0000-4000-8000-000000000001',
    client_user_id: 'jane.doe@example.com',
    created_on: '2026-01-02T03:04:05Z',
    connected_sources: [{ source: { name: 'Omron', slug: 'omron', logo: 'https://example.com/o.png' }, created_on: '2026-01-02T03:04:05Z' }],
    fallback_time_zone: null,
    fallback_birth_date: null,
    ...extra,
  };
}

const ZONE = { fallback_time_zone: { id: 'Europe/Berlin', source_slug: 'manual', updated_at: '2026-01-02T03:04:05Z' } };
const resolveDeviations = (extra: Record<string, unknown> = {}): Deviation[] => inspectResponse('resolveUser', resolvedUser(extra));

describe('deviation baseline: the file', () => {
  test('beside the notebook, named after it; the request is the spec path, the same for every id', () => {
    assert.equal(baselinePathOf('checks/vendor.hdnb.md'), 'checks/vendor.hdnb.baseline.json');
    assert.equal(baselinePathOf('/abs/a b.hdnb.md'), '/abs/a b.hdnb.baseline.json');
    assert.equal(baselineRequestOf('resolveUser'), 'GET /v2/user/resolve/{client_user_id}');
    assert.equal(baselineRequestOf('listOrderSetMarkers'), 'POST /v3/lab_tests/list_order_set_markers');
  });

  test('serialise → parse → serialise is the same text: sorted, each entry once, one a line, no value the lens saw', () => {
    const deviations = resolveDeviations({ loyalty_tier: 'gold', nickname: 'Janie' });
    assert.ok(deviations.length >= 3, JSON.stringify(deviations));
    const entries = [...deviations, ...deviations].map((deviation) => baselineEntryOf('resolveUser', deviation));
    const text = serializeBaseline(entries.reverse());
    const parsed = parseBaseline(text);
    assert.ok(Array.isArray(parsed), JSON.stringify(parsed));
    assert.equal(parsed.length, deviations.length, 'each entry once');
    assert.equal(serializeBaseline(parsed), text, 'a round trip changes nothing');
    assert.equal(serializeBaseline(deviations.map((deviation) => baselineEntryOf('resolveUser', deviation))), text, 'the order entries came in does not matter');
    const lines = text.split('\n').filter((line) => line.includes('"request"'));
    assert.equal(lines.length, deviations.length, 'one entry a line: a change is a one-line diff');
    assert.deepEqual([...lines].sort(), lines, 'sorted');
    for (const personal of ['jane.doe@example.com', '7c9e6679', 'gold', 'Janie', '2026-01-02']) assert.ok(!text.includes(personal), `${personal} is not in the file`);
    assert.match(text, /"kind": "unknownField", "at": "loyalty_tier", "section": "2\.1"/);
  });

  test('read liberally (laid out by hand, other keys) but exactly: what is wrong is said', () => {
    const pretty = JSON.stringify({ note: 'ours', deviations: [{ section: '2.1', at: 'nickname', kind: 'unknownField', request: 'GET /v2/user/resolve/{client_user_id}', seen: 'x' }] }, null, 2);
    assert.deepEqual(parseBaseline(pretty), [{ request: 'GET /v2/user/resolve/{client_user_id}', kind: 'unknownField', at: 'nickname', section: '2.1' }]);
    assert.deepEqual(parseBaseline('{"version":1,"deviations":[]}'), []);
    const problems: [string, RegExp][] = [
      ['{', /not JSON/],
      ['[]', /expected an object with "deviations"/],
      ['{"deviations":{}}', /"deviations" is not a list/],
      ['{"version":2,"deviations":[]}', /newer version/],
      ['{"deviations":[{"request":"GET /v2/user/","kind":"oddity","at":"","section":"4"}]}', /entry 1: "oddity" is not a deviation kind/],
      ['{"deviations":[{"request":"GET /v2/user/","kind":"deprecated","section":"4"}]}', /entry 1 needs "request", "kind", "at" and "section"/],
    ];
    for (const [text, problem] of problems) {
      const parsed = parseBaseline(text);
      assert.ok('problem' in parsed, text);
      assert.match(parsed.problem, problem, text);
    }
  });

  test('the shipped vendor-contract baseline is in the form the writer writes', () => {
    const text = readFileSync(SAMPLE_BASELINE, 'utf8');
    const parsed = parseBaseline(text);
    assert.ok(Array.isArray(parsed) && parsed.length > 0);
    assert.equal(serializeBaseline(parsed), text);
  });
});

describe('deviation baseline: new, gone, refreshed', () => {
  const accepted = resolveDeviations().map((deviation) => baselineEntryOf('resolveUser', deviation));

  test('a deviation not in the baseline is new; an entry of the same request not shown is gone; other requests are not judged', () => {
    const other: BaselineEntry = { request: 'GET /v2/user/', kind: 'redirectFollowed', at: '', section: '4.2' };
    const same = compareWithBaseline({ operation: 'resolveUser', deviations: resolveDeviations() }, [...accepted, other]);
    assert.deepEqual(same, { fresh: [], gone: [] });

    const moved = compareWithBaseline({ operation: 'resolveUser', deviations: resolveDeviations({ loyalty_tier: 'gold' }) }, [...accepted, other]);
    assert.deepEqual(moved.fresh.map((deviation) => [deviation.kind, deviation.pattern, deviation.section]), [['unknownField', 'loyalty_tier', '2.1']]);
    assert.deepEqual(moved.gone, []);

    const better = compareWithBaseline({ operation: 'resolveUser', deviations: resolveDeviations(ZONE) }, [...accepted, other]);
    assert.deepEqual(better.fresh, []);
    assert.deepEqual(better.gone, [{ request: 'GET /v2/user/resolve/{client_user_id}', kind: 'nullNotAllowed', at: 'fallback_time_zone', section: '2.1' }]);
    assert.deepEqual(goneEntries([...accepted, other], [{ operation: 'resolveUser', deviations: resolveDeviations(ZONE) }]), better.gone, 'the list request was not answered: its entry is not gone');
  });

  test('refresh: adds what is new and keeps the rest; prune drops what the answered requests no longer show; never what was not answered', () => {
    const other: BaselineEntry = { request: 'GET /v2/user/', kind: 'redirectFollowed', at: '', section: '4.2' };
    const observation = { operation: 'resolveUser' as const, deviations: resolveDeviations({ loyalty_tier: 'gold', ...ZONE }) };
    const added = refreshedBaseline([...accepted, other], [observation], false);
    assert.deepEqual(added.added.map((entry) => entry.at), ['loyalty_tier']);
    assert.deepEqual(added.removed, []);
    assert.equal(added.entries.length, accepted.length + 2);
    assert.ok(added.unseen.some((entry) => entry.at === 'fallback_time_zone') && added.unseen.some((entry) => entry.request === other.request));

    const pruned = refreshedBaseline([...accepted, other], [observation], true);
    assert.deepEqual(pruned.removed.map((entry) => entry.at), ['fallback_time_zone']);
    assert.ok(pruned.entries.some((entry) => entry.request === 'GET /v2/user/'), 'the request no cell answered keeps its entry');
  });

  test('after a run: what is written and said; which cells watch; a cell without an answer tells nothing', () => {
    const name = 'n.hdnb.baseline.json';
    const source = 'GET /v2/user/resolve/{{who}}\n\nexpect status 200\nexpect no new deviations # the contract\n';
    assert.equal(watchesNewDeviations(source), true);
    assert.equal(watchesNewDeviations('GET /v2/user/\n\nexpect no deviations'), false);
    assert.equal(isNoNewDeviationsAssertion('expect  no new deviations'), true);
    assert.equal(isNoNewDeviationsAssertion('expect no deviations'), false);
    const result = { outcome: 'ok', operation: 'resolveUser', deviations: resolveDeviations() } as CellResult;
    const observation = observationOf(source, result);
    assert.ok(observation);
    assert.equal(observationOf(source, { ...result, outcome: 'error' }), undefined);

    const fresh = baselineOutcome(name, undefined, 1, [observation], 'add');
    assert.equal(fresh.write, serializeBaseline(accepted));
    assert.match(fresh.lines[0]!, new RegExp(`^n\\.hdnb\\.baseline\\.json: wrote ${accepted.length} entries \\(new file\\): ${accepted.length} added, 0 removed$`));
    assert.ok(fresh.lines.includes('    + GET /v2/user/resolve/{client_user_id}: nullNotAllowed at fallback_time_zone (spec 2.1)'), fresh.lines.join('\n'));
    assert.deepEqual(fresh.summary, { kind: 'written', entries: accepted.length, added: accepted.length, removed: 0, gone: 0 });
    assert.deepEqual(baselineOutcome(name, fresh.write, 1, [observation], 'add'), {
      summary: { kind: 'unchanged', entries: accepted.length, added: 0, removed: 0, gone: 0 },
      lines: [`${name}: unchanged, ${accepted.length} entries`],
    });
    assert.deepEqual(baselineOutcome(name, fresh.write, 1, [observation], undefined), { summary: { kind: 'compared', gone: 0 }, lines: [] }, 'a plain run writes nothing');

    const better = { operation: 'resolveUser' as const, deviations: resolveDeviations(ZONE) };
    const told = baselineOutcome(name, fresh.write, 1, [better], undefined);
    assert.equal(told.write, undefined);
    assert.deepEqual(told.lines.slice(1), ['    ? GET /v2/user/resolve/{client_user_id}: nullNotAllowed at fallback_time_zone (spec 2.1)']);
    assert.match(told.lines[0]!, /1 entry no longer seen, still accepted/);
    assert.deepEqual(told.summary, { kind: 'compared', gone: 1 });
    const pruned = baselineOutcome(name, fresh.write, 1, [better], 'prune');
    assert.ok(pruned.lines.includes('    - GET /v2/user/resolve/{client_user_id}: nullNotAllowed at fallback_time_zone (spec 2.1)'));
    assert.ok(!pruned.write!.includes('fallback_time_zone'));

    assert.deepEqual(baselineOutcome(name, undefined, 0, [], 'add'), { summary: { kind: 'noWatchingCell' }, lines: [`${name}: not written: no cell says "expect no new deviations"`] });
    assert.deepEqual(baselineOutcome(name, fresh.write, 2, [], 'add'), { summary: { kind: 'noAnswer' }, lines: [`${name}: left as it was: no cell that says "expect no new deviations" got an answer`] });
    const replaced = baselineOutcome(name, { problem: 'EACCES' }, 1, [observation], 'add');
    assert.match(replaced.lines[0]!, /replaced a file that could not be read/);
  });

  test('what a run compares with: the file, none yet, one that cannot be read, or the run that writes it', () => {
    const text = serializeBaseline(accepted);
    assert.deepEqual(baselineStateOf('b.json', text, false), { kind: 'loaded', name: 'b.json', exists: true, entries: parseBaseline(text) });
    assert.deepEqual(baselineStateOf('b.json', undefined, false), { kind: 'loaded', name: 'b.json', exists: false, entries: [] });
    assert.deepEqual(baselineStateOf('b.json', '{', false).kind, 'unreadable');
    assert.deepEqual(baselineStateOf('b.json', '{', true), { kind: 'updating', name: 'b.json' });
  });
});
