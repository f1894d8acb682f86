// A recorded investigation as the files of one folder: every exchange a run made as a sandbox fixture
// (every page, scrubbed) and each notebook's scrubbed copy beside them (`<name>.hdnb.md`), with the
// one secret, so the pseudonyms and shifted dates of the copies are those of the fixtures. Pure: the
// caller writes the files (the command line's `run --record DIR`; later VS Code's Save Investigation).
import type { FixtureExchange } from '../../scrub/fixtureWriter';
import { writeFixtures } from '../../scrub/fixtureWriter';
import { Pseudonyms } from '../../scrub/pseudonyms';
import { addReports, describeReport, emptyReport } from '../../scrub/scrubber';
import type { ScrubReport } from '../../scrub/scrubTypes';
import { NOTEBOOK_FILE_SUFFIX } from '../model';
import { serializeNotebookFile } from '../notebookFormat';
import { RecordedCopy, type RunNotebook } from './recordedCopy';
import { RecordedIdentifiers } from './recordedIdentifiers';

export interface RecordingInput {
  /** Each notebook that ran, under the file name its copy gets (`<name>.hdnb.md`). */
  notebooks: readonly { fileName: string; run: RunNotebook }[];
  /** Every exchange the run made, in order (src/scrub/exchangeRecorder.ts). */
  exchanges: readonly FixtureExchange[];
  secret: string;
  /** Where it was recorded, in words ("Sandbox (US)"): the copies say so. */
  recordedFrom: string;
  savedAt?: Date;
}

export interface Recording {
  files: { name: string; text: string }[];
  fixtures: number;
  notebooks: string[];
  /** What the fixtures' scrubbing did, in one line. */
  scrubbed: string;
}

/** `name` as a notebook file name, unique among `taken`. */
function copyName(fileName: string, taken: Set<string>): string {
  const base = fileName.replace(/\.hdnb\.md$/i, '').replace(/\.md$/i, '') || 'notebook';
  let name = `${base}${NOTEBOOK_FILE_SUFFIX}`;
  for (let n = 2; taken.has(name); n++) name = `${base}-${n}${NOTEBOOK_FILE_SUFFIX}`;
  taken.add(name);
  return name;
}

export function recordingOf(input: RecordingInput): Recording {
  const savedAt = input.savedAt ?? new Date();
  const fixtures = writeFixtures(input.exchanges.map((exchange) => ({ ...exchange, savedAt })), input.secret);
  const pseudonyms = new Pseudonyms(input.secret);
  const identifiers = new RecordedIdentifiers(pseudonyms);
  for (const exchange of input.exchanges) identifiers.learnExchange(exchange);
  const copy = new RecordedCopy(pseudonyms, identifiers);
  const taken = new Set<string>();
  const notebooks = input.notebooks.map(({ fileName, run }) => ({ name: copyName(fileName, taken), text: serializeNotebookFile(copy.notebook(run, input.recordedFrom)) }));
  // Dates and texts add up per fixture; an identifier recurs in many of them and is counted once.
  const report: ScrubReport = { ...fixtures.reduce((sum, fixture) => addReports(sum, fixture.report), emptyReport()), pseudonymised: identifiers.size };
  return {
    files: [...fixtures.map((fixture) => ({ name: fixture.fileName, text: fixture.text })), ...notebooks],
    fixtures: fixtures.length,
    notebooks: notebooks.map((notebook) => notebook.name),
    scrubbed: describeReport(report),
  };
}
