// `run`'s side of the deviation baseline: the file beside each notebook read before it runs, what its
// watching cells saw collected as they end, and after the run what to print and (with
// --update-baseline) the file to write. The decisions are src/notebook/baselineRun.ts's.
import { baselineOutcome, baselineStateOf, observationOf, watchesNewDeviations, type BaselineFileText, type BaselineOutcome, type BaselineUpdate } from '../notebook/baselineRun';
import { baselinePathOf, type BaselineObservation, type BaselineState } from '../notebook/deviationBaseline';
import type { CellResult, NotebookFileCell } from '../notebook/model';

export class NotebookBaselineRun {
  private watching = 0;
  private readonly observations: BaselineObservation[] = [];
  readonly state: BaselineState;

  private constructor(
    readonly path: string,
    private readonly file: BaselineFileText,
    private readonly update: BaselineUpdate | undefined,
  ) {
    this.state = baselineStateOf(path, file, update !== undefined);
  }

  /** The baseline beside `notebookFile`; a file that is not there is an empty baseline. */
  static async open(notebookFile: string, readFile: (file: string) => Promise<string>, update: BaselineUpdate | undefined): Promise<NotebookBaselineRun> {
    const path = baselinePathOf(notebookFile);
    let file: BaselineFileText;
    try {
      file = await readFile(path);
    } catch (error) {
      file = (error as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : { problem: error instanceof Error ? error.message : String(error) };
    }
    return new NotebookBaselineRun(path, file, update);
  }

  observe(cell: NotebookFileCell, result: CellResult): void {
    if (!watchesNewDeviations(cell.source)) return;
    this.watching++;
    const observation = observationOf(cell.source, result);
    if (observation) this.observations.push(observation);
  }

  private written: string | undefined;

  finish(): BaselineOutcome {
    const outcome = baselineOutcome(this.path, this.file, this.watching, this.observations, this.update);
    this.written = outcome.write;
    return outcome;
  }

  /** The baseline as it stands after the run (a recording keeps it beside its copy of the notebook). */
  current(): string | undefined {
    return this.written ?? (typeof this.file === 'string' ? this.file : undefined);
  }
}
