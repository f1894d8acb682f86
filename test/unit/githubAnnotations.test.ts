// GitHub workflow commands for `run`'s failures: % CR LF escaped in the message, and also : and , in a
// property (each would end the file= or title= early), so any text stays one annotation saying exactly it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { annotationFile, errorAnnotation, escapeAnnotationData, escapeAnnotationProperty } from '../../src/cli/githubAnnotations';

/** What GitHub's runner does with an escaped value. */
const unescape = (text: string): string => text.replace(/%(25|0D|0A|3A|2C)/g, (_all, code: string) => String.fromCharCode(parseInt(code, 16)));

describe('GitHub annotations', () => {
  test('escaping: the runner reads back exactly the text, on one line, with no property separator left (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.constantFrom('', '%', '%0A', '\r\n', ',', '::', 'line=3'), (text, tricky) => {
        const value = `${text}${tricky}`;
        const data = escapeAnnotationData(value);
        const property = escapeAnnotationProperty(value);
        assert.doesNotMatch(data, /[\r\n]/);
        assert.doesNotMatch(property, /[\r\n:,]/);
        assert.equal(unescape(data), value);
        assert.equal(unescape(property), value);
      }),
      { numRuns: 300 },
    );
    assert.equal(escapeAnnotationData('100% of 2\nlines\r'), '100%25 of 2%0Alines%0D');
    assert.equal(escapeAnnotationProperty('a,b: c'), 'a%2Cb%3A c');
  });

  test('an assertion and a cell error, with their titles', () => {
    assert.equal(
      errorAnnotation('checks/bp.hdnb.md', { line: 12, title: 'expect status 200', message: 'expected status 200, got 404', kind: 'assertion' }),
      '::error file=checks/bp.hdnb.md,line=12,title=expect status 200::expected status 200, got 404',
    );
    assert.equal(
      errorAnnotation('a.hdnb.md', { line: 3, title: 'GET /v2/user/', message: 'connect ECONNREFUSED 127.0.0.1:9', kind: 'error', errorKind: 'network' }),
      '::error file=a.hdnb.md,line=3,title=network%3A GET /v2/user/::connect ECONNREFUSED 127.0.0.1:9',
    );
  });

  test('the file: relative to $GITHUB_WORKSPACE when given absolute inside it, otherwise as given', () => {
    assert.equal(annotationFile('/home/runner/work/repo/checks/a.hdnb.md', '/home/runner/work/repo'), 'checks/a.hdnb.md');
    assert.equal(annotationFile('/elsewhere/a.hdnb.md', '/home/runner/work/repo'), '/elsewhere/a.hdnb.md');
    assert.equal(annotationFile('checks/a.hdnb.md', '/home/runner/work/repo'), 'checks/a.hdnb.md');
    assert.equal(annotationFile('checks/a.hdnb.md', undefined), 'checks/a.hdnb.md');
  });
});
