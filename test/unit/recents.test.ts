import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { KnownUsers } from '../../src/domain/users/knownUsers';
import { emptyRecents, MAX_RECENTS, parseRecents, rememberLabTest, rememberUser } from '../../src/domain/users/recents';

const user = (n: number) => ({ userId: `u${n}`, clientUserId: `c${n}` });

describe('recents', () => {
  test('newest first, each once, at most MAX_RECENTS', () => {
    let recents = emptyRecents();
    for (let n = 0; n < MAX_RECENTS + 3; n++) recents = rememberUser(recents, user(n));
    recents = rememberUser(recents, user(5));
    assert.equal(recents.users.length, MAX_RECENTS);
    assert.deepEqual(recents.users.slice(0, 2), [user(5), user(12)]);
    assert.equal(recents.users.filter((u) => u.userId === 'u5').length, 1);
  });

  test('a lab test keeps the name learnt earlier', () => {
    let recents = rememberLabTest(emptyRecents(), { id: 'l1', name: 'Lipid panel' });
    recents = rememberLabTest(recents, { id: 'l2' });
    recents = rememberLabTest(recents, { id: 'l1' });
    assert.deepEqual(recents.labTests, [{ id: 'l1', name: 'Lipid panel' }, { id: 'l2' }]);
  });

  test('stored state is read defensively', () => {
    assert.deepEqual(parseRecents(undefined), emptyRecents());
    assert.deepEqual(parseRecents('nonsense'), emptyRecents());
    assert.deepEqual(
      parseRecents({ users: [user(1), { userId: 1 }, null, { userId: 'x', clientUserId: '' }], labTests: [{ id: 'l', name: 7 }, 'l2', { id: 'x'.repeat(300) }], apiKey: 'k' }),
      { users: [user(1)], labTests: [{ id: 'l' }] },
    );
  });
});

describe('KnownUsers', () => {
  test('finds by user_id in any case and by client_user_id; bounded', () => {
    const known = new KnownUsers(3);
    known.add([{ user_id: 'AA-1', client_user_id: 'one' }, { user_id: 'bb-2', client_user_id: 'two' }]);
    assert.equal(known.find('aa-1')?.client_user_id, 'one');
    assert.equal(known.find('two')?.user_id, 'bb-2');
    known.add([3, 4].map((n) => ({ user_id: `id-${n}`, client_user_id: `c-${n}` })));
    assert.equal(known.size, 3);
    assert.equal(known.find('one'), undefined);
    assert.equal(known.find('c-4')?.user_id, 'id-4');
  });
});
