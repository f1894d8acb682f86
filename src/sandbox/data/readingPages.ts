// Cuts a user's reading stream into pages: readings in time order, restricted to a window and a
// provider, at most `pageSize` per page, resuming exactly where the previous page's cursor points.
import { dataDayRange, heavyInstant, heavyReading, readingsOfDay } from './sampleReadings';
import type { SampleReading } from './sampleReadings';
import type { SampleUser } from './sampleUserShape';
import { localDayOf } from './timeZones';

export interface StreamPosition {
  day: number;
  index: number;
}

export interface PageRequest {
  seed: number;
  today: number;
  user: SampleUser;
  /** Inclusive bounds in epoch ms; end null = up to the newest reading. */
  start: number;
  end: number | null;
  matchesProvider: (slug: string) => boolean;
  from: StreamPosition | null;
  pageSize: number;
}

export interface ReadingPage {
  readings: SampleReading[];
  next: StreamPosition | null;
}

export function collectPage(request: PageRequest): ReadingPage {
  return request.user.heavyReadings === undefined ? collectDaily(request) : collectIndexed(request);
}

function collectDaily(request: PageRequest): ReadingPage {
  const { seed, today, user, start, end, from, pageSize } = request;
  const readings: SampleReading[] = [];
  const range = dataDayRange(user, today);
  if (!range) return { readings, next: null };
  const zone = user.timeZone?.value ?? null;
  const firstDay = from ? from.day : Math.max(range.first, localDayOf(zone, start));
  const lastDay = end === null ? range.last : Math.min(range.last, localDayOf(zone, end));
  for (let day = firstDay; day <= lastDay; day++) {
    const ofDay = readingsOfDay(seed, user, day);
    for (let index = from && day === from.day ? from.index : 0; index < ofDay.length; index++) {
      const reading = ofDay[index];
      if (!reading || reading.instant < start) continue;
      if (end !== null && reading.instant > end) return { readings, next: null };
      if (!request.matchesProvider(reading.provider)) continue;
      if (readings.length === pageSize) return { readings, next: { day, index } };
      readings.push(reading);
    }
  }
  return { readings, next: null };
}

function collectIndexed(request: PageRequest): ReadingPage {
  const { seed, today, user, start, end, from, pageSize } = request;
  const count = user.heavyReadings ?? 0;
  const readings: SampleReading[] = [];
  const first = from ? from.index : firstIndexAtOrAfter(seed, today, count, start);
  for (let index = first; index < count; index++) {
    const reading = heavyReading(seed, user, today, index);
    if (end !== null && reading.instant > end) break;
    if (!request.matchesProvider(reading.provider)) continue;
    if (readings.length === pageSize) return { readings, next: { day: 0, index } };
    readings.push(reading);
  }
  return { readings, next: null };
}

/** Binary search: the heavy reader's instants increase strictly with the index. */
function firstIndexAtOrAfter(seed: number, today: number, count: number, start: number): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (heavyInstant(seed, today, count, middle) < start) low = middle + 1;
    else high = middle;
  }
  return low;
}
