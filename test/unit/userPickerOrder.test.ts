import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { orderPickerUsers } from '../../src/domain/users/userPickerOrder';
import { useSandbox } from '../support/sandboxFixture';

const fixture = useSandbox({ users: 12, seed: 3 });

describe('user picker order', () => {
  test('the user selected in the tree comes first, then the listed users in the API order, each once', async () => {
    const { users } = await fixture.client().listUsers({ limit: 12 });
    const selected = users[7]!;
    const ordered = orderPickerUsers({ selected, listed: users });
    assert.equal(ordered.length, users.length, 'the selected user is not listed twice');
    assert.deepEqual(ordered[0], { user: selected, origin: 'selected' });
    assert.deepEqual(
      ordered.slice(1).map((entry) => ('user' in entry ? entry.user.user_id : '')),
      users.filter((user) => user !== selected).map((user) => user.user_id),
    );
    assert.ok(ordered.slice(1).every((entry) => entry.origin === 'listed'));
  });

  test('recent users sit between the selected user and the list', async () => {
    const { users } = await fixture.client().listUsers({ limit: 12 });
    const recent = (user: (typeof users)[number]) => ({ userId: user.user_id, clientUserId: user.client_user_id });
    const ordered = orderPickerUsers({ selected: users[2], recent: [recent(users[5]!), recent(users[2]!), recent(users[9]!)], listed: users });
    assert.deepEqual(
      ordered.slice(0, 3).map((entry) => ['user' in entry ? entry.user.client_user_id : '', entry.origin]),
      [
        [users[2]!.client_user_id, 'selected'],
        [users[5]!.client_user_id, 'recent'],
        [users[9]!.client_user_id, 'recent'],
      ],
    );
    assert.equal(ordered.length, users.length);
  });

  test('with nothing selected (or a selected user outside the loaded list) the order still holds', async () => {
    const { users } = await fixture.client().listUsers({ limit: 12 });
    assert.deepEqual(orderPickerUsers({ listed: users }).map((entry) => ('user' in entry ? entry.user : undefined)), users);
    const elsewhere = await fixture.client().resolveUser(users[0]!.client_user_id);
    const ordered = orderPickerUsers({ selected: { ...elsewhere, user_id: 'not-listed' }, listed: users.slice(1) });
    assert.equal(ordered[0]!.origin, 'selected');
    assert.equal(ordered.length, users.length);
    assert.deepEqual(orderPickerUsers({}), []);
  });

  test('a recent user on no loaded page is offered by its ids, after the selected user and before the list', async () => {
    const { users } = await fixture.client().listUsers({ limit: 12 });
    const elsewhere = { userId: 'not-on-this-page', clientUserId: 'someone-else' };
    const ordered = orderPickerUsers({ selected: users[0], recent: [elsewhere], listed: users });
    assert.equal(ordered.length, users.length + 1);
    assert.deepEqual(ordered[1], { recentOnly: elsewhere, origin: 'recent' });
    assert.ok('user' in ordered[2]! && ordered[2].user.user_id === users[1]!.user_id);
  });
});
