import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { csvCell, toCsv } from '../../src/domain/csv';

describe('csv', () => {
  test('plain values stay as they are', () => {
    assert.equal(csvCell('omron'), 'omron');
    assert.equal(csvCell(120), '120');
    assert.equal(csvCell(-3.5), '-3.5');
  });

  test('empty, null and non-finite numbers become empty cells', () => {
    assert.equal(csvCell(null), '');
    assert.equal(csvCell(undefined), '');
    assert.equal(csvCell(Number.NaN), '');
  });

  test('commas, quotes and line breaks are quoted, quotes doubled', () => {
    assert.equal(csvCell('a,b'), '"a,b"');
    assert.equal(csvCell('say "hi"'), '"say ""hi"""');
    assert.equal(csvCell('two\nlines'), '"two\nlines"');
    assert.equal(csvCell('cr\rhere'), '"cr\rhere"');
    assert.equal(csvCell(' padded'), '" padded"');
  });

  test('cells a spreadsheet would run as a formula get a leading quote', () => {
    assert.equal(csvCell('=1+1'), "'=1+1");
    assert.equal(csvCell('+49 30 1234'), "'+49 30 1234");
    assert.equal(csvCell('-2+3'), "'-2+3");
    assert.equal(csvCell('@SUM(A1)'), "'@SUM(A1)");
    assert.equal(csvCell('\t=cmd'), "'\t=cmd");
    assert.equal(csvCell('=HYPERLINK("https://x.invalid","x")'), '"\'=HYPERLINK(""https://x.invalid"",""x"")"');
  });

  test('negative numbers (not text) are not guarded', () => {
    assert.equal(csvCell(-5), '-5');
  });

  test('a document: header, CRLF line ends, trailing CRLF', () => {
    assert.equal(toCsv(['a', 'b'], [['1', 2], ['x,y', null]]), 'a,b\r\n1,2\r\n"x,y",\r\n');
  });

  test('rows can come from a generator', () => {
    function* rows(): Generator<string[]> {
      yield ['1'];
      yield ['2'];
    }
    assert.equal(toCsv(['n'], rows()), 'n\r\n1\r\n2\r\n');
  });
});
