// Reading the terminal's selection through the clipboard (issue 28): a browser that denies clipboard
// reading answers "" even right after the marker was written, and that is told apart from "nothing
// selected" (the marker survives Copy Selection) and from a selection.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { clipboardRoundTrip } from '../../src/domain/users/clipboardRoundTrip';

const MARKER = 'health-data-lookup-1234';

describe('clipboard round trip', () => {
  test('a readable clipboard: the selection, or nothing selected when the marker is still there', () => {
    assert.deepEqual(clipboardRoundTrip(MARKER, MARKER, 'patient-0003'), { kind: 'text', text: 'patient-0003' });
    assert.deepEqual(clipboardRoundTrip(MARKER, MARKER, MARKER), { kind: 'nothingSelected' });
    assert.deepEqual(clipboardRoundTrip(MARKER, MARKER, '  \n'), { kind: 'nothingSelected' });
  });

  test('a clipboard the browser will not read: unreadable, whatever Copy Selection did', () => {
    assert.deepEqual(clipboardRoundTrip(MARKER, '', ''), { kind: 'unreadable' });
    assert.deepEqual(clipboardRoundTrip(MARKER, '', 'patient-0003'), { kind: 'unreadable' });
  });
});
