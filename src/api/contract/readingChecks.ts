// A reading whose `timezone_offset` (seconds east of UTC; a vendor field the spec does not have)
// and the offset written in its `timestamp` disagree: the two say different wall times for one
// instant (07:35:59 in one, 07:38:59 in the other). The product's one rule (see
// src/domain/bloodPressure/readingWallTime.ts): the instant is the timestamp's; the wall time is shown at the
// reading's own timezone_offset. The lens names the disagreement so the rule is never silent.
// Allocation-free per reading: offsets are read with charCodeAt, paths built only for the first few.
import { formatPath, MAX_PATHS, type DeviationCollector, type PlaceCounter } from './deviations';

const PATTERN = 'groups.*[*].data[*].timezone_offset';
const SPEC = 'timestamp (2.2) is an ISO 8601 date-time with its UTC offset; timezone_offset (not in the spec) gives another offset for the same reading, so the two disagree on its wall time. Shown: the time at timezone_offset';

/** Seconds east of UTC written at the end of an ISO timestamp (`Z`, `±HH:MM`, `±HHMM`); undefined without one. */
export function writtenOffsetSeconds(timestamp: string): number | undefined {
  const n = timestamp.length;
  if (n < 11 || timestamp.charCodeAt(10) !== 84 /* T */) return undefined;
  const last = timestamp.charCodeAt(n - 1);
  if (last === 90 || last === 122) return 0; // Z, z
  const colon = timestamp.charCodeAt(n - 3) === 58;
  const signAt = colon ? n - 6 : n - 5;
  const sign = timestamp.charCodeAt(signAt);
  if (signAt <= 10 || (sign !== 43 && sign !== 45)) return undefined;
  const hours = (timestamp.charCodeAt(signAt + 1) - 48) * 10 + (timestamp.charCodeAt(signAt + 2) - 48);
  const minutes = (timestamp.charCodeAt(n - 2) - 48) * 10 + (timestamp.charCodeAt(n - 1) - 48);
  if (!(hours >= 0 && hours <= 23 && minutes >= 0 && minutes <= 59)) return undefined;
  return (sign === 45 ? -1 : 1) * (hours * 3600 + minutes * 60);
}

/** The difference in seconds when a reading's timezone_offset and its timestamp's offset disagree; undefined when they agree or one is missing. */
export function offsetDisagreement(timestamp: unknown, timezoneOffset: unknown): number | undefined {
  if (typeof timestamp !== 'string' || typeof timezoneOffset !== 'number' || !Number.isFinite(timezoneOffset)) return undefined;
  const written = writtenOffsetSeconds(timestamp);
  if (written === undefined) return undefined;
  // Offsets are whole minutes: the display rounds timezone_offset to the minute as well.
  const difference = Math.round(timezoneOffset / 60) * 60 - written;
  return difference === 0 ? undefined : difference;
}

/**
 * The same check made inside the contract lens's walk (it meets every reading of `groups.*[*].data[*]`
 * exactly where this file's loop would), so the readings are read once. Its findings are added after
 * the walk's, as checkReadingOffsets adds them: `of` is the walk's count of the same readings.
 */
export class ReadingOffsetTally {
  readonly name = 'reading';
  private found = 0;
  private readonly paths: string[] = [];
  private readings: PlaceCounter | undefined;

  /** For a reading met at `segments` (`groups`, key, index, `data`, index); `place` counts the readings met. */
  visit(reading: { timestamp?: unknown; timezone_offset?: unknown }, segments: readonly (string | number)[], place: PlaceCounter): void {
    if (offsetDisagreement(reading.timestamp, reading.timezone_offset) === undefined) return;
    this.readings = place;
    if (this.found++ < MAX_PATHS) this.paths.push(formatPath([...segments, 'timezone_offset']));
  }

  addTo(out: DeviationCollector): void {
    for (let index = 0; index < this.found; index++) out.add('offsetMismatch', PATTERN, this.paths[index] ?? '', SPEC, '2.2', undefined, this.readings);
  }
}

/** Adds an `offsetMismatch` for every reading of a grouped blood-pressure body whose two offsets disagree. */
export function checkReadingOffsets(body: unknown, out: DeviationCollector): void {
  const groups = (body as { groups?: unknown }).groups;
  if (typeof groups !== 'object' || groups === null) return;
  const readings: PlaceCounter = { visits: 0 };
  let found = 0;
  for (const key in groups) {
    const list = (groups as Record<string, unknown>)[key];
    if (!Array.isArray(list)) continue;
    for (let g = 0; g < list.length; g++) {
      const data = (list[g] as { data?: unknown } | null)?.data;
      if (!Array.isArray(data)) continue;
      for (let r = 0; r < data.length; r++) {
        readings.visits++;
        const reading = data[r] as { timestamp?: unknown; timezone_offset?: unknown } | null;
        if (reading === null || typeof reading !== 'object') continue;
        if (offsetDisagreement(reading.timestamp, reading.timezone_offset) === undefined) continue;
        // No value: every reading's own difference would make an entry of its own; one entry per
        // place says how many readings disagree, and the first paths say which. A path (and its
        // closure) is made only for the first few: the collector keeps no more.
        const path = found++ < MAX_PATHS ? formatPath(['groups', key, g, 'data', r, 'timezone_offset']) : '';
        out.add('offsetMismatch', PATTERN, path, SPEC, '2.2', undefined, readings);
      }
    }
  }
}
