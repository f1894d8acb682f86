// What a notebook output shows of a CellResult (src/notebook/resultPresentation.ts): bodies from the
// real sandbox in both shapes, and results edited by hand, which must never throw.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { CellResult } from '../../src/notebook/model';
import { assertionTally, rawJsonText, readCellResult, requestLine, resultBodyView } from '../../src/notebook/resultPresentation';
import { NOTEBOOK_RENDERER_ID } from '../../src/shared/notebookRendererProtocol';
import { ENGLISH_STRINGS } from '../../src/webview/notebook/rendererStrings';
import { RESULT_MIME } from '../../src/notebook/model';
import { useSandbox } from '../support/sandboxFixture';

const TODAY = '2026-11-20';

function result(fields: Partial<CellResult>): CellResult {
  return {
    version: 1,
    request: { method: 'GET', path: '/v2/user/' },
    environment: { id: 'local', label: 'Local sandbox' },
    ms: 5,
    pages: 1,
    outcome: 'ok',
    deviations: [],
    assertions: [],
    variablesSet: {},
    ranAt: `${TODAY}T10:00:00.000Z`,
    ...fields,
  };
}

describe('notebook result presentation', () => {
  const spec = useSandbox({ today: TODAY });
  const vendor = useSandbox({ today: TODAY, shape: 'vendor' });

  it('draws a listUsers body as a row per user, each field as sent', async () => {
    const body = await spec.client().listUsers({ limit: 20 });
    const view = resultBodyView(result({ operation: 'listUsers', body }));
    assert.equal(view.kind, 'users');
    if (view.kind !== 'users') return;
    assert.equal(view.rows.length, body.users.length);
    assert.equal(view.total, body.total);
    const [first] = body.users;
    assert.deepEqual(view.rows[0], {
      clientUserId: first!.client_user_id,
      userId: first!.user_id,
      createdOn: first!.created_on ?? undefined,
      sources: first!.connected_sources?.map((source) => source.source?.slug).join(', ') || undefined,
      timeZone: first!.fallback_time_zone?.id ?? undefined,
    });
  });

  it('reads a connected source’s slug in the vendor’s shape (provider) as in the spec’s (source)', async () => {
    const [specUser] = (await spec.client().listUsers({ limit: 50 })).users.filter((user) => (user.connected_sources?.length ?? 0) > 1);
    const vendorUser = await vendor.client().resolveUser(specUser!.client_user_id);
    assert.ok(vendorUser.connected_sources?.every((source) => source.provider?.slug), 'the vendor sends provider.slug');
    const specRow = resultBodyView(result({ operation: 'resolveUser', body: specUser }));
    const vendorRow = resultBodyView(result({ operation: 'resolveUser', body: vendorUser }));
    assert.ok(specRow.kind === 'users' && vendorRow.kind === 'users');
    assert.equal(specRow.rows.length, 1);
    assert.match(specRow.rows[0]!.sources ?? '', /, /);
    assert.equal(vendorRow.rows[0]!.sources, specRow.rows[0]!.sources);
  });

  it('passes a well-formed blood-pressure body on as it is, with the queried window', async () => {
    const client = spec.client();
    const users = await client.listUsers({ limit: 50 });
    const user = users.users.find((candidate) => (candidate.connected_sources?.length ?? 0) > 0)!;
    const body = await client.getGroupedBloodPressure(user.user_id, { startDate: '2026-10-01', endDate: TODAY });
    const readings = Object.values(body.groups).flat().reduce((sum, group) => sum + group.data.length, 0);
    assert.ok(readings > 0);
    const call = { name: 'getGroupedBloodPressure' as const, args: [user.user_id, { startDate: '2026-10-01', endDate: TODAY }] as [string, { startDate: string; endDate: string }] };
    const view = resultBodyView(result({ operation: 'getGroupedBloodPressure', call, body }));
    assert.equal(view.kind, 'bloodPressure');
    if (view.kind !== 'bloodPressure') return;
    assert.equal(view.readings, readings);
    assert.equal(view.skipped, 0);
    assert.deepEqual(view.window, { startDate: '2026-10-01', endDate: TODAY, provider: undefined });
    const [key, groups] = Object.entries(body.groups)[0]!;
    assert.equal(view.groups[key]![0]!.data, groups[0]!.data, 'no copy of the readings');
  });

  it('leaves out readings it cannot draw and counts them; a body without groups is raw JSON only', () => {
    const body = {
      groups: {
        omron: [
          {
            source: { type: 'cuff' },
            data: [
              { timestamp: '2026-11-01T08:00:00Z', systolic: 120, diastolic: 80 },
              { timestamp: '2026-11-01T09:00:00Z', systolic: '121', diastolic: 80 },
              { systolic: 122, diastolic: 81 },
              null,
            ],
          },
          'not a group',
        ],
        broken: 'not a list',
      },
    };
    const view = resultBodyView(result({ operation: 'getGroupedBloodPressure', body }));
    assert.ok(view.kind === 'bloodPressure');
    assert.equal(view.readings, 1);
    assert.equal(view.skipped, 3);
    assert.equal(view.groups.omron![0]!.source.provider, 'omron', 'a group without a provider is named by its key');
    assert.equal(view.window, undefined, 'no call: no window');
    assert.deepEqual(resultBodyView(result({ operation: 'getGroupedBloodPressure', body: { readings: [] } })), { kind: 'json' });
  });

  it('draws markers of both marker operations; a marker that is not an object is counted, not drawn', async () => {
    const client = spec.client();
    const [labTest] = spec.sandbox.labTests;
    const body = await client.listLabTestMarkers(labTest!.id, { size: 100 });
    const view = resultBodyView(result({ operation: 'listLabTestMarkers', body }));
    assert.ok(view.kind === 'markers');
    assert.equal(view.markers.length, body.markers.length);
    assert.equal(view.skipped, 0);
    const odd = resultBodyView(result({ operation: 'listOrderSetMarkers', body: { markers: [...body.markers, 42, 'x'], pricing: 'none' } }));
    assert.ok(odd.kind === 'markers');
    assert.equal(odd.skipped, 2);
    assert.equal(odd.pricing, undefined);
  });

  it('says when there is no body, and leaves an unknown operation to raw JSON', () => {
    assert.deepEqual(resultBodyView(result({ operation: 'listUsers' })), { kind: 'none' });
    assert.deepEqual(resultBodyView(result({ operation: 'listUsers', body: null })), { kind: 'none' });
    assert.deepEqual(resultBodyView(result({ body: { users: [] } })), { kind: 'json' });
    assert.deepEqual(resultBodyView(result({ operation: 'listUsers', body: [1, 2] })), { kind: 'json' });
  });

  it('cuts the raw JSON at the limit and says how long it was', () => {
    const body = { users: Array.from({ length: 1000 }, (_, i) => ({ user_id: `u-${i}` })) };
    const whole = JSON.stringify(body, null, 2);
    assert.deepEqual(rawJsonText(body, whole.length), { text: whole, totalChars: whole.length, truncated: false });
    const cut = rawJsonText(body, 100);
    assert.equal(cut.text, whole.slice(0, 100));
    assert.equal(cut.totalChars, whole.length);
    assert.equal(cut.truncated, true);
  });

  it('tallies assertions and writes the request line as sent', () => {
    assert.deepEqual(
      assertionTally([
        { line: 1, text: 'expect status 200', passed: true, message: '' },
        { line: 2, text: 'expect no deviations', passed: false, message: '2 deviations' },
      ]),
      { passed: 1, failed: 1 },
    );
    assert.equal(requestLine({ method: 'POST', path: '/v3/lab_tests/list_order_set_markers' }), 'POST /v3/lab_tests/list_order_set_markers');
    assert.equal(requestLine(undefined), '');
  });

  it('reads a saved result defensively: wrong version or outcome is not a result, missing parts get their empty value', () => {
    assert.equal(readCellResult({ ...result({}), version: 2 }), undefined);
    assert.equal(readCellResult({ ...result({}), outcome: 'maybe' }), undefined);
    assert.equal(readCellResult('text'), undefined);
    const read = readCellResult({ version: 1, outcome: 'ok', deviations: [{ kind: 'unknownField' }, 3], assertions: [{ passed: 'yes', text: 5 }] });
    assert.ok(read);
    assert.deepEqual(read.request, { method: 'GET', path: '' });
    assert.deepEqual(read.environment, { id: '', label: '' });
    assert.equal(read.ms, 0);
    assert.equal(read.pages, 0);
    assert.deepEqual(read.deviations, [{ kind: 'unknownField', path: '', pattern: '', count: 1, of: 1, paths: [], spec: '', section: '' }]);
    assert.deepEqual(read.assertions, [{ line: 0, text: '5', passed: false, message: '' }]);
  });

  it('never throws, whatever JSON an output holds', () => {
    const operations = fc.constantFrom(undefined, 'listUsers', 'resolveUser', 'getGroupedBloodPressure', 'listLabTestMarkers', 'listOrderSetMarkers', 'other');
    fc.assert(
      fc.property(fc.jsonValue(), operations, fc.jsonValue(), (body, operation, anything) => {
        const read = readCellResult({
          version: 1,
          outcome: 'ok',
          operation,
          body,
          ...Object.fromEntries(['deviations', 'assertions', 'request', 'environment', 'timeZone', 'status', 'error', 'scrubbed', 'bodyOmittedBytes', 'call'].map((field) => [field, anything])),
        });
        assert.ok(read);
        assert.ok(read.timeZone === undefined || typeof read.timeZone === 'string');
        assert.ok(read.status === undefined || typeof read.status === 'number');
        assert.ok(read.error === undefined || (typeof read.error.message === 'string' && typeof read.error.kind === 'string'));
        resultBodyView(read);
        rawJsonText(read.body, 50);
        readCellResult(anything);
      }),
      { numRuns: 500 },
    );
  });
});

/** `key: vscode.l10n.t('English')` pairs of a slice of an l10n source file. */
function l10nWords(file: string, from: string, to?: string): Record<string, string> {
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(from);
  assert.ok(start >= 0, `${from} in ${file}`);
  const slice = text.slice(start, to ? text.indexOf(to, start) : undefined);
  const words: Record<string, string> = {};
  for (const match of slice.matchAll(/(\w+): vscode\.l10n\.t\(\s*'((?:[^'\\]|\\.)*)'/g)) words[match[1]!] = match[2]!.replace(/\\'/g, "'");
  return words;
}

describe('notebook renderer words and manifest', () => {
  it('draws with the same English the extension localizes (no drift between renderer and l10n sources)', () => {
    const panel = 'src/l10n/panelStrings.ts';
    const renderer = 'src/l10n/notebookRendererStrings.ts';
    assert.deepEqual(ENGLISH_STRINGS.bloodPressure, l10nWords(panel, 'export function bloodPressureStrings', 'export function labMarkersStrings'));
    assert.deepEqual(ENGLISH_STRINGS.labMarkers, l10nWords(panel, 'export function labMarkersStrings', 'export const panelTitles'));
    assert.deepEqual(ENGLISH_STRINGS.output, l10nWords(renderer, 'output: {', 'bloodPressure:'));
    const { kinds, ...list } = ENGLISH_STRINGS.deviationList;
    assert.deepEqual(list, l10nWords(renderer, 'deviationList: {', 'kinds:'));
    assert.deepEqual(kinds, l10nWords('src/l10n/deviationStrings.ts', 'export function deviationKindWords', 'export function deviationWords'));
    assert.deepEqual(ENGLISH_STRINGS.deviationLine, l10nWords('src/l10n/deviationStrings.ts', 'export function panelDeviationsStrings', 'export const panelDeviationsDocument'));
  });

  it('contributes the renderer for RESULT_MIME, built by esbuild and shipped', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { contributes: { notebookRenderer: { id: string; entrypoint: string; mimeTypes: string[] }[] } };
    const [entry, ...others] = manifest.contributes.notebookRenderer;
    assert.equal(others.length, 0);
    assert.equal(entry!.id, NOTEBOOK_RENDERER_ID);
    assert.deepEqual(entry!.mimeTypes, [RESULT_MIME]);
    assert.equal(entry!.entrypoint, './dist/webview/notebookRenderer.js');
    assert.match(readFileSync('esbuild.mjs', 'utf8'), /outfile: 'dist\/webview\/notebookRenderer\.js',\s*platform: 'browser',\s*format: 'esm'/);
    assert.match(readFileSync('.vscodeignore', 'utf8'), /^!dist\/webview\/\*\*$/m);
  });
});
