// Save Investigation's core: a finding (the requests behind a panel, a diagnosis or Requests rows,
// and the assertions that state it) as a notebook, run live once, then saved as a recording that
// travels: the notebook's scrubbed copy, whose front matter names its fixtures folder beside it
// (every page, the user resolvable by pseudonym, the same secret), and the real values of its
// variables, which the caller keeps out of the workspace (VS Code's own storage). Pure: the shell
// runs the live notebook and writes the files.
import type { RequestOperation } from '../../api/requests';
import type { EnvironmentId } from '../../domain/environments';
import type { FixtureExchange } from '../../scrub/fixtureWriter';
import { IdentifierVariables } from '../identifierVariables';
import { NOTEBOOK_FILE_SUFFIX, type NotebookFile, type NotebookFileCell } from '../model';
import { parseNotebookFile, serializeNotebookFile } from '../notebookFormat';
import type { RunNotebook } from './recordedCopy';
import { recordingOf } from './recording';

export interface InvestigationStep {
  /** The call as it was made, real ids and all: the live notebook sends it again. */
  operation: RequestOperation;
  pages: 'all' | 'first';
  /** The `expect` lines (without the word) that state the finding; `expect status 200` comes first. */
  expectations: readonly string[];
}

export interface Investigation {
  /** The heading: names no one (identifiers in it would be replaced, but it need hold none). */
  title: string;
  /** The finding in words (Markdown lines); identifiers in them become pseudonyms in the copy. */
  summary: readonly string[];
  environment: EnvironmentId;
  /** The zone the days are counted in (`expect readings every day`): the user's. */
  timeZone?: string;
  steps: readonly InvestigationStep[];
}

/** The notebook that makes the investigation's requests, its identifiers as variables holding the real values. */
export function investigationNotebook(investigation: Investigation): NotebookFile {
  const variables = new IdentifierVariables();
  const cells: NotebookFileCell[] = [{ kind: 'markdown', source: [`# ${investigation.title}`, ...(investigation.summary.length > 0 ? ['', ...investigation.summary] : [])].join('\n') }];
  for (const step of investigation.steps) {
    const request = variables.cellSource(step.operation, { pages: step.pages });
    const expectations = ['status 200', ...step.expectations].map((text) => `expect ${text}`);
    cells.push({ kind: 'request', source: [request, ...expectations].join('\n') });
  }
  return {
    environment: investigation.environment,
    ...(investigation.timeZone !== undefined && investigation.timeZone !== 'UTC' ? { timeZone: investigation.timeZone } : {}),
    variables: variables.variables,
    cells,
  };
}

export interface SavedInvestigationInput {
  /** The notebook's file name without `.hdnb.md`; the fixtures go in `<name>.fixtures` beside it. */
  name: string;
  /** The key the real values are kept under (front matter `investigation:`). */
  id: string;
  /** The live notebook (investigationNotebook) and each request cell's result. */
  run: RunNotebook;
  /** Every exchange the live run made, every page (src/scrub/exchangeRecorder.ts). */
  exchanges: readonly FixtureExchange[];
  secret: string;
  /** Where it ran, in words ("Sandbox (US)"). */
  recordedFrom: string;
  savedAt?: Date;
}

export interface SavedInvestigation {
  notebook: { name: string; text: string };
  /** The fixtures folder's name, beside the notebook (what its front matter names). */
  fixturesFolder: string;
  fixtures: { name: string; text: string }[];
  /** The real value of each variable of the copy whose value was scrubbed: never written to a file. */
  realVariables: Record<string, string>;
  /** What scrubbing did, in one line. */
  scrubbed: string;
}

/** The query parameters of a request line whose shifted dates become variables, and the variable each becomes. */
const DATE_PARAMETERS = [
  ['start_date', 'startDate'],
  ['end_date', 'endDate'],
] as const;

export function savedInvestigation(input: SavedInvestigationInput): SavedInvestigation {
  const fileName = `${input.name}${NOTEBOOK_FILE_SUFFIX}`;
  const recording = recordingOf({
    notebooks: [{ fileName, run: input.run }],
    exchanges: input.exchanges,
    secret: input.secret,
    recordedFrom: input.recordedFrom,
    ...(input.savedAt ? { savedAt: input.savedAt } : {}),
  });
  const copyText = recording.files.find((file) => file.name === fileName)?.text ?? '';
  const copy = parseNotebookFile(copyText);
  const live = input.run.notebook.variables;
  const realVariables: Record<string, string> = {};
  for (const [name, value] of Object.entries(copy.variables)) if (Object.hasOwn(live, name) && live[name] !== value) define(realVariables, name, live[name]!);
  // The copy writes each sent date as the shifted date its fixture answers; as a variable it can
  // also be given the real one, so the same notebook asks the environment it came from for the
  // days it asked then.
  copy.cells = copy.cells.map((cell, index) => {
    const call = input.run.results.get(index)?.call;
    if (cell.kind !== 'request' || call?.name !== 'getGroupedBloodPressure') return cell;
    let source = cell.source;
    for (const [parameter, base] of DATE_PARAMETERS) {
      const real = parameter === 'start_date' ? call.args[1].startDate : call.args[1].endDate;
      const written = new RegExp(`([?&]${parameter}=)([^&\\s]+)`).exec(source);
      if (!written || real === undefined || real === '') continue;
      const name = freeName(base, copy.variables);
      define(copy.variables, name, decodeURIComponent(written[2]!));
      define(realVariables, name, real);
      source = source.replace(written[0], `${written[1]!}{{${name}}}`);
    }
    return { ...cell, source };
  });
  const fixturesFolder = `${input.name}.fixtures`;
  const notebook: NotebookFile = { ...copy, fixtures: fixturesFolder, investigation: input.id };
  return {
    notebook: { name: fileName, text: serializeNotebookFile(notebook) },
    fixturesFolder,
    fixtures: recording.files.filter((file) => file.name !== fileName),
    realVariables,
    scrubbed: recording.scrubbed,
  };
}

function freeName(base: string, taken: Readonly<Record<string, string>>): string {
  let name = base;
  for (let next = 2; Object.hasOwn(taken, name); next++) name = `${base}${next}`;
  return name;
}

/** Defined, not assigned: a variable named __proto__ is a variable like any other. */
function define(variables: Record<string, string>, name: string, value: string): void {
  Object.defineProperty(variables, name, { value, enumerable: true, writable: true, configurable: true });
}
