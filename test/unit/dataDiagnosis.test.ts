// The diagnosis findings on constructed users and readings: each finding, and its absence.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PROVIDER_CAPABILITIES, capabilityOf } from '../../src/api/providerCapabilities';
import type { User } from '../../src/api/schemas';
import type { ReadingGroup } from '../../src/domain/bloodPressure/bloodPressureGroups';
import { diagnose, headlineFindings, type Finding, type FindingKind } from '../../src/domain/coverage/dataDiagnosis';
import { ZoneCalendar, addDays, daysBetween, formatOffsetMinutes } from '../../src/domain/zonedTime';

const HOUR_MS = 3_600_000;
const NOW = Date.parse('2026-11-22T12:00:00Z');
const BERLIN = new ZoneCalendar('Europe/Berlin');
const WINDOW = { firstDay: '2026-10-23', lastDay: '2026-11-22' };
const HISTORY = { firstDay: '2025-11-22', lastDay: '2026-11-22' };

function userWith(overrides: Partial<User> & { sources?: [string, string][] } = {}): User {
  const { sources = [['omron', '2025-03-02T10:00:00Z']], ...rest } = overrides;
  return {
    user_id: '00000000-0000-4000-8000-000000000001',
    team_id: '00000000-0000-4000-8000-000000000002',
    client_user_id: 'patient-0001',
    created_on: '2025-03-01T10:00:00+00:00',
    connected_sources: sources.map(([slug, on]) => ({ created_on: on, source: { logo: '', name: slug, slug } })),
    fallback_time_zone: { id: 'Europe/Berlin', source_slug: 'manual', updated_at: '2025-03-01T10:00:00+00:00' },
    fallback_birth_date: null,
    ingestion_start: null,
    ingestion_end: null,
    ...rest,
  };
}

/** One reading at 08:00 local on each day, its timestamp carrying `offset` or the zone's own. */
function group(provider: string, days: string[], sourceType = 'cuff', offset?: string): ReadingGroup {
  return {
    provider,
    sourceType,
    readings: days.map((day) => {
      const epochMs = BERLIN.startOfDay(day) + 8 * HOUR_MS;
      const written = offset ?? formatOffsetMinutes(BERLIN.offsetMinutesAt(epochMs));
      const minutes = (written.startsWith('-') ? -1 : 1) * (Number(written.slice(1, 3)) * 60 + Number(written.slice(4)));
      const timestamp = `${new Date(epochMs + minutes * 60_000).toISOString().slice(0, 19)}${written}`;
      return { epochMs, systolic: 120, diastolic: 80, unit: 'mmHg', timestamp, originalOffset: written, ownOffsetSeconds: undefined, deviceId: undefined, appId: undefined };
    }),
  };
}

const everyDay = (first: string, last: string): string[] => daysBetween(first, last);

function run(user: User, groups: ReadingGroup[], extra: { window?: typeof WINDOW; gapDays?: number } = {}): Finding[] {
  return diagnose({ user, groups, history: HISTORY, window: extra.window ?? WINDOW, zone: BERLIN, nowMs: NOW, gapDays: extra.gapDays });
}
const kinds = (findings: Finding[]): FindingKind[] => [...new Set(findings.map((f) => f.kind))].sort();
function only<K extends FindingKind>(findings: Finding[], kind: K): Extract<Finding, { kind: K }>[] {
  return findings.filter((f): f is Extract<Finding, { kind: K }> => f.kind === kind);
}

describe('diagnosis findings', () => {
  test('a user measuring every day: delivering, last reading, the zone; nothing to flag', () => {
    const findings = run(userWith(), [group('omron', everyDay('2026-05-01', '2026-11-22'))]);
    assert.deepEqual(kinds(findings), ['fallbackTimeZone', 'lastReading', 'sourceDelivering']);
    assert.deepEqual(only(findings, 'sourceDelivering')[0], {
      kind: 'sourceDelivering',
      provider: 'omron',
      connectedOn: '2025-03-02',
      lastDay: '2026-11-22',
      daysWithReadingsInWindow: 31,
    });
    assert.deepEqual(only(findings, 'fallbackTimeZone')[0], {
      kind: 'fallbackTimeZone',
      zone: 'Europe/Berlin',
      sourceSlug: 'manual',
      updatedOn: '2025-03-01',
      ageDays: 631,
      changedInWindow: false,
    });
  });

  test('a source that stopped syncing: last day and days since, and the gap it leaves', () => {
    const user = userWith({ sources: [['withings', '2025-03-02T10:00:00Z']] });
    const findings = run(user, [group('withings', everyDay('2026-06-01', '2026-10-04'))]);
    assert.deepEqual(only(findings, 'sourceStopped'), [
      { kind: 'sourceStopped', provider: 'withings', connectedOn: '2025-03-02', lastDay: '2026-10-04', daysSince: 49, atIngestionEnd: false },
    ]);
    assert.deepEqual(only(findings, 'gap'), [{ kind: 'gap', firstDay: '2026-10-23', lastDay: '2026-11-22', days: 31 }]);
    assert.equal(only(findings, 'sourceDelivering').length, 0);
  });

  test('silent for fewer days than the threshold is still delivering; the threshold is a parameter', () => {
    const user = userWith();
    const readings = [group('omron', everyDay('2026-10-01', '2026-11-17'))];
    assert.equal(only(run(user, readings), 'sourceStopped').length, 0, '5 days silent < 7');
    assert.equal(only(run(user, readings, { gapDays: 3 }), 'sourceStopped')[0]?.daysSince, 5);
  });

  test('a stop at the ingestion end is said to be one', () => {
    const user = userWith({ ingestion_end: '2026-10-05' });
    const [stopped] = only(run(user, [group('omron', everyDay('2026-06-01', '2026-10-04'))]), 'sourceStopped');
    assert.equal(stopped?.atIngestionEnd, true);
  });

  test('connected sources: never delivered, cannot measure (with where the fact comes from), unknown', () => {
    const user = userWith({
      sources: [
        ['omron', '2025-03-02T10:00:00Z'],
        ['ihealth', '2025-04-02T10:00:00Z'],
        ['oura', '2025-05-02T10:00:00Z'],
        ['acme_scale', '2025-06-02T10:00:00Z'],
      ],
    });
    const findings = run(user, [group('omron', everyDay('2026-05-01', '2026-11-22'))]);
    assert.deepEqual(only(findings, 'sourceNeverDelivered'), [
      { kind: 'sourceNeverDelivered', provider: 'ihealth', connectedOn: '2025-04-02', capability: 'measures' },
    ]);
    const [oura] = only(findings, 'sourceCannotMeasure');
    assert.equal(oura?.provider, 'oura');
    assert.equal(oura?.capability, 'none');
    assert.match(oura?.basis ?? '', /Oura API/);
    assert.deepEqual(only(findings, 'sourceCapabilityUnknown'), [{ kind: 'sourceCapabilityUnknown', provider: 'acme_scale', connectedOn: '2025-06-02' }]);
    assert.equal(only(findings, 'gap').length, 0);
  });

  test('only sources that cannot measure: no gap is claimed, nothing is "never delivered"', () => {
    const findings = run(userWith({ sources: [['oura', '2025-03-02T10:00:00Z'], ['garmin', '2025-03-02T10:00:00Z']] }), []);
    assert.deepEqual(kinds(findings), ['fallbackTimeZone', 'sourceCannotMeasure']);
    assert.deepEqual(only(findings, 'sourceCannotMeasure').map((f) => f.capability), ['none', 'accessory']);
  });

  test('readings from a provider that is not connected (any more)', () => {
    const findings = run(userWith(), [group('omron', everyDay('2026-10-01', '2026-11-22')), group('withings', ['2026-02-03'])]);
    assert.deepEqual(only(findings, 'deliveredWithoutConnection'), [{ kind: 'deliveredWithoutConnection', provider: 'withings', lastDay: '2026-02-03' }]);
  });

  test('the last reading per provider and source type, newest first', () => {
    const findings = run(userWith({ sources: [['apple_health_kit', '2025-03-02T10:00:00Z']] }), [
      group('apple_health_kit', ['2026-11-01', '2026-11-20'], 'app'),
      group('apple_health_kit', ['2026-11-21'], 'multiple_sources'),
    ]);
    assert.deepEqual(
      only(findings, 'lastReading').map((f) => [f.sourceType, f.lastDay]),
      [['multiple_sources', '2026-11-21'], ['app', '2026-11-20']],
    );
  });

  test('gaps: a 10-day hole is one, a 6-day hole is not; days before the first connection do not count', () => {
    const days = everyDay('2026-09-01', '2026-11-22').filter((d) => !(d >= '2026-10-28' && d <= '2026-11-06') && !(d >= '2026-11-10' && d <= '2026-11-15'));
    assert.deepEqual(only(run(userWith(), [group('omron', days)]), 'gap'), [{ kind: 'gap', firstDay: '2026-10-28', lastDay: '2026-11-06', days: 10 }]);
    const late = userWith({ sources: [['omron', '2026-11-10T10:00:00Z']] });
    assert.deepEqual(only(run(late, [group('omron', everyDay('2026-11-11', '2026-11-22'))]), 'gap'), []);
  });

  test('ingestion bounds against the window, and their absence when the window is inside them', () => {
    const cut = userWith({ ingestion_start: '2026-11-10', ingestion_end: '2026-11-20' });
    const findings = run(cut, [group('omron', everyDay('2026-11-10', '2026-11-20'))]);
    assert.deepEqual(only(findings, 'windowStartsBeforeIngestion'), [{ kind: 'windowStartsBeforeIngestion', ingestionStart: '2026-11-10', windowFirstDay: '2026-10-23' }]);
    assert.deepEqual(only(findings, 'windowEndsAfterIngestion'), [{ kind: 'windowEndsAfterIngestion', ingestionEnd: '2026-11-20', windowLastDay: '2026-11-22' }]);
    assert.equal(only(findings, 'gap').length, 0, 'days outside ingestion are no gap');
    const inside = run(userWith({ ingestion_start: '2026-01-01', ingestion_end: '2026-12-31' }), [group('omron', everyDay('2026-10-01', '2026-11-22'))]);
    assert.deepEqual(kinds(inside).filter((k) => k.startsWith('window')), []);
  });

  test('time zone: none at all; changed inside the window; readings whose offset differs from it', () => {
    assert.deepEqual(only(run(userWith({ fallback_time_zone: null }), []), 'noFallbackTimeZone'), [{ kind: 'noFallbackTimeZone' }]);
    const moved = userWith({ fallback_time_zone: { id: 'Europe/Berlin', source_slug: 'apple_health_kit', updated_at: '2026-11-10T15:00:00Z' } });
    const findings = run(moved, [group('omron', everyDay('2026-10-25', '2026-11-09'), 'cuff', '+09:00'), group('omron', everyDay('2026-11-10', '2026-11-22'))]);
    const [zone] = only(findings, 'fallbackTimeZone');
    assert.equal(zone?.changedInWindow, true);
    assert.equal(zone?.ageDays, 12);
    assert.deepEqual(only(findings, 'offsetsDiffer'), [
      { kind: 'offsetsDiffer', zone: 'Europe/Berlin', readings: 16, offsets: ['+09:00'], firstDay: '2026-10-25', lastDay: '2026-11-09' },
    ]);
    assert.equal(only(run(userWith(), [group('omron', everyDay('2026-10-20', '2026-11-22'))]), 'offsetsDiffer').length, 0, 'summer and winter offsets of the zone itself are no finding');
  });

  test('the capability table: every provider says where its fact comes from; unknown slugs are unknown', () => {
    for (const provider of PROVIDER_CAPABILITIES) {
      assert.ok(provider.basis.length > 10, provider.slug);
      assert.equal(provider.sourceTypes.length > 0, provider.bloodPressure === 'measures' || provider.bloodPressure === 'aggregates', provider.slug);
    }
    assert.equal(capabilityOf('acme_scale'), undefined);
    assert.equal(addDays('2026-11-22', -49), '2026-10-04');
  });
});

describe('the headline: what the diagnosis says in a word (the scan row says the same)', () => {
  test('problems first, then warnings, each kind once; facts left out', () => {
    const user = userWith({ sources: [['omron', '2025-03-02T10:00:00Z'], ['withings', '2025-03-02T10:00:00Z']], fallback_time_zone: null });
    const findings = run(user, [group('omron', everyDay('2026-05-01', '2026-10-20')), group('withings', everyDay('2026-05-01', '2026-10-20'))]);
    assert.deepEqual(headlineFindings(findings, 0), ['sourceStopped', 'noFallbackTimeZone']);
    assert.equal(findings.filter((f) => f.kind === 'gap').length, 1, 'the gap is still a finding of the diagnosis, only not repeated in the headline');
  });

  test('an empty window that no problem explains names the source that cannot measure', () => {
    const cannot = run(userWith({ sources: [['oura', '2025-03-02T10:00:00Z']] }), []);
    assert.deepEqual(headlineFindings(cannot, 0), ['sourceCannotMeasure']);
    // With readings in the window, or a problem that explains the empty window, it is only a fact.
    const delivering = run(userWith({ sources: [['omron', '2025-03-02T10:00:00Z'], ['oura', '2025-03-02T10:00:00Z']] }), [group('omron', everyDay('2026-05-01', '2026-11-22'))]);
    assert.deepEqual(headlineFindings(delivering, 200), []);
    const stopped = run(userWith({ sources: [['withings', '2025-03-02T10:00:00Z'], ['oura', '2025-03-02T10:00:00Z']] }), [group('withings', everyDay('2026-05-01', '2026-09-01'))]);
    assert.deepEqual(headlineFindings(stopped, 0), ['sourceStopped'], 'issue 28: not "stopped syncing, gap", the gap being the stop');
  });
});

describe('diagnosis of a user the vendor sent with values left out', () => {
  test('provider read before the deprecated source; a missing connection date and a zone without an id do not break it', () => {
    const user: User = {
      user_id: '00000000-0000-4000-8000-000000000003',
      client_user_id: 'patient-0003',
      connected_sources: [
        { provider: { slug: 'omron', name: 'Omron', logo: '' }, source: { slug: 'omron_legacy' } },
        { created_on: null, source: { slug: 'withings' } },
      ],
      fallback_time_zone: { source_slug: 'manual' },
    };
    const findings = run(user, [group('omron', everyDay('2026-11-01', '2026-11-22'))]);
    assert.deepEqual(only(findings, 'sourceDelivering').map((f) => [f.provider, f.connectedOn]), [['omron', undefined]]);
    assert.deepEqual(only(findings, 'sourceNeverDelivered').map((f) => [f.provider, f.connectedOn]), [['withings', undefined]]);
    assert.equal(only(findings, 'noFallbackTimeZone').length, 1);
  });

  test('a fallback time zone without updated_at is reported without a day or an age', () => {
    const findings = run(userWith({ fallback_time_zone: { id: 'Europe/Berlin' } }), [group('omron', everyDay('2026-11-01', '2026-11-22'))]);
    assert.deepEqual(only(findings, 'fallbackTimeZone').map((f) => [f.zone, f.updatedOn, f.ageDays, f.changedInWindow, f.sourceSlug]), [['Europe/Berlin', undefined, undefined, false, undefined]]);
  });
});

describe('issue 28: the headline does not repeat itself', () => {
  test('a gap inside the window before a source stopped is still news beside "stopped syncing"', () => {
    const gap: Finding = { kind: 'gap', firstDay: '2026-10-01', lastDay: '2026-10-10', days: 10 };
    const stopped: Finding = { kind: 'sourceStopped', provider: 'withings', connectedOn: undefined, lastDay: '2026-11-01', daysSince: 21, atIngestionEnd: false };
    assert.deepEqual(headlineFindings([stopped, gap], 5), ['sourceStopped', 'gap']);
    const silence: Finding = { kind: 'gap', firstDay: '2026-11-02', lastDay: '2026-11-22', days: 21 };
    assert.deepEqual(headlineFindings([stopped, silence], 5), ['sourceStopped']);
    assert.deepEqual(headlineFindings([silence], 5), ['gap'], 'without a stopped source, the gap is the headline');
  });
});
