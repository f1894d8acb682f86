// Typed builders of blood-pressure wire data for unit tests.
import type { GroupedBloodPressure } from '../../src/api/schemas';

export type Groups = GroupedBloodPressure['groups'];

/** A page's `groups` from `[provider, type, [timestamp, systolic, diastolic][]]` triples. */
export function groupsOf(...sources: [string, string, [string, number, number][]][]): Groups {
  const groups: Groups = {};
  for (const [provider, type, readings] of sources) {
    (groups[provider] ??= []).push({
      source: { provider, type },
      data: readings.map(([timestamp, systolic, diastolic]) => ({ timestamp, systolic, diastolic, unit: 'mmHg' })),
    });
  }
  return groups;
}
