// Benchmark: the blood-pressure panel's host pass over the sandbox's heavy reader (100,000 readings
// in 50 cursor pages, the panel's own query): columnsOfPage for every page (the columns posted to
// the webview) against JSON.parse of the same pages' text, in the same process, alternating which
// goes first. Both sides are in-process CPU work, so the ratio says what the pass costs per reading
// next to the parse every page needs anyway. GC is left in: allocation is part of what is measured.
import { columnsOfPage, readingsInColumns } from '../src/domain/bloodPressure/bloodPressureColumns';
import type { GroupedBloodPressure } from '../src/api/schemas';
import { ZoneCalendar } from '../src/domain/zonedTime';
import { heavyReaderPayload } from './lib/bloodPressurePayload';
import { describeFigure, emitResults, type BenchFigure } from './lib/results';
import { median, round } from './lib/stats';

const READINGS = Number(process.env.HDE_BENCH_HOST_READINGS ?? 100_000);
const REPS = Number(process.env.HDE_BENCH_REPS ?? 25);

async function main(): Promise<void> {
  const payload = await heavyReaderPayload(READINGS);
  const init = payload.init;
  if (init.type !== 'init') throw new Error('the payload starts with no init message');
  const zone = new ZoneCalendar(init.user.timeZone);
  const pages = payload.texts.map((text) => JSON.parse(text) as GroupedBloodPressure);

  const pass = (): number => {
    const started = performance.now();
    let readings = 0;
    for (const page of pages) readings += readingsInColumns(columnsOfPage(page.groups, zone));
    const ms = performance.now() - started;
    if (readings !== READINGS) throw new Error(`the pass wrote ${readings} of ${READINGS} readings`);
    return ms;
  };
  const parse = (): number => {
    const started = performance.now();
    let pagesParsed = 0;
    for (const text of payload.texts) if (JSON.parse(text)) pagesParsed++;
    const ms = performance.now() - started;
    if (pagesParsed !== pages.length) throw new Error('a page did not parse');
    return ms;
  };
  for (let warm = 0; warm < 3; warm++) {
    pass();
    parse();
  }

  const passMs: number[] = [];
  const parseMs: number[] = [];
  const ratios: number[] = [];
  for (let rep = 0; rep < REPS; rep++) {
    let p: number;
    let q: number;
    if (rep % 2 === 0) {
      p = pass();
      q = parse();
    } else {
      q = parse();
      p = pass();
    }
    passMs.push(round(p));
    parseMs.push(round(q));
    ratios.push(round(p / q, 3));
  }
  const ratio = median(ratios);
  const figure: BenchFigure = {
    id: 'bloodPressureHostPass',
    title: `Blood pressure, host pass: columns of ${READINGS.toLocaleString('en-US')} readings in ${pages.length} pages`,
    figure: { value: round(median(passMs)), unit: 'ms' },
    baseline: { value: round(median(parseMs)), unit: 'ms', what: `JSON.parse of the same ${pages.length} pages (${(payload.bytes / 1e6).toFixed(1)} MB)` },
    ratio: round(ratio, 3),
    details: { reps: REPS, readings: READINGS, pages: pages.length, passMs, parseMs, ratios },
    note: 'Median of per-repetition ratios; the pass and the parse alternate which goes first. In-process CPU work only (no network, no postMessage).',
  };
  console.log(describeFigure(figure));
  emitResults('bloodPressureHost', [figure]);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
