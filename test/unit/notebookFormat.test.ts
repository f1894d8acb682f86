// The notebook file format: what the serializer writes reads back the same, a hand-written file
// loses no text, and a malformed saved output stays Markdown instead of failing the file.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import type { CellResult, NotebookFile } from '../../src/notebook/model';
import { notebookCellLines, parseNotebookFile, serializeNotebookFile } from '../../src/notebook/notebookFormat';

function result(overrides: Partial<CellResult> = {}): CellResult {
  return {
    version: 1,
    request: { method: 'GET', path: '/v2/user/resolve/patient-0042' },
    operation: 'resolveUser',
    call: { name: 'resolveUser', args: ['patient-0042'] },
    environment: { id: 'local', label: 'Local sandbox' },
    status: 200,
    ms: 12,
    pages: 1,
    outcome: 'ok',
    body: { user_id: 'u-1', client_user_id: 'patient-0042' },
    deviations: [],
    assertions: [{ line: 3, text: 'expect status 200', passed: true, message: 'status 200' }],
    variablesSet: { userId: 'u-1' },
    ranAt: '2026-11-26T05:00:00.000Z',
    ...overrides,
  };
}

const SAMPLE = `---
environment: local
timeZone: Europe/Berlin
variables:
  clientUserId: patient-0042
---

# Why are patient-0042's readings missing?

Any Markdown between request cells is a Markdown cell.

\`\`\`http
GET /v2/user/resolve/{{clientUserId}}

let userId = user_id
expect status 200
\`\`\`

\`\`\`json health-data-output
${JSON.stringify(result(), null, 2)}
\`\`\`

Closing words.
`;

describe('notebook file format', () => {
  test('reads front matter, Markdown, request cells and their saved outputs', () => {
    const file = parseNotebookFile(SAMPLE);
    assert.equal(file.environment, 'local');
    assert.equal(file.timeZone, 'Europe/Berlin');
    assert.deepEqual(file.variables, { clientUserId: 'patient-0042' });
    assert.equal(file.cells.length, 3);
    assert.deepEqual(file.cells[0], {
      kind: 'markdown',
      source: "# Why are patient-0042's readings missing?\n\nAny Markdown between request cells is a Markdown cell.",
    });
    const request = file.cells[1]!;
    assert.equal(request.kind, 'request');
    assert.equal(request.source, 'GET /v2/user/resolve/{{clientUserId}}\n\nlet userId = user_id\nexpect status 200');
    assert.deepEqual(request.kind === 'request' ? request.output : undefined, result());
    assert.deepEqual(file.cells[2], { kind: 'markdown', source: 'Closing words.' });
  });

  test('what the serializer wrote reads back to the same text', () => {
    assert.equal(serializeNotebookFile(parseNotebookFile(SAMPLE)), SAMPLE);
  });

  test('the shipped sample is in the serializer’s own form: saving it unchanged changes nothing', () => {
    const shipped = readFileSync(resolve(import.meta.dirname, '../../media/notebook/sample.hdnb.md'), 'utf8');
    const file = parseNotebookFile(shipped);
    assert.equal(file.environment, 'local');
    assert.equal(file.cells.filter((cell) => cell.kind === 'request').length, 5);
    assert.equal(serializeNotebookFile(file), shipped);
  });

  test('round trip holds for any notebook the serializer writes (property)', () => {
    const line = fc.string({ maxLength: 30 }).map((text) => text.replace(/[\r\n\u2028\u2029]/g, ' '));
    const source = fc.array(line, { minLength: 1, maxLength: 6 }).map((lines) => lines.join('\n'));
    const markdown = source
      .map((text) => text.replace(/`/g, "'").trim())
      .filter((text) => text !== '')
      .map((text) => ({ kind: 'markdown' as const, source: text }));
    const request = fc.record({ source, withOutput: fc.boolean() }).map(({ source: text, withOutput }) => ({
      kind: 'request' as const,
      source: text,
      ...(withOutput ? { output: result({ body: { text } }) } : {}),
    }));
    const name = fc.stringMatching(/^[A-Za-z_][\w]{0,8}$/);
    const notebook = fc.record({
      environment: fc.constantFrom(undefined, 'local', 'sandboxUs', 'productionEu'),
      variables: fc.dictionary(name, fc.string({ maxLength: 12 })),
      // Markdown cells never sit side by side: the file would merge them.
      cells: fc.array(fc.tuple(fc.option(markdown, { nil: undefined }), request), { maxLength: 5 }),
    });
    fc.assert(
      fc.property(notebook, ({ environment, variables, cells }) => {
        const file: NotebookFile = {
          ...(environment ? { environment } : {}),
          variables: Object.fromEntries(Object.entries(variables)),
          cells: cells.flatMap(([note, cell]) => (note ? [note, cell] : [cell])),
        };
        const text = serializeNotebookFile(file);
        const parsed = parseNotebookFile(text);
        assert.deepEqual(parsed, file);
        assert.equal(serializeNotebookFile(parsed), text);
      }),
      { numRuns: 300 },
    );
  });

  test('a cell whose source holds a fence gets a longer fence and reads back whole', () => {
    const file: NotebookFile = {
      variables: {},
      cells: [{ kind: 'request', source: 'POST /v3/lab_tests/list_order_set_markers\n```\n{"lab_test_ids": ["a"]}' }],
    };
    const text = serializeNotebookFile(file);
    assert.match(text, /^````http$/m);
    assert.deepEqual(parseNotebookFile(text), file);
  });

  test('a hand-written file parses without loss of text and without throwing', () => {
    const text = [
      '# Notes',
      '',
      '```js',
      '// a code sample, not a cell',
      '```',
      '```http',
      'GET /v2/user/',
      '```',
      'Text right after a cell.',
      '```http',
      'GET /v2/user/?limit=2',
    ].join('\r\n');
    const file = parseNotebookFile(text);
    assert.deepEqual(file.cells, [
      { kind: 'markdown', source: '# Notes\n\n```js\n// a code sample, not a cell\n```' },
      { kind: 'request', source: 'GET /v2/user/' },
      // An unclosed fence is Markdown: nothing of it is lost.
      { kind: 'markdown', source: 'Text right after a cell.\n```http\nGET /v2/user/?limit=2' },
    ]);
    for (const hostile of ['', '---', '---\n', '```', '```http', '\n\n\n', '---\nvariables:\n---', '````\n```http\n```\n````']) {
      assert.doesNotThrow(() => serializeNotebookFile(parseNotebookFile(hostile)), JSON.stringify(hostile));
    }
  });

  test('a malformed output block stays Markdown, and so does one not right after a request cell', () => {
    const broken = '```http\nGET /v2/user/\n```\n\n```json health-data-output\n{ "version": 1, "outcome": \n```\n';
    const file = parseNotebookFile(broken);
    assert.equal(file.cells.length, 2);
    assert.deepEqual(file.cells[0], { kind: 'request', source: 'GET /v2/user/' });
    assert.deepEqual(file.cells[1], { kind: 'markdown', source: '```json health-data-output\n{ "version": 1, "outcome": \n```' });

    const wrongShape = '```http\nGET /v2/user/\n```\n\n```json health-data-output\n{ "version": 2 }\n```\n';
    assert.equal(parseNotebookFile(wrongShape).cells[1]?.kind, 'markdown');

    const orphan = `# Title\n\n\`\`\`json health-data-output\n${JSON.stringify(result())}\n\`\`\`\n`;
    const orphanFile = parseNotebookFile(orphan);
    assert.equal(orphanFile.cells.length, 1);
    assert.equal(orphanFile.cells[0]?.kind, 'markdown');
    assert.match(orphanFile.cells[0]!.source, /health-data-output/);
  });

  test('front matter: quoted values, comments, an unknown environment and other keys are kept', () => {
    const text = [
      '---',
      'environment: https://evil.example.com',
      'title: My investigation',
      'timeZone: "America/New_York"',
      'variables:',
      '  clientUserId: "patient 0042 "',
      "  quoted: 'it''s'",
      '  withComment: abc # note',
      '---',
      '',
      'Body.',
    ].join('\n');
    const file = parseNotebookFile(text);
    assert.equal(file.environment, undefined, 'an environment is a name, never a URL');
    assert.equal(file.timeZone, 'America/New_York');
    assert.deepEqual(file.variables, { clientUserId: 'patient 0042 ', quoted: "it's", withComment: 'abc' });
    assert.deepEqual(file.otherFrontMatter, ['environment: https://evil.example.com', 'title: My investigation']);
    const again = parseNotebookFile(serializeNotebookFile(file));
    assert.deepEqual(again, file);
  });

  test('a first Markdown cell that opens with a rule stays Markdown', () => {
    const file: NotebookFile = { variables: {}, cells: [{ kind: 'markdown', source: '---\ntitle: not front matter\n---' }, { kind: 'request', source: 'GET /v2/user/' }] };
    const text = serializeNotebookFile(file);
    assert.deepEqual(parseNotebookFile(text), file);
    assert.equal(serializeNotebookFile(parseNotebookFile(text)), text);
  });

  test('a file without front matter has no environment and empty variables', () => {
    const file = parseNotebookFile('```http\nGET /v2/user/\n```\n');
    assert.equal(file.environment, undefined);
    assert.deepEqual(file.variables, {});
    assert.equal(serializeNotebookFile(file), '```http\nGET /v2/user/\n```\n');
  });

  test('a body over maxBodyBytes is left out of the file and its size kept', () => {
    const body = { users: Array.from({ length: 50 }, (_, index) => ({ user_id: `u-${index}` })) };
    const bytes = new TextEncoder().encode(JSON.stringify(body)).length;
    const file: NotebookFile = { variables: {}, cells: [{ kind: 'request', source: 'GET /v2/user/', output: result({ body }) }] };
    const small = parseNotebookFile(serializeNotebookFile(file, { maxBodyBytes: bytes - 1 }));
    const cell = small.cells[0];
    assert.ok(cell?.kind === 'request' && cell.output);
    assert.equal(cell.output.body, undefined);
    assert.equal(cell.output.bodyOmittedBytes, bytes);
    assert.equal(cell.output.status, 200, 'the rest of the result is kept');
    const kept = parseNotebookFile(serializeNotebookFile(file, { maxBodyBytes: bytes }));
    assert.deepEqual(kept.cells[0]?.kind === 'request' ? kept.cells[0].output?.body : undefined, body);
  });
});

describe('notebook cell lines', () => {
  test('each cell’s opening fence line, counted in the whole file (front matter included); 0 for Markdown', () => {
    assert.deepEqual(notebookCellLines(SAMPLE), [0, 12, 0]);
    assert.equal(SAMPLE.split('\n')[11], '```http');
  });
});
