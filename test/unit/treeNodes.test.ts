// What the Users tree shows, computed from real API objects served by the sandbox.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { HealthApiClient } from '../../src/api/client';
import { userListSchema } from '../../src/api/schemas';
import { startSandbox } from '../../src/sandbox/server';
import { generateBody } from '../support/vendorBodies';
import {
  formatTimestamp,
  matchesUserFilter,
  needsFullRecord,
  safeIconUrl,
  summariseSource,
  summariseUser,
  userDetailRows,
} from '../../src/domain/users/userTree';
import { UserListing } from '../../src/domain/users/userListing';
import { useSandbox } from '../support/sandboxFixture';

const fixture = useSandbox({ users: 23, seed: 5 });

describe('Users tree model', () => {
  test('a user node is labelled by client_user_id with a unique, stable id', async () => {
    const { users } = await fixture.client().listUsers({ limit: 23 });
    const ids = new Set<string>();
    for (const user of users) {
      const summary = summariseUser(user);
      assert.equal(summary.label, user.client_user_id);
      assert.equal(summary.sourceCount, user.connected_sources?.length);
      assert.ok(user.user_id.startsWith(summary.shortUserId.replace('…', '')));
      assert.ok(summary.shortUserId.length < user.user_id.length);
      ids.add(summary.id);
    }
    assert.equal(ids.size, users.length);
    const again = await fixture.client().listUsers({ limit: 23 });
    assert.deepEqual(again.users.map((u) => summariseUser(u).id), [...ids]);
  });

  test('sources show name, slug and the connection date; https logos only', async () => {
    const { users } = await fixture.client().listUsers({ limit: 23 });
    const sources = users.flatMap((u) => u.connected_sources ?? []);
    assert.ok(sources.length > 0, 'the sample users have connected sources');
    for (const connected of sources) {
      const summary = summariseSource(connected);
      assert.equal(summary.name, connected.source?.name);
      assert.equal(summary.slug, connected.source?.slug);
      assert.match(summary.connectedSince ?? '', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
      assert.equal(summary.iconUrl, connected.source?.logo, 'the sandbox logos are https');
    }
  });

  test('javascript:, data: and http logos from a hostile server never become icons', async () => {
    const hostile = await startSandbox({ port: 0, users: 15, hostile: true });
    const client = new HealthApiClient({ baseUrl: hostile.url, apiKey: hostile.apiKey });
    try {
      const { users } = await client.listUsers({ limit: 15 });
      const logos = users.flatMap((u) => (u.connected_sources ?? []).map((s) => s.source?.logo ?? ''));
      assert.ok(logos.some((logo) => logo.startsWith('javascript:')) && logos.some((logo) => logo.startsWith('data:')));
      for (const user of users) for (const connected of user.connected_sources ?? []) assert.equal(summariseSource(connected).iconUrl, undefined);
    } finally {
      await client.close();
      await hostile.close();
    }
    assert.equal(safeIconUrl('http://example.com/logo.png'), undefined);
    assert.equal(safeIconUrl('https://user:pw@example.com/logo.png'), undefined);
    assert.equal(safeIconUrl('https://example.com/logo.png'), 'https://example.com/logo.png');
  });

  test('Details rows: every field in a fixed order; list records need one resolve for ingestion bounds', async () => {
    const client = fixture.client();
    const { users } = await client.listUsers({ limit: 23 });
    for (const listed of users) {
      assert.equal(needsFullRecord(listed), true, 'the list omits ingestion_start/end');
      const full = await client.resolveUser(listed.client_user_id);
      assert.equal(needsFullRecord(full), false);
      const rows = userDetailRows(full);
      assert.deepEqual(
        rows.map((row) => row.field),
        ['user_id', 'client_user_id', 'team_id', 'created_on', 'fallback_time_zone', 'fallback_birth_date', 'ingestion_start', 'ingestion_end'],
      );
      const byField = Object.fromEntries(rows.map((row) => [row.field, row]));
      assert.equal(byField.user_id?.raw, full.user_id);
      assert.equal(byField.team_id?.value, full.team_id);
      assert.equal(byField.created_on?.raw, full.created_on);
      assert.equal(byField.created_on?.value, formatTimestamp(full.created_on));
      assert.equal(byField.fallback_time_zone?.value, full.fallback_time_zone?.id);
      assert.equal(byField.fallback_time_zone?.sourceSlug, full.fallback_time_zone?.source_slug);
      assert.equal(byField.fallback_birth_date?.value, full.fallback_birth_date?.value ?? undefined);
      assert.equal(byField.ingestion_start?.value, full.ingestion_start ?? undefined);
      assert.equal(byField.ingestion_end?.value, full.ingestion_end ?? undefined);
    }
    const rows = users.map((u) => userDetailRows(u));
    assert.ok(rows.some((r) => r.find((row) => row.field === 'fallback_birth_date')?.value === undefined), 'some users have no birth date');
  });

  test('paging: Load more appends each page until the total, with no duplicates', async () => {
    const client = fixture.client();
    const listing = new UserListing();
    let pages = 0;
    do {
      const page = await client.listUsers({ offset: listing.nextOffset, limit: 5 });
      assert.equal(listing.append(page), pages * 5, 'append returns the position of the first new user');
      pages += 1;
    } while (listing.hasMore && pages < 20);
    assert.equal(pages, 5);
    assert.equal(listing.count, 23);
    assert.equal(listing.total, 23);
    assert.equal(new Set(listing.all().map((u) => u.user_id)).size, 23);
    const all = await client.listUsers({ limit: 23 });
    assert.deepEqual(listing.all(), all.users, 'same users in the same order as one big page');
    for (const [position, user] of all.users.entries()) assert.equal(listing.positionOf(user.user_id), position);
    assert.equal(listing.positionOf('no-such-user'), undefined);
  });

  test('paging: a page that overlaps the last one (the list shifted) adds only the new users', async () => {
    const client = fixture.client();
    const listing = new UserListing();
    listing.append(await client.listUsers({ offset: 0, limit: 10 }));
    const shifted = await client.listUsers({ offset: 8, limit: 10 });
    assert.equal(listing.append(shifted), 10);
    assert.equal(listing.count, 18);
    assert.equal(listing.at(10)?.user_id, shifted.users[2]?.user_id);
    assert.equal(listing.nextOffset, 18);
    const nothingNew = await client.listUsers({ offset: 8, limit: 10 });
    assert.equal(listing.append(nothingNew), 18, 'no user added: the count is returned');
    assert.equal(listing.count, 18);
  });

  test('paging stops when the list shrank and a page comes back empty', async () => {
    const client = fixture.client();
    const listing = new UserListing();
    listing.append(await client.listUsers({ offset: 0, limit: 20 }));
    assert.equal(listing.hasMore, true);
    const beyondTheEnd = await client.listUsers({ offset: 40, limit: 20 });
    listing.append({ ...beyondTheEnd, total: 60 });
    assert.equal(listing.count, 20);
    assert.equal(listing.hasMore, false);
  });

  test('filter: a prefix of client_user_id as typed, or of user_id in any case', async () => {
    const { users } = await fixture.client().listUsers({ limit: 23 });
    const user = users[4];
    assert.ok(user);
    assert.ok(matchesUserFilter(user, user.client_user_id.slice(0, 4)));
    assert.ok(matchesUserFilter(user, user.user_id.slice(0, 6).toUpperCase()));
    assert.ok(matchesUserFilter(user, ` ${user.user_id.slice(0, 6)} `));
    const byClientPrefix = users.filter((u) => matchesUserFilter(u, user.client_user_id));
    assert.ok(byClientPrefix.includes(user));
    assert.equal(matchesUserFilter(user, 'zzz-no-such-prefix'), false);
  });

  test('timestamps: shown in UTC to the minute, anything unparsable shown as sent', () => {
    assert.equal(formatTimestamp('2024-03-01T14:22:05.123+02:00'), '2024-03-01 12:22 UTC');
    assert.equal(formatTimestamp('yesterday-ish'), 'yesterday-ish');
  });
});

describe('users the vendor sent with values left out', () => {
  test('a source shows provider first, else the deprecated source; a missing name shows the slug; no date, no icon', () => {
    assert.deepEqual(summariseSource({ provider: { slug: 'omron', name: 'Omron', logo: 'https://x.example/o.png' }, source: { slug: 'old', name: 'Old', logo: '' } }), {
      name: 'Omron', nameSent: true, slug: 'omron', connectedSince: undefined, iconUrl: 'https://x.example/o.png',
    });
    assert.deepEqual(summariseSource({ created_on: '2026-01-02T03:04:05+00:00', provider: null, source: { slug: 'withings', name: null } }), {
      name: 'withings', nameSent: false, slug: 'withings', connectedSince: '2026-01-02 03:04 UTC', iconUrl: undefined,
    });
    assert.equal(summariseSource({ provider: { slug: 'oura', name: '' }, source: null }).nameSent, false, 'an empty name is not a name');
  });

  test('a user with only its ids: no sources, details present and empty, never "null"', () => {
    const user = { user_id: '6f1c2a52-1d1e-4d3b-9f7e-2b1f6f3c9a10', client_user_id: 'only-ids', connected_sources: null, fallback_time_zone: null, team_id: null };
    const summary = summariseUser(user);
    assert.deepEqual([summary.sourceCount, summary.createdOn], [0, undefined]);
    const rows = userDetailRows(user);
    assert.deepEqual(rows.filter((row) => row.value !== undefined).map((row) => row.field), ['user_id', 'client_user_id']);
    assert.ok(rows.every((row) => row.value !== 'null' && row.raw !== 'null'));
  });
});

describe('users in bodies the vendor\'s schema allows', () => {
  test('every source is named by provider first, and no summary or detail row says "null", "undefined" or "NaN"', () => {
    const bad = /^(null|undefined|NaN)$|\b(undefined|NaN)\b/;
    let sources = 0;
    for (let seed = 0; seed < 40; seed++) {
      const body = generateBody('listUsers', 9_000 + seed, (['full', 'minimal', 'mixed'] as const)[seed % 3]!).body;
      for (const user of userListSchema.parse(body).users) {
        const summary = summariseUser(user);
        for (const text of [summary.label, summary.shortUserId, summary.createdOn ?? '']) assert.doesNotMatch(text, bad);
        for (const row of userDetailRows(user)) {
          assert.ok(row.value === undefined || !bad.test(row.value), `${row.field}: ${row.value}`);
          assert.ok(row.raw === undefined || !bad.test(row.raw), `${row.field}: ${row.raw}`);
        }
        for (const connected of user.connected_sources ?? []) {
          sources++;
          const source = summariseSource(connected);
          assert.equal(source.slug, typeof connected.provider?.slug === 'string' ? connected.provider.slug : connected.source?.slug);
          for (const text of [source.name, source.slug, source.connectedSince ?? '']) assert.doesNotMatch(text, bad);
        }
      }
    }
    assert.ok(sources > 20, `enough connected sources tried (${sources})`);
  });
});
