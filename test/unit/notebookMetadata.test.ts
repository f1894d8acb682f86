// The notebook's front matter as VS Code's notebook metadata keeps it: read tolerantly (a notebook
// edited by hand or by another tool), written back with every field the format knows kept.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { frontMatterMetadata, frontMatterOf, withEnvironment } from '../../src/notebookEditor/notebookMetadata';

describe('notebook metadata (front matter)', () => {
  test('round-trips every field, the ones the format adds later too', () => {
    const frontMatter = { environment: 'sandboxEu' as const, timeZone: 'Europe/Berlin', variables: { clientUserId: 'patient-0042' }, otherFrontMatter: ['owner: team-a'] };
    assert.deepEqual(frontMatterOf(frontMatterMetadata(frontMatter)), frontMatter);
  });

  test('metadata without front matter, or with junk in it, reads as a notebook naming nothing', () => {
    assert.deepEqual(frontMatterOf(undefined), { variables: {} });
    assert.deepEqual(frontMatterOf({}), { variables: {} });
    assert.deepEqual(frontMatterOf({ healthData: 'nonsense' }), { variables: {} });
    assert.deepEqual(
      frontMatterOf({ healthData: { environment: 'https://evil.example', timeZone: 7, variables: { ok: 'yes', bad: 3, alsoBad: null } } }),
      { variables: { ok: 'yes' } },
      'never a URL as the environment; only string variables',
    );
  });

  test('withEnvironment names an environment or none, and leaves the rest alone', () => {
    const named = withEnvironment({ variables: { a: '1' }, timeZone: 'UTC' }, 'productionUs');
    assert.deepEqual(named, { variables: { a: '1' }, timeZone: 'UTC', environment: 'productionUs' });
    assert.deepEqual(withEnvironment(named, undefined), { variables: { a: '1' }, timeZone: 'UTC' });
  });
});
