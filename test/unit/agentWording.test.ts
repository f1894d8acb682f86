// What a model reads from the agent tools, as a person reads the panels (issue 28): scan_coverage
// names findings in the panel's words, not internal codes; blood_pressure_summary's first and last
// readings are in the user's time zone, as its window's days are.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runAgentTool } from '../../src/agents/catalogue';
import { FINDING_WORDS } from '../../src/agents/findingText';
import { ZoneCalendar } from '../../src/domain/zonedTime';
import { recordingContext } from '../support/agentContext';
import { useSandbox } from '../support/sandboxFixture';

const KEY = 'agent-wording-key-7c1e0a55d2';
const fixture = useSandbox({ users: 30, seed: 2, apiKey: KEY });

function context() {
  const recording = recordingContext('x-service-api-key', KEY, fixture.sandbox.url);
  return recording.bind(fixture.client({ onRequest: recording.onRequest }));
}

// "gap" is both the code and the word; the others differ.
const CODES = Object.entries(FINDING_WORDS).filter(([code, word]) => code !== word).map(([code]) => code);

describe('agent wording', () => {
  test('scan_coverage lists findings in the panel\'s words, never as codes like sourceStopped', async () => {
    const result = await runAgentTool('scan_coverage', { first: 25, days: 30, show: 'problems' }, context());
    assert.equal(result.isError, false, result.text);
    const rows = result.data.rows as { findings: string[] }[];
    const findings = rows.flatMap((row) => row.findings);
    assert.ok(findings.includes('stopped syncing'), `the story user who stopped syncing is worded so: ${findings.join(', ')}`);
    for (const code of CODES) {
      assert.doesNotMatch(result.text, new RegExp(`\\b${code}\\b`), `${code} in the text`);
      assert.ok(!findings.includes(code), `${code} in the data`);
    }
    assert.ok(findings.every((word) => Object.values(FINDING_WORDS).includes(word)));
  });

  test('blood_pressure_summary gives first and last in the user\'s zone, with its offset, on the window\'s days', async () => {
    const { users } = await fixture.client().listUsers({ limit: 30 });
    const user = users.find((candidate) => {
      const zone = candidate.fallback_time_zone?.id;
      return zone !== undefined && zone !== null && new ZoneCalendar(zone).offsetMinutesAt(Date.now()) !== 0;
    });
    assert.ok(user, 'a sample user outside UTC');
    const result = await runAgentTool('blood_pressure_summary', { user: user.client_user_id, days: 90 }, context());
    assert.equal(result.isError, false, result.text);
    const range = result.data.range as { start_date: string; end_date: string; timeZone: string };
    const zone = new ZoneCalendar(range.timeZone);
    const groups = result.data.groups as { first: string; last: string }[];
    assert.ok(groups.length > 0, 'the user has readings');
    for (const group of groups) {
      for (const instant of [group.first, group.last]) {
        const match = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}:\d{2}([+-]\d{2}:\d{2})$/.exec(instant);
        assert.ok(match, `${instant} is a local time with its offset`);
        const epoch = Date.parse(instant);
        assert.equal(match[2], zone.formatOffset(epoch), 'the offset is the user zone\'s at that instant');
        assert.equal(match[1], zone.dayKey(epoch), 'its day is the user\'s calendar day');
        assert.ok(match[1]! >= range.start_date && match[1]! <= range.end_date, `${instant} lies in the window ${range.start_date}…${range.end_date}`);
      }
      assert.ok(result.text.includes(`${group.first} to ${group.last}`), 'the text says the same');
    }
  });
});
