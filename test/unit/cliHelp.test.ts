// Every command line's help fits a terminal of HELP_WIDTH columns: what `--help` prints for
// dist/cli.js and each of its commands, dist/mcp.js and dist/sandbox.js, line by line.
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, test } from 'node:test';
import { HELP_WIDTH, wrappedList } from '../../src/cli/cliCommand';
import { main } from '../../src/cli/main';
import { MCP_USAGE } from '../../src/mcp/serverArgs';
import { USAGE as SANDBOX_USAGE } from '../../src/sandbox/cliArgs';

async function helpOf(argv: string[]): Promise<string> {
  let printed = '';
  const code = await main(argv, { stdout: (text) => (printed += `${text}\n`), stderr: (text) => (printed += `${text}\n`), stdin: new PassThrough(), env: {} });
  assert.equal(code, 0, `${argv.join(' ')} exits 0: ${printed}`);
  return printed;
}

function assertFits(name: string, help: string): void {
  const wide = help.split('\n').filter((line) => line.length > HELP_WIDTH);
  assert.deepEqual(wide, [], `${name}: lines wider than ${HELP_WIDTH} columns`);
}

describe('command-line help', () => {
  for (const argv of [['--help'], ['run', '--help'], ['scrub', '--help'], ['capture', '--help']]) {
    test(`cli.js ${argv.join(' ')}: every line within ${HELP_WIDTH} columns`, async () => {
      const help = await helpOf(argv);
      assert.match(help, /^Usage: /);
      assertFits(argv.join(' '), help);
    });
  }

  test(`mcp.js and sandbox.js --help: every line within ${HELP_WIDTH} columns`, () => {
    assertFits('mcp.js', MCP_USAGE);
    assertFits('sandbox.js', SANDBOX_USAGE);
  });

  test('a list wraps at the width, its later lines indented to where the first began, no word lost', () => {
    const words = Array.from({ length: 30 }, (_, index) => `operation${index}`);
    const text = wrappedList(words, 21);
    const lines = text.split('\n');
    assert.ok(lines.length > 1, 'more than one line');
    assert.ok(lines.every((line, index) => (index === 0 ? 21 + line.length : line.length) <= HELP_WIDTH), text);
    assert.ok(lines.slice(1).every((line) => /^ {21}\S/.test(line)), text);
    assert.deepEqual(text.split(/,?\s+/), words);
  });
});
