// Save as Notebook / Add to Notebook when scrubbing (issue 33): each call, scrubbed by the real
// scrubber, written as a request cell whose user id and client user id are variables holding the
// pseudonyms. Planted identifiers (e-mail, phone, name, record number as client_user_id) never reach
// the cell or the variables; the cell, its variables filled in, makes exactly the scrubbed call
// (its dates the scrubber's shifted ones); a notebook's own variables are kept and reused.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import type { RequestOperation } from '../../src/api/requests';
import { operationOfCell } from '../../src/notebook/cellOperation';
import { IdentifierVariables } from '../../src/notebook/identifierVariables';
import { isCellSyntaxError, parseRequestCell } from '../../src/notebook/requestCell';
import { scrubOperation } from '../../src/scrub/scrubber';
import { identifierArbitrary } from '../support/plantedIdentifiers';

const SECRET = 'notebook-door-secret-7';
const USER_ID = '3f2a9c1e-5b7d-4e8f-a1b2-c3d4e5f60718';
const PLANTED = ['maria.garcia@example.com', '+1-415-555-0142', 'Maria Garcia', 'MRN0048213377'];

/** The call the cell makes with `variables` filled in. */
function callOf(source: string, variables: Record<string, string>): RequestOperation {
  const cell = parseRequestCell(source);
  if (isCellSyntaxError(cell)) assert.fail(`line ${cell.line}: ${cell.message}\n${source}`);
  const made = operationOfCell(cell, { values: new Map(Object.entries(variables)), today: '2026-11-28' });
  if ('kind' in made) assert.fail(`${made.kind}: ${made.message}\n${source}`);
  return made;
}

const scrubbed = (operation: RequestOperation): RequestOperation => scrubOperation(operation, SECRET).operation;

describe('notebook cells saved scrubbed', () => {
  test('a resolve of each planted client_user_id: no identifier in the cell or the variables, the pseudonym in {{clientUserId}}', () => {
    for (const planted of PLANTED) {
      const variables = new IdentifierVariables();
      const call = scrubbed({ name: 'resolveUser', args: [planted] });
      const source = variables.cellSource(call, { assertNoDeviations: true });
      const written = `${source}\n${JSON.stringify(variables.variables)}`;
      for (const form of [planted, encodeURIComponent(planted)]) assert.ok(!written.includes(form), `${form} left in:\n${written}`);
      assert.match(source, /^GET \/v2\/user\/resolve\/\{\{clientUserId\}\}\n/);
      assert.deepEqual(callOf(source, variables.variables), call, 'the cell makes the scrubbed call');
    }
  });

  test('a blood-pressure load: {{userId}} holds the pseudonym and the dates are the scrubber\'s shifted ones', () => {
    const sent: RequestOperation = { name: 'getGroupedBloodPressure', args: [USER_ID, { startDate: '2026-10-01', endDate: '2026-10-30', provider: 'omron' }] };
    const call = scrubbed(sent);
    assert.ok(call.name === 'getGroupedBloodPressure');
    assert.notEqual(call.args[1].startDate, '2026-10-01', 'the scrubber moved the dates');
    const variables = new IdentifierVariables();
    const source = variables.cellSource(call, { pages: 'all', assertNoDeviations: true });
    assert.ok(!source.includes(USER_ID) && !JSON.stringify(variables.variables).includes(USER_ID));
    assert.ok(!source.includes('2026-10-01') && !source.includes('2026-10-30'), source);
    assert.match(source, /^GET \/v2\/timeseries\/\{\{userId\}\}\/blood_pressure\/grouped\?/);
    assert.match(source, new RegExp(`start_date=${call.args[1].startDate}`));
    assert.deepEqual(variables.variables, { userId: call.args[0] });
    assert.deepEqual(callOf(source, variables.variables), call);
  });

  test('several users get numbered variables; the same user reuses one; a notebook\'s own variables stay', () => {
    const variables = new IdentifierVariables({ userId: 'someone-else', window: '30' });
    const first = scrubbed({ name: 'getGroupedBloodPressure', args: [USER_ID, { startDate: '2026-10-01' }] });
    const again = scrubbed({ name: 'getGroupedBloodPressure', args: [USER_ID, { startDate: '2026-09-01' }] });
    const other = scrubbed({ name: 'getGroupedBloodPressure', args: ['a-second-user-0002', { startDate: '2026-10-01' }] });
    const sources = [first, again, other].map((call) => variables.cellSource(call));
    assert.match(sources[0]!, /\{\{userId2\}\}/);
    assert.match(sources[1]!, /\{\{userId2\}\}/, 'the same pseudonym, the same variable');
    assert.match(sources[2]!, /\{\{userId3\}\}/);
    assert.equal(variables.variables.userId, 'someone-else');
    assert.equal(variables.variables.window, '30');
    sources.forEach((source, index) => assert.deepEqual(callOf(source, variables.variables), [first, again, other][index]));
  });

  test('calls that name no person are written as they are', () => {
    const variables = new IdentifierVariables();
    const call = scrubbed({ name: 'listLabTestMarkers', args: ['lab-test-7', { page: 2, size: 50 }] });
    assert.deepEqual(callOf(variables.cellSource(call), {}), call);
    assert.deepEqual(variables.variables, {});
  });

  test('any planted identifier as client_user_id or user_id: never in what is written', () => {
    fc.assert(
      fc.property(identifierArbitrary, fc.boolean(), (planted, asUserId) => {
        const call = scrubbed(asUserId ? { name: 'getGroupedBloodPressure', args: [planted, { startDate: '2026-10-01' }] } : { name: 'resolveUser', args: [planted] });
        const variables = new IdentifierVariables();
        const written = `${variables.cellSource(call, { pages: 'all' })}\n${JSON.stringify(variables.variables)}`;
        return !written.includes(planted) && !written.includes(encodeURIComponent(planted));
      }),
      { numRuns: 300 },
    );
  });
});
