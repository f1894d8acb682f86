// The one runner of request cells: VS Code's notebook controller and `node dist/cli.js run` both
// call it. A cell's text → its operation (variables filled in) → the client's load (all pages or
// the first, the contract lens over each) → assertions and `let`s → a CellResult. It never throws:
// bad input and failed requests are results with outcome 'error', a stopped run one with 'cancelled'.
import type { HealthApiClient } from '../api/client';
import { isHealthApiError, type HealthApiError } from '../api/errors';
import { requestOfOperation, type RequestOperation } from '../api/requests';
import { formDayRange } from '../domain/bloodPressure/bloodPressureQuery';
import type { EnvironmentId } from '../domain/environments';
import { ReadingDays } from '../domain/bloodPressure/readingDays';
import { ZoneCalendar } from '../domain/zonedTime';
import type { RequestOperationName } from '../api/requests';
import { evaluateAssertion, parseAssertion, shown, type Assertion, type AssertionSubject, type BaselineCheck } from './assertions';
import { cancelledFailure, errorBody, requestFailure, unexpectedFailure } from './cellFailure';
import { requestTarget } from './cellFromOperation';
import { operationOfCell } from './cellOperation';
import { compareWithBaseline, type BaselineState } from './deviationBaseline';
import { DeviationTotals } from './deviationTotals';
import { valuesAt } from './fieldPath';
import type { AssertionResult, CellResult, NotebookFile, NotebookFileCell } from './model';
import { failedAssertion, placed, type PlaceNaming } from './messagePlace';
import { loadOperation, MAX_PAGES } from './operationLoad';
import { placeholderKeyNote } from './keyHeaders';
import { isCellSyntaxError, parsedRequestCell, type ParsedRequestCell } from './requestCell';
import { fillIn, UnknownVariableError, type VariableScope } from './variables';

export interface NotebookRunTarget {
  client: HealthApiClient;
  environment: { id: EnvironmentId; label: string };
}

export interface NotebookRunOptions {
  now?: () => Date;
  /** The deviation baseline beside the notebook file, for `expect no new deviations`; absent: it has none (untitled). */
  baseline?: BaselineState;
}

export interface RunCellOptions extends PlaceNaming {
  signal?: AbortSignal;
  onProgress?: (progress: { pages: number }) => void;
}

/** What a cell's result says beyond the defaults; `operation` is the call (its name goes in too). */
type ResultFields = Partial<Omit<CellResult, 'operation' | 'call'>> & Pick<CellResult, 'outcome'> & { operation?: RequestOperation };

interface CellStart {
  started: number;
  ranAt: string;
}

export class NotebookRunner {
  readonly #target: NotebookRunTarget;
  /** The notebook's own variables: they win over a `let` of the same name. */
  readonly #notebookVariables: Map<string, string>;
  /** Variables set by `let` in the cells run so far. */
  readonly #setVariables = new Map<string, string>();
  readonly #zone: ZoneCalendar;
  readonly #now: () => Date;
  readonly #baseline: BaselineState | undefined;

  /** `baseline`: the deviation baseline beside the notebook file, for `expect no new deviations`. */
  constructor(target: NotebookRunTarget, notebook: { variables: Record<string, string>; timeZone?: string }, options: NotebookRunOptions = {}) {
    this.#target = target;
    this.#notebookVariables = new Map(Object.entries(notebook.variables));
    this.#zone = new ZoneCalendar(notebook.timeZone ?? 'UTC');
    this.#now = options.now ?? (() => new Date());
    this.#baseline = options.baseline;
  }

  /** The variables later cells see: the notebook's, then those set by `let` so far. */
  get variables(): Record<string, string> {
    return Object.fromEntries(this.#scopeValues());
  }

  /** Lookup order: the notebook's variables, then those set by earlier cells. */
  #scopeValues(): Map<string, string> {
    return new Map([...this.#setVariables, ...this.#notebookVariables]);
  }

  /** Runs one request cell's source; variables set by `let` flow to later calls on the same runner. Never throws: errors are a CellResult with outcome 'error'. */
  async runCell(source: string, options: RunCellOptions = {}): Promise<CellResult> {
    const start: CellStart = { started: performance.now(), ranAt: this.#now().toISOString() };
    try {
      return await this.#run(source, options, start);
    } catch (error) {
      return this.#result(start, { method: 'GET', path: '' }, { outcome: 'error', error: unexpectedFailure(error) });
    }
  }

  async #run(source: string, options: RunCellOptions, start: CellStart): Promise<CellResult> {
    if (options.signal?.aborted) return this.#result(start, { method: 'GET', path: '' }, { outcome: 'cancelled', error: cancelledFailure() });
    const cell = parsedRequestCell(source);
    if (isCellSyntaxError(cell)) {
      return this.#result(start, { method: 'GET', path: '' }, { outcome: 'error', error: { kind: cell.kind, message: placed(options, cell.line, cell.message), line: cell.line, nextStep: 'Fix the line and run the cell again.' } });
    }
    const nowMs = this.#now().getTime();
    const scope: VariableScope = { values: this.#scopeValues(), today: this.#zone.dayKey(nowMs) };
    const operation = operationOfCell(cell, scope);
    if ('kind' in operation) {
      const nextStep = operation.kind === 'unknownVariable' ? 'Set the variable, or run the cell that sets it first.' : 'Fix the request and run the cell again.';
      return this.#result(start, { method: cell.method, path: cell.target }, { outcome: 'error', error: { kind: operation.kind, message: placed(options, operation.line, operation.message), line: operation.line, nextStep } });
    }
    const spec = requestOfOperation(operation);
    const request: CellResult['request'] = { method: spec.method, path: requestTarget(spec), ...(spec.body !== undefined ? { body: spec.body } : {}) };
    const notes: string[] = [];
    if (cell.ignoredHost !== undefined) {
      const where = cell.fromCurl ? 'curl command' : 'URL';
      notes.push(
        cell.hostPlaceholder
          ? `The host ${cell.ignoredHost} in the ${where} stands for the environment's address: the request went to ${this.#target.environment.label}.`
          : `The host ${cell.ignoredHost} in the ${where} was ignored: the request went to ${this.#target.environment.label}.`,
      );
    }
    if (cell.placeholderKeyHeaders) notes.push(placeholderKeyNote(cell.placeholderKeyHeaders));
    if (options.signal?.aborted) return this.#result(start, request, { outcome: 'cancelled', operation, error: cancelledFailure() });

    const deviations = new DeviationTotals();
    let pages = 0;
    try {
      const loaded = await loadOperation(this.#target.client, operation, {
        pages: cell.pages,
        ...(options.signal ? { signal: options.signal } : {}),
        onDeviations: (found) => deviations.add(found),
        onPage: (count) => {
          pages = count;
          options.onProgress?.({ pages: count });
        },
      });
      if (loaded.capped) notes.push(`Stopped after ${MAX_PAGES} pages: the body holds those pages only. Narrow the query or say "pages first".`);
      const found = deviations.list();
      const missingDays = (): ReturnType<NonNullable<AssertionSubject['missingDays']>> | undefined => this.#missingDays(operation, loaded.body, nowMs);
      // The client resolves only on a 2xx, and the spec's five operations answer 200.
      const subject: AssertionSubject = { status: 200, body: loaded.body, hasBody: true, deviations: found, missingDays, ...this.#baselineOf(operation.name, found) };
      const assertions = this.#assertions(cell, subject, options, scope);
      const variablesSet = this.#lets(cell, loaded.body, assertions, options);
      for (const name of Object.keys(variablesSet)) {
        if (this.#notebookVariables.has(name)) notes.push(`let ${name}: the notebook's own variable {{${name}}} stays in force (${shown(this.#notebookVariables.get(name))}).`);
      }
      return this.#result(start, request, { outcome: 'ok', operation, status: 200, pages: loaded.pages, body: loaded.body, deviations: found, assertions, variablesSet, notes });
    } catch (error) {
      if (!isHealthApiError(error)) throw error;
      return this.#failed(start, request, operation, cell, error, { pages, deviations: deviations.list(), notes }, options, scope);
    }
  }

  /** A failed request; a cell that expects that very status (`expect status 404`) still holds. */
  #failed(
    start: CellStart,
    request: CellResult['request'],
    operation: RequestOperation,
    cell: ParsedRequestCell,
    error: HealthApiError,
    partial: { pages: number; deviations: CellResult['deviations']; notes: string[] },
    options: RunCellOptions,
    scope: VariableScope,
  ): CellResult {
    if (error.kind === 'cancelled') return this.#result(start, request, { outcome: 'cancelled', operation, pages: partial.pages, error: cancelledFailure(), notes: partial.notes });
    const status = error.status;
    // Only an HTTP error status can be expected; a 200 whose body is no API answer stays an error.
    const expected = status !== undefined && status >= 300 && error.kind !== 'invalid_response' && cell.assertions.some(({ assertion }) => (assertion.kind === 'status' || assertion.kind === 'statusClass') && evaluateAssertion(assertion, { status, body: undefined, hasBody: false, deviations: [] }).passed);
    const body = errorBody(error);
    const subject: AssertionSubject = { status, body, hasBody: body !== undefined, deviations: partial.deviations, ...this.#baselineOf(operation.name, partial.deviations) };
    const assertions = this.#assertions(cell, subject, options, scope);
    const common = { operation, pages: partial.pages, deviations: partial.deviations, assertions, notes: partial.notes, ...(status !== undefined ? { status } : {}), ...(body !== undefined ? { body } : {}) };
    if (expected) return this.#result(start, request, { outcome: 'ok', ...common, variablesSet: this.#lets(cell, body, assertions, options) });
    return this.#result(start, request, { outcome: 'error', ...common, error: requestFailure(error) });
  }

  #assertions(cell: ParsedRequestCell, subject: AssertionSubject, options: RunCellOptions, scope: VariableScope): AssertionResult[] {
    return cell.assertions.map(({ line, text, assertion }) => {
      const filled = withVariables(text, assertion, scope);
      if ('problem' in filled) return failedAssertion(options, line, text, filled.problem);
      const verdict = evaluateAssertion(filled, subject);
      const result = verdict.passed ? { line, text, passed: true, message: verdict.message } : failedAssertion(options, line, text, verdict.message);
      return verdict.section ? { ...result, section: verdict.section } : result;
    });
  }

  /** Sets each `let`; one whose path finds no single plain value is a failed check of the cell. */
  #lets(cell: ParsedRequestCell, body: unknown, assertions: AssertionResult[], options: RunCellOptions): Record<string, string> {
    const set: Record<string, string> = {};
    for (const { name, path, line } of cell.lets) {
      const { values } = body === undefined ? { values: [] } : valuesAt(body, path);
      const value = values.length === 1 ? values[0] : undefined;
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
        set[name] = String(value);
        this.#setVariables.set(name, String(value));
        continue;
      }
      const found = values.length === 0 ? `${path.text} is not in the response` : `${path.text} is ${shown(values.length === 1 ? values[0] : values)}, not one text or number`;
      assertions.push(failedAssertion(options, line, `let ${name} = ${path.text}`, `cannot set {{${name}}}: ${found}`));
    }
    return set;
  }

  /** For `expect no new deviations`: the cell's deviations against the notebook's baseline, when it has one. */
  #baselineOf(operation: RequestOperationName, deviations: CellResult['deviations']): Pick<AssertionSubject, 'baseline'> {
    const state = this.#baseline;
    if (!state) return {};
    const check = (): BaselineCheck => {
      if (state.kind !== 'loaded') return state.kind === 'updating' ? { ...state, accepted: deviations.length } : state;
      return { kind: 'compared', name: state.name, exists: state.exists, ...compareWithBaseline({ operation, deviations }, state.entries) };
    };
    return { baseline: check };
  }

  /** For `expect readings every day`: the days of the query's window, in the notebook's zone, without a reading. */
  #missingDays(operation: RequestOperation, body: unknown, nowMs: number): { missing: string[]; days: number } | { problem: string } | undefined {
    if (operation.name !== 'getGroupedBloodPressure') return undefined;
    const query = operation.args[1];
    const window = formDayRange({ startDate: query.startDate, endDate: query.endDate ?? '', provider: '' }, this.#zone, nowMs);
    const days = new ReadingDays(this.#zone, window);
    days.addPage((body as { groups: Parameters<ReadingDays['addPage']>[0] }).groups);
    const missing: string[] = [];
    days.perWindowDay.forEach((count, index) => {
      if (count === 0) missing.push(days.dayKey(days.firstDay + index));
    });
    return { missing, days: days.perWindowDay.length };
  }

  #result(start: CellStart, request: CellResult['request'], fields: ResultFields): CellResult {
    const { notes, operation, ...rest } = fields;
    return {
      version: 1,
      request,
      ...(operation ? { operation: operation.name, call: operation } : {}),
      environment: { ...this.#target.environment },
      ms: Math.round(performance.now() - start.started),
      pages: 0,
      deviations: [],
      assertions: [],
      variablesSet: {},
      ranAt: start.ranAt,
      ...(this.#zone.zone !== 'UTC' ? { timeZone: this.#zone.zone } : {}),
      ...rest,
      ...(notes && notes.length > 0 ? { notes } : {}),
    } as CellResult;
  }
}

/** An `expect` line with `{{variables}}` in it, read again with their values (`expect client_user_id == {{clientUserId}}`). */
function withVariables(text: string, assertion: Assertion, scope: VariableScope): Assertion | { problem: string } {
  if (!text.includes('{{')) return assertion;
  try {
    return parseAssertion(fillIn(text.replace(/^expect\s+/, ''), scope));
  } catch (error) {
    if (error instanceof UnknownVariableError) return { problem: error.message };
    throw error;
  }
}

/**
 * Runs every request cell of a notebook in order, on one runner (so `let` flows down). Resolves with
 * one result per request cell, in order; after a cancel the remaining cells are 'cancelled'.
 */
export async function runNotebookFile(
  file: NotebookFile,
  target: NotebookRunTarget,
  options: NotebookRunOptions & {
    signal?: AbortSignal;
    onCell?: (index: number, cell: NotebookFileCell, result: CellResult) => void;
    /** How failure messages name line `line` of cell `index` (RunCellOptions.place); default "cell N, line L". */
    place?: (index: number, line: number) => string;
  } = {},
): Promise<CellResult[]> {
  const runOptions: NotebookRunOptions = { ...(options.now ? { now: options.now } : {}), ...(options.baseline ? { baseline: options.baseline } : {}) };
  const runner = new NotebookRunner(target, { variables: file.variables, ...(file.timeZone ? { timeZone: file.timeZone } : {}) }, runOptions);
  const results: CellResult[] = [];
  for (const [index, cell] of file.cells.entries()) {
    if (cell.kind !== 'request') continue;
    const place = options.place;
    const result = await runner.runCell(cell.source, {
      ...(options.signal ? { signal: options.signal } : {}),
      cellName: `cell ${index + 1}`,
      ...(place ? { place: (line: number) => place(index, line) } : {}),
    });
    results.push(result);
    options.onCell?.(index, cell, result);
  }
  return results;
}
