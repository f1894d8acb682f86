import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { chooseLookupSource } from '../../src/domain/users/lookupSourceChoice';

describe('Look up from the palette: the terminal\'s selection or the editor\'s text', () => {
  const editor = { text: 'debugger', explicit: false };

  test('only one holds text: that one; neither: none (the input box)', () => {
    assert.deepEqual(chooseLookupSource({ terminal: 'patient-0011' }), { kind: 'use', source: 'terminal', text: 'patient-0011' });
    assert.deepEqual(chooseLookupSource({ editor }), { kind: 'use', source: 'editor', text: 'debugger' });
    assert.deepEqual(chooseLookupSource({ terminal: '  ', editor: { text: '""', explicit: true } }), { kind: 'none' });
    assert.deepEqual(chooseLookupSource({}), { kind: 'none' });
  });

  test('both, and the terminal was used after the editor (a command run there): the terminal\'s selection', () => {
    assert.deepEqual(chooseLookupSource({ terminal: 'patient-0011', editor, terminalUsedAt: 2_000, editorUsedAt: 1_000 }), {
      kind: 'use',
      source: 'terminal',
      text: 'patient-0011',
    });
    assert.deepEqual(chooseLookupSource({ terminal: 'patient-0011', editor, terminalUsedAt: 2_000 }), { kind: 'use', source: 'terminal', text: 'patient-0011' });
  });

  test('both, and the editor was used last: ask, the editor first (a mouse selection in the terminal leaves no trace)', () => {
    assert.deepEqual(chooseLookupSource({ terminal: 'patient-0011', editor, terminalUsedAt: 1_000, editorUsedAt: 2_000 }), { kind: 'ask', order: ['editor', 'terminal'] });
    assert.deepEqual(chooseLookupSource({ terminal: 'patient-0011', editor }), { kind: 'ask', order: ['editor', 'terminal'] });
  });

  test('both hold the same id (quotes aside): no question', () => {
    assert.deepEqual(chooseLookupSource({ terminal: 'patient-0011', editor: { text: '"patient-0011"', explicit: true }, editorUsedAt: 5 }), {
      kind: 'use',
      source: 'editor',
      text: '"patient-0011"',
    });
  });
});
