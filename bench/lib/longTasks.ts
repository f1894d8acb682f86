// The longest main-thread task between two user-timing marks of a Chromium trace: the browser's
// own unit of "the page answered nothing meanwhile" (a long task is one over 50 ms).

interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

export interface LongestTask {
  /** Duration of the longest top-level task on the renderer's main thread, in ms. */
  longestMs: number;
  /** Tasks over 50 ms (the Long Tasks API's definition). */
  longTasks: number;
  /** Top-level tasks in the span. */
  tasks: number;
}

/** Trace categories `longestTaskBetween` needs. */
export const LONG_TASK_TRACE_CATEGORIES = ['toplevel', 'blink.user_timing'];

/** The longest top-level main-thread task that started between the marks `from` and `to`. */
export function longestTaskBetween(trace: Buffer, from: string, to: string): LongestTask {
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  const main = new Set(
    traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const mark = (name: string): number => {
    const event = traceEvents.find((e) => e.name === name && (e.cat ?? '').includes('blink.user_timing'));
    if (!event) throw new Error(`the trace has no mark ${name}`);
    return event.ts;
  };
  const start = mark(from);
  const end = mark(to);
  const tasks = traceEvents
    .filter((e) => e.ph === 'X' && e.name.endsWith('RunTask') && main.has(`${e.pid}:${e.tid}`) && e.ts >= start && e.ts <= end)
    .sort((a, b) => a.ts - b.ts);
  let longest = 0;
  let long = 0;
  let count = 0;
  let coveredUntil = -Infinity;
  for (const task of tasks) {
    if (task.ts < coveredUntil) continue; // nested in the previous top-level task
    const ms = (task.dur ?? 0) / 1000;
    coveredUntil = task.ts + (task.dur ?? 0);
    count++;
    if (ms > 50) long++;
    if (ms > longest) longest = ms;
  }
  return { longestMs: longest, longTasks: long, tasks: count };
}
