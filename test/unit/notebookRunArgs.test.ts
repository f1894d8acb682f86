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

  test('--update-baseline adds to each notebook’s baseline; =prune also drops what is no longer seen; absent, nothing is written', () => {
    const parsedWith = (...flags: string[]) => parseRunArgs(['x.hdnb.md', '--sandbox', ...flags]);
    assert.deepEqual(parsedWith('--update-baseline'), { kind: 'run', args: { files: ['x.hdnb.md'], allowProduction: false, variables: {}, updateBaseline: 'add', target: { kind: 'sandbox', shape: 'spec' } } });
    assert.equal((parsedWith('--update-baseline=prune') as { args: { updateBaseline?: string } }).args.updateBaseline, 'prune');
    assert.equal((parsedWith('--update-baseline', 'y.hdnb.md') as { args: { files: string[] } }).args.files.length, 2, 'it takes no value: the next word is a file');
    assert.equal('updateBaseline' in (parsedWith() as { args: object }).args, false);
    const odd = parsedWith('--update-baseline=all');
    assert.equal(odd.kind, 'error');
    assert.match(odd.kind === 'error' ? odd.message : '', /--update-baseline=prune also drops what is no longer seen \(got --update-baseline=all\)/);
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
