// `run --record DIR` and `run --fixtures DIR` beside the run itself: the recorder handed to the
// client, each notebook's results gathered for its scrubbed copy, the files written at the end, and
// the warning lines that name each assertion a recording cannot promise to reproduce.
import * as path from 'node:path';
import type { RequestLogEntry } from '../api/requestLogEntry';
import { baselinePathOf } from '../notebook/deviationBaseline';
import type { CellResult, NotebookFile } from '../notebook/model';
import type { RunNotebook } from '../notebook/recording/recordedCopy';
import { recordingOf, type Recording } from '../notebook/recording/recording';
import { replayCaveats } from '../notebook/recording/replayCaveats';
import { ExchangeRecorder } from '../scrub/exchangeRecorder';

export class RunRecording {
  readonly #recorder = new ExchangeRecorder();
  readonly #notebooks: { fileName: string; run: RunNotebook }[] = [];
  /** Deviation baselines, copied beside the notebooks' copies: they hold no value, so nothing to scrub. */
  readonly #baselines: { fileName: string; text: string }[] = [];
  #recordedFrom: string | undefined;

  constructor(readonly dir: string) {}

  /** The client's listener. */
  readonly onRequest = (entry: RequestLogEntry): void => this.#recorder.onRequest(entry);

  add(file: string, notebook: NotebookFile, results: ReadonlyMap<number, CellResult>, recordedFrom: string): void {
    this.#notebooks.push({ fileName: path.basename(file), run: { notebook, results } });
    this.#recordedFrom ??= recordedFrom;
  }

  /** The deviation baseline beside `file`, so `expect no new deviations` judges the replay as it judged the run. */
  addBaseline(file: string, text: string): void {
    this.#baselines.push({ fileName: baselinePathOf(path.basename(file)), text });
  }

  /** Scrubs everything with `secret` and writes it into the folder; returns what was written. */
  async write(secret: string, writeFile: (file: string, text: string) => Promise<void>): Promise<Recording> {
    const recording = recordingOf({ notebooks: this.#notebooks, exchanges: this.#recorder.exchanges(), secret, recordedFrom: this.#recordedFrom ?? 'unknown' });
    for (const file of recording.files) await writeFile(path.join(this.dir, file.name), file.text);
    for (const baseline of this.#baselines) await writeFile(path.join(this.dir, baseline.fileName), baseline.text);
    return recording;
  }
}

/** One warning line per assertion whose verdict a recording may not reproduce, with its file:line. */
export function caveatLines(file: string, notebook: NotebookFile, cellLines: readonly number[]): string[] {
  return replayCaveats(notebook).map((caveat) => `warning: ${file}:${(cellLines[caveat.cellIndex] ?? 0) + caveat.line} "${caveat.text}" ${caveat.reason}`);
}
