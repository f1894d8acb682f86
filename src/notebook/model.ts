// The notebook's model, shared by its parts: the file format (parse/serialize, no I/O), the runner
// (the same one for VS Code's controller and `node dist/cli.js run`), the output item the renderer
// draws and the JUnit report. Pure: no `vscode`, no DOM.
import type { Deviation } from '../api/contract/deviations';
import type { RequestOperation, RequestOperationName } from '../api/requests';
import type { EnvironmentId } from '../domain/environments';

/** The filename pattern of a Health Data notebook: Markdown that GitHub renders, cells VS Code runs. */
export const NOTEBOOK_FILE_SUFFIX = '.hdnb.md';
export const NOTEBOOK_TYPE = 'health-data-notebook';
/** The language id of a request cell (its fence in the file is ```http). */
export const REQUEST_CELL_LANGUAGE = 'health-data-http';
/** The mime type of a request cell's result, drawn by the notebook renderer. */
export const RESULT_MIME = 'application/vnd.health-data.result+json';

/** A notebook as its file holds it: never a key, never a base URL. */
export interface NotebookFile {
  /** The environment the notebook runs against (front matter `environment:`); absent = the one active. */
  environment?: EnvironmentId;
  /** The IANA zone of the date shortcuts (`{{today}}`, `range=last7`…; front matter `timeZone:`); absent = UTC. */
  timeZone?: string;
  /** The notebook's own variables (front matter `variables:`), `{{name}}` in a cell. */
  variables: Record<string, string>;
  /**
   * A recording's folder, relative to the notebook (front matter `fixtures:`): with no other target
   * the notebook runs against the sandbox serving it (Save Investigation writes one beside it).
   */
  fixtures?: string;
  /** A saved investigation's id (front matter `investigation:`): the key of the real ids kept in VS Code, never in a file. */
  investigation?: string;
  /** Front-matter lines the format does not read (other keys, an unknown environment), kept as written. */
  otherFrontMatter?: string[];
  cells: NotebookFileCell[];
}

export type NotebookFileCell =
  | { kind: 'markdown'; source: string }
  | { kind: 'request'; source: string; output?: CellResult };

/** How one cell's run ended, as its output shows it and as the file keeps it once saved. */
export interface CellResult {
  version: 1;
  /** The request as sent, key-free: method, path with query, the JSON body of a POST. */
  request: { method: 'GET' | 'POST'; path: string; body?: unknown };
  operation?: RequestOperationName;
  /** The client call with its arguments (what Save as Notebook / Replay make again). */
  call?: RequestOperation;
  environment: { id: EnvironmentId; label: string };
  /** The IANA zone the cell's days were counted in (the notebook's `timeZone:`); absent = UTC. */
  timeZone?: string;
  /** Final HTTP status; absent when none came back (network, cancelled, refused before sending). */
  status?: number;
  /** Wall time of the whole cell, all pages. */
  ms: number;
  /** Pages fetched (1 for the single-object operations). */
  pages: number;
  /** 'error': the cell could not run or its request failed; 'cancelled': stopped by the user. */
  outcome: 'ok' | 'error' | 'cancelled';
  /** With 'error'/'cancelled': what happened, in words, and a next step where there is one. */
  error?: { kind: string; message: string; line?: number; nextStep?: string };
  /** The response body: paged loads merged into one body of the operation's own shape. */
  body?: unknown;
  /** The body was not kept (too large for the file): its size in bytes. */
  bodyOmittedBytes?: number;
  /** The contract lens's findings over all pages (empty: none). */
  deviations: Deviation[];
  assertions: AssertionResult[];
  /** Variables this cell set (`let name = path`), for the next cells. */
  variablesSet: Record<string, string>;
  /** When the cell ran (ISO). */
  ranAt: string;
  /** What the reader should know beside the result: a host ignored, a load stopped at the page cap. */
  notes?: string[];
  /** Set when the saved body was scrubbed (issue 27): the one-line description. */
  scrubbed?: string;
}

export interface AssertionResult {
  /** 1-based line of the assertion inside the cell. */
  line: number;
  /** The assertion as written. */
  text: string;
  passed: boolean;
  /** Why it failed (or what held): "expected 200, got 404", "2 deviations: markers[*].lab_id missing (spec 3.2)…". */
  message: string;
  /** The spec section a deviation assertion points to, when it failed on one. */
  section?: string;
  /** The place that leads a failed assertion's message ("cell 3, line 7"), when one does: a view showing the line apart leaves it out. */
  place?: string;
}
