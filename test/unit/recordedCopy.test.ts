// The scrubbed copy a recording writes of a notebook, part by part: the request written as the one
// sent (scrubbed), with what scrubbing left alone still as written; identifiers, personal text and
// dates in assertions, comments and Markdown rewritten with the same pseudonyms as the fixtures.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { RequestOperation } from '../../src/api/requests';
import type { CellResult } from '../../src/notebook/model';
import { parseNotebookFile } from '../../src/notebook/notebookFormat';
import { RecordedCopy } from '../../src/notebook/recording/recordedCopy';
import { RecordedIdentifiers } from '../../src/notebook/recording/recordedIdentifiers';
import { recordedTarget } from '../../src/notebook/recording/recordedRequest';
import { DateShifter } from '../../src/scrub/dateShift';
import { Pseudonyms } from '../../src/scrub/pseudonyms';
import { scrubOperation } from '../../src/scrub/scrubber';

const SECRET = 'recorded-copy-secret';
const USER = '3f0e4b7a-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const EMAIL = 'maria.garcia@example.com';

const bloodPressure: RequestOperation = { name: 'getGroupedBloodPressure', args: [USER, { startDate: '2026-02-14', endDate: '2026-03-15' }] };

describe('the request a recording writes', () => {
  const scrubbed = scrubOperation(bloodPressure, SECRET).operation;
  const shift = (date: string) => new DateShifter(new Pseudonyms(SECRET).dayOffset(USER)).shift(date);

  test('range= becomes the shifted dates it was sent as; a {{variable}} holding the pseudonym stays', () => {
    const target = recordedTarget('/v2/timeseries/{{userId}}/blood_pressure/grouped?range=last30', bloodPressure, scrubbed, (name) => name === 'userId');
    assert.equal(target, `/v2/timeseries/{{userId}}/blood_pressure/grouped?start_date=${shift('2026-02-14')}&end_date=${shift('2026-03-15')}`);
  });

  test('a literal id, and a variable that would not hold the pseudonym, become the pseudonym', () => {
    const pseudonym = new Pseudonyms(SECRET).uuid(USER);
    assert.equal(recordedTarget(`/v2/timeseries/${USER}/blood_pressure/grouped?start_date={{30 days ago}}&end_date=2026-03-15`, bloodPressure, scrubbed, () => false), `/v2/timeseries/${pseudonym}/blood_pressure/grouped?start_date=${shift('2026-02-14')}&end_date=${shift('2026-03-15')}`);
  });

  test('what scrubbing leaves alone stays as written', () => {
    const markers: RequestOperation = { name: 'listLabTestMarkers', args: ['5a1c6c3e-2f4b-4d8e-9b61-0c7d2f1e8a01', { page: 2, size: 5 }] };
    assert.equal(recordedTarget('/v3/lab_tests/{{labTest}}/markers?size={{size}}&page=2', markers, scrubOperation(markers, SECRET).operation, () => false), '/v3/lab_tests/{{labTest}}/markers?size={{size}}&page=2');
  });
});

describe('the notebook a recording writes', () => {
  const pseudonyms = new Pseudonyms(SECRET);
  const identifiers = new RecordedIdentifiers(pseudonyms);
  const resolve: RequestOperation = { name: 'resolveUser', args: [EMAIL] };
  identifiers.learnExchange({ operation: resolve, status: 200, body: { user_id: USER, client_user_id: EMAIL } });
  const notebook = parseNotebookFile(`---
environment: sandboxUs
variables:
  patient: ${EMAIL}
  unused: Call +1 415 555 0142
---

Notes on ${EMAIL}: see the readings.
Reach John Smith on the ward.

\`\`\`http
curl 'https://api.example.com/v2/user/resolve/{{patient}}' \\
  -H 'accept: application/json'

# asked by Dr. Okafor
expect client_user_id == ${EMAIL}
expect notes == "Maria Lopez"
expect created_on < 2026-01-01  # before the study
\`\`\`
`);
  const result = { version: 1, call: resolve, body: { user_id: USER, client_user_id: EMAIL }, ranAt: '2026-03-15T10:00:00.000Z', variablesSet: {}, assertions: [], deviations: [] } as unknown as CellResult;
  const copy = new RecordedCopy(pseudonyms, identifiers).notebook({ notebook, results: new Map([[1, result]]) }, 'Sandbox (US)');
  const cell = copy.cells.find((each) => each.kind === 'request')!.source;
  const markdown = copy.cells.find((each) => each.kind === 'markdown')!.source;
  const pseudonym = pseudonyms.clientUserId(EMAIL);

  test('variables hold pseudonyms; one that is no identifier the run met but looks personal is removed', () => {
    assert.equal(copy.variables.patient, pseudonym);
    assert.equal(copy.variables.unused, '[removed]');
    assert.equal(copy.environment, 'local');
    assert.deepEqual(copy.otherFrontMatter, ['recordedFrom: "Sandbox (US)"']);
  });

  test('a pasted curl becomes the request line, the variable kept; the host is gone', () => {
    assert.match(cell, /^GET \/v2\/user\/resolve\/\{\{patient\}\}$/m);
    assert.doesNotMatch(cell, /api\.example\.com|curl/);
  });

  test('identifiers become pseudonyms, personal text is removed, a compared date moves by the person’s offset', () => {
    assert.match(cell, new RegExp(`^expect client_user_id == ${pseudonym}$`, 'm'));
    assert.match(cell, /^expect notes == "\[removed\]"$/m);
    assert.match(cell, /^# \[removed\]$/m);
    const moved = new DateShifter(pseudonyms.dayOffset(USER)).shift('2026-01-01');
    assert.match(cell, new RegExp(`^expect created_on < ${moved}  # before the study$`, 'm'));
    assert.equal(markdown, `Notes on ${pseudonym}: see the readings.\n[removed]`);
    assert.doesNotMatch(JSON.stringify(copy), /maria|Okafor|John Smith|555/i);
  });
});
