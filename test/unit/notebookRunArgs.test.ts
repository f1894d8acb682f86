// `node dist/cli.js run` arguments (pure): targets, --var, --junit, and the refusals.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseRunArgs } from '../../src/cli/runArgs';

describe('run arguments', () => {
  test('files, a target, --junit and --var (inline or not, repeatable, = in the value)', () => {
    assert.deepEqual(parseRunArgs(['a.hdnb.md', 'b.hdnb.md', '--sandbox', '--shape=vendor', '--junit', 'out/r.xml', '--var', 'who=patient-1', '--var=query=a=b']), {
      kind: 'run',
      args: { files: ['a.hdnb.md', 'b.hdnb.md'], allowProduction: false, variables: { who: 'patient-1', query: 'a=b' }, junitPath: 'out/r.xml', target: { kind: 'sandbox', shape: 'vendor' } },
    });
    assert.deepEqual(parseRunArgs(['x.hdnb.md', '--environment', 'sandboxEu', '--allow-production', '--api-key-header', 'x-vital-api-key']), {
      kind: 'run',
      args: { files: ['x.hdnb.md'], allowProduction: true, variables: {}, apiKeyHeader: 'x-vital-api-key', target: { kind: 'remote', environment: 'sandboxEu' } },
    });
    assert.deepEqual(parseRunArgs(['x.hdnb.md']), { kind: 'run', args: { files: ['x.hdnb.md'], allowProduction: false, variables: {} } }, 'no target: the notebook’s own');
    assert.deepEqual(parseRunArgs(['--', '--odd-name.hdnb.md']), { kind: 'run', args: { files: ['--odd-name.hdnb.md'], allowProduction: false, variables: {} } });
    assert.deepEqual(parseRunArgs(['-h']), { kind: 'help' });
  });

  test('refusals say what to do', () => {
    const cases: [string[], RegExp][] = [
      [[], /Name at least one notebook file/],
      [['x', '--var', 'novalue'], /--var takes NAME=VALUE/],
      [['x', '--var'], /--var takes NAME=VALUE/],
      [['x', '--junit'], /Option --junit needs a value/],
      [['x', '--environment', 'local'], /use --sandbox for the local sandbox/],
      [['x', '--environment', 'mars'], /--environment must be one of/],
      [['x', '--environment', 'custom'], /--environment custom needs --base-url URL/],
      [['x', '--sandbox', '--shape', 'odd'], /--shape takes spec or vendor/],
      [['x', '--api-key=abc'], /The key is never an argument/],
      [['x', '--key', 'abc'], /The key is never an argument/],
    ];
    for (const [argv, message] of cases) {
      const parsed = parseRunArgs(argv);
      assert.equal(parsed.kind, 'error', argv.join(' '));
      assert.match(parsed.kind === 'error' ? parsed.message : '', message, argv.join(' '));
    }
  });
});
