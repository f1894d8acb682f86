// What "Look up in Health Data" makes of text from an editor, a debugger or a terminal, before any
// request: ids are recognised through their wrapping, junk is refused.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { classifyLookupText, idTokenAt, MAX_ID_LENGTH, unwrapIdText } from '../../src/domain/users/lookupClassifier';

const USER_ID = '3f2b8c1e-9a4d-4e6f-8b21-7c5d0e9f1a2b';
const LAB_TEST_ID = '5a1c6c3e-2f4b-4d8e-9b61-0c7d2f1e8a01';

describe('classifyLookupText', () => {
  test('an unknown UUID is tried as a lab test id (one request) before a user search (many)', () => {
    assert.deepEqual(classifyLookupText(USER_ID), { kind: 'id', value: USER_ID, tries: ['labTestId', 'userId'] });
  });

  test('a UUID of a user already fetched is tried as that user first', () => {
    const plan = classifyLookupText(USER_ID.toUpperCase(), { isKnownUserId: (id) => id === USER_ID });
    assert.deepEqual(plan, { kind: 'id', value: USER_ID, tries: ['userId', 'labTestId'] });
  });

  test('a UUID known as a lab test stays a lab test first even if a user has the same id', () => {
    const plan = classifyLookupText(LAB_TEST_ID, { labTestIds: new Set([LAB_TEST_ID]), isKnownUserId: () => true });
    assert.deepEqual(plan, { kind: 'id', value: LAB_TEST_ID, tries: ['labTestId', 'userId'] });
  });

  test('a log line holding exactly one UUID is that UUID; two UUIDs are ambiguous', () => {
    const line = `2026-11-22T10:00:00Z WARN no readings for user ${USER_ID.toUpperCase()} (provider omron)`;
    assert.deepEqual(classifyLookupText(line), { kind: 'id', value: USER_ID, tries: ['labTestId', 'userId'] });
    assert.deepEqual(classifyLookupText(`${line} lab ${LAB_TEST_ID}`), { kind: 'junk', reason: 'tooLong' });
    assert.deepEqual(classifyLookupText(`user ${USER_ID}0`), { kind: 'junk', reason: 'notAnId' });
  });

  test('upper-case, braced, urn and quoted UUIDs are the same id, lower-cased', () => {
    for (const text of [USER_ID.toUpperCase(), `{${USER_ID}}`, `urn:uuid:${USER_ID}`, `"${USER_ID}"`, `'${USER_ID}',`, ` \`${USER_ID}\`\n`]) {
      const plan = classifyLookupText(text);
      assert.equal(plan.kind, 'id', text);
      assert.equal(plan.kind === 'id' && plan.value, USER_ID, text);
    }
  });

  test('identifier-shaped text is a client_user_id, quotes from JSON or a debugger removed', () => {
    for (const [text, value] of [
      ['patient-0001', 'patient-0001'],
      ['"acme-3fa9c1"', 'acme-3fa9c1'],
      ["'sample-heavy-reader'", 'sample-heavy-reader'],
      ['user@example:42', 'user@example:42'],
      ['"patient-0007",', 'patient-0007'],
    ]) {
      assert.deepEqual(classifyLookupText(text!), { kind: 'id', value, tries: ['clientUserId'] }, text);
    }
  });

  test('junk is refused without a request', () => {
    assert.deepEqual(classifyLookupText(''), { kind: 'junk', reason: 'empty' });
    assert.deepEqual(classifyLookupText('   "" '), { kind: 'junk', reason: 'empty' });
    assert.deepEqual(classifyLookupText('x'.repeat(MAX_ID_LENGTH + 1)), { kind: 'junk', reason: 'tooLong' });
    for (const text of ['two words', '<script>alert(1)</script>', '../../v2/user', 'a?b=c', 'line\nbreak', 'semi;colon', '{"user_id": 1}', '-leading-dash', 'ünïcødé']) {
      assert.equal(classifyLookupText(text).kind, 'junk', text);
    }
  });

  test('a near-UUID is not a UUID (it may still be a client_user_id)', () => {
    const plan = classifyLookupText(USER_ID.slice(0, -1));
    assert.deepEqual(plan.kind === 'id' && plan.tries, ['clientUserId']);
    assert.equal(classifyLookupText(`${USER_ID}x`).kind === 'id' && classifyLookupText(`${USER_ID}x`).kind, 'id');
  });

  test('fuzz: never throws, an accepted value has no whitespace, quotes, slashes or query characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const plan = classifyLookupText(text);
        if (plan.kind === 'id') {
          assert.ok(plan.value.length > 0 && plan.value.length <= MAX_ID_LENGTH);
          assert.doesNotMatch(plan.value, /[\s"'`/\\?#&<>]/);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('unwrapIdText', () => {
  test('peels nested wrappers but not more than three rounds', () => {
    assert.equal(unwrapIdText(`"'abc'"`), 'abc');
    assert.equal(unwrapIdText(' {abc}, '), 'abc');
  });
});

describe('idTokenAt', () => {
  const line = `2026-11-22 level=info user="patient-0042" id=${USER_ID}. done`;
  test('finds the token under the cursor, without the quotes or sentence punctuation around it', () => {
    assert.equal(idTokenAt(line, line.indexOf('patient') + 3)?.text, 'patient-0042');
    assert.equal(idTokenAt(line, line.indexOf(USER_ID) + 10)?.text, USER_ID);
    // Right after the token (cursor at its end) still counts.
    assert.equal(idTokenAt(line, line.indexOf('patient-0042') + 'patient-0042'.length)?.text, 'patient-0042');
  });
  test('nothing on whitespace between tokens', () => {
    assert.equal(idTokenAt('a   b', 2), undefined);
  });
});
