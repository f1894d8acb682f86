// The chart's time axis in the table's 24-hour wall time (YYYY-MM-DD HH:mm:ss, zonedTime.ts), never
// 12am/12pm: each tick says as much as its step needs, and the date where the day changes.

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

/**
 * Labels for ticks whose wall times are `wallTimes` (`YYYY-MM-DD HH:mm:ss`, in the chart's zone)
 * and `incrementSeconds` apart: months, days, or times with the date under the first tick of each day.
 */
export function timeTickLabels(wallTimes: readonly string[], incrementSeconds: number): string[] {
  let previousDay = '';
  let previousYear = '';
  return wallTimes.map((wall) => {
    const day = wall.slice(0, 10);
    const year = wall.slice(0, 4);
    const newYear = year !== previousYear;
    const newDay = day !== previousDay;
    previousDay = day;
    previousYear = year;
    if (incrementSeconds >= 28 * DAY) return wall.slice(0, 7);
    if (incrementSeconds >= DAY) return newYear ? day : wall.slice(5, 10);
    const time = incrementSeconds < MINUTE ? wall.slice(11, 19) : wall.slice(11, 16);
    return newDay ? `${time}\n${wall.slice(5, 10)}` : time;
  });
}
