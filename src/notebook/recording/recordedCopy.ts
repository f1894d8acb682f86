// The notebook a recording replays: the notebook as it ran, rewritten to name what its fixtures name.
// Variables (the front matter's and --var's) hold pseudonyms; each request is the one that was sent,
// scrubbed (src/notebook/recording/recordedRequest.ts); identifiers in assertions, comments and
// Markdown become their pseudonyms; a date an assertion compares with moves by the same days as the
// cell's body (its person's offset), `{{today}}` there becomes that shifted day; text that still looks
// personal is removed. Outputs are not kept: they hold what was received before scrubbing.
import type { RequestOperation } from '../../api/requests';
import { DateShifter, isDateString } from '../../scrub/dateShift';
import { looksPersonal, REMOVED } from '../../scrub/freeText';
import type { Pseudonyms } from '../../scrub/pseudonyms';
import { scrubOperationWith } from '../../scrub/scrubber';
import { ZoneCalendar } from '../../domain/zonedTime';
import { parseAssertion } from '../assertions';
import { curlCommandLines } from '../curlCommand';
import type { CellResult, NotebookFile, NotebookFileCell } from '../model';
import { isCellSyntaxError, parseRequestCell, withoutTrailingComment, type ParsedRequestCell } from '../requestCell';
import { variableValue } from '../variables';
import type { RecordedIdentifiers } from './recordedIdentifiers';
import { recordedBody, recordedTarget } from './recordedRequest';

export interface RunNotebook {
  /** The notebook as it ran: its variables include the --var values. */
  notebook: NotebookFile;
  /** Each request cell's result, by the cell's index in `notebook.cells`. */
  results: ReadonlyMap<number, CellResult>;
}

const COMMENT_LINE = /^\s*(#|\/\/)/;
const DATE_INSIDE = /\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|z|[+-]\d{2}(?::?\d{2})?)?)?/g;
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

export class RecordedCopy {
  constructor(
    private readonly pseudonyms: Pseudonyms,
    private readonly identifiers: RecordedIdentifiers,
  ) {}

  /** A free-text value: identifiers replaced, removed when it still looks personal. */
  text(value: string): string {
    const replaced = this.identifiers.replaceIn(value);
    return looksPersonal(replaced) ? REMOVED : replaced;
  }

  /** A variable's value: its pseudonym, a date moved by the secret's own offset, or free text. */
  variable(value: string): string {
    const pseudonym = this.identifiers.pseudonymOf(value);
    if (pseudonym !== undefined) return pseudonym;
    if (isDateString(value)) return new DateShifter(this.pseudonyms.dayOffset(undefined)).shift(value);
    return this.text(value);
  }

  notebook(run: RunNotebook, recordedFrom: string): NotebookFile {
    const variables: Record<string, string> = {};
    for (const [name, value] of Object.entries(run.notebook.variables)) {
      Object.defineProperty(variables, name, { value: this.variable(value), enumerable: true, writable: true, configurable: true });
    }
    const letNames = new Set<string>();
    for (const result of run.results.values()) for (const name of Object.keys(result.variablesSet)) letNames.add(name);
    const cells: NotebookFileCell[] = run.notebook.cells.map((cell, index) => {
      if (cell.kind === 'markdown') return { kind: 'markdown', source: this.#markdown(cell.source) };
      return { kind: 'request', source: this.#requestCell(cell.source, run.results.get(index), variables, letNames, run.notebook.timeZone) };
    });
    return {
      environment: 'local',
      ...(run.notebook.timeZone !== undefined ? { timeZone: run.notebook.timeZone } : {}),
      variables,
      otherFrontMatter: [`recordedFrom: ${JSON.stringify(recordedFrom)}`],
      cells,
    };
  }

  #markdown(source: string): string {
    return source
      .split('\n')
      .map((line) => this.text(line))
      .join('\n');
  }

  #requestCell(source: string, result: CellResult | undefined, variables: Record<string, string>, letNames: ReadonlySet<string>, timeZone: string | undefined): string {
    const lines = source.replace(/\r\n?/g, '\n').split('\n');
    const cell = parseRequestCell(source);
    const call = result?.call;
    const shifter = new DateShifter(this.pseudonyms.dayOffset(call ? personOf(call, result?.body) : undefined));
    const today = result ? new ZoneCalendar(timeZone ?? 'UTC').dayKey(Date.parse(result.ranAt)) : undefined;
    const other = (line: string): string => this.#otherLine(line, shifter, today, variables, letNames);
    if (isCellSyntaxError(cell) || !call) return lines.map(other).join('\n');

    const scrubbed = scrubOperationWith(this.pseudonyms, call).operation;
    const keeps = (name: string, value: string): boolean => (Object.hasOwn(variables, name) ? variables[name] === value : letNames.has(name));
    const requestLine = `${cell.method} ${recordedTarget(cell.target, call, scrubbed, keeps)}`;
    const newBody = recordedBody(call, scrubbed);
    const start = cell.line - 1;
    const end = cell.fromCurl ? curlCommandLines(lines, start).next : start + 1;
    const bodyLines = bodyRange(cell, lines.length);
    const out: string[] = [];
    for (let index = 0; index < lines.length; index++) {
      if (index === start) {
        out.push(requestLine);
        const curlBody = cell.fromCurl && cell.body && cell.body.line === cell.line ? (newBody ?? cell.body.text) : undefined;
        if (curlBody !== undefined) out.push('', ...curlBody.split('\n'), '');
        index = end - 1;
      } else if (bodyLines && index === bodyLines.start && !cell.fromCurl) {
        out.push(...(newBody ?? lines.slice(bodyLines.start, bodyLines.end).join('\n')).split('\n'));
        index = bodyLines.end - 1;
      } else {
        out.push(other(lines[index]!));
      }
    }
    return out.join('\n');
  }

  /** A header, directive or comment line: identifiers replaced; in an `expect`, dates shifted and personal literals removed. */
  #otherLine(line: string, shifter: DateShifter, today: string | undefined, variables: Record<string, string>, letNames: ReadonlySet<string>): string {
    if (line.trim() === '') return line;
    if (COMMENT_LINE.test(line)) {
      const replaced = this.identifiers.replaceIn(line);
      return looksPersonal(replaced) ? `${line.slice(0, line.search(/\S/))}# ${REMOVED}` : replaced;
    }
    const indent = line.slice(0, line.search(/\S/));
    const directive = withoutTrailingComment(line.trim());
    const comment = line.trim().slice(directive.length);
    let text = this.identifiers.replaceIn(directive);
    if (/^expect\s/.test(text)) text = this.#expectLine(text, shifter, today, variables, letNames);
    const keptComment = comment.trim() === '' || looksPersonal(this.identifiers.replaceIn(comment)) ? '' : this.identifiers.replaceIn(comment);
    return `${indent}${text}${keptComment}`;
  }

  #expectLine(text: string, shifter: DateShifter, today: string | undefined, variables: Record<string, string>, letNames: ReadonlySet<string>): string {
    let out = text.replace(PLACEHOLDER, (whole, name: string) => {
      if (today === undefined || Object.hasOwn(variables, name) || letNames.has(name)) return whole;
      return variableValue(name, { values: new Map(), today }) ?? whole;
    });
    out = out.replace(DATE_INSIDE, (date) => (isDateString(date) ? shifter.shift(date) : date));
    const assertion = parseAssertion(out.replace(/^expect\s+/, ''));
    if ('problem' in assertion) return out;
    if (assertion.kind === 'compare' && typeof assertion.expected === 'string' && looksPersonal(assertion.expected)) return `expect ${assertion.path.text} ${assertion.op} "${REMOVED}"`;
    if (assertion.kind === 'contains' && looksPersonal(assertion.text)) return `expect ${assertion.path.text} contains ${REMOVED}`;
    return out;
  }
}

/** Whose dates a cell's body holds: the blood-pressure path's user, the resolved user; undefined otherwise. */
function personOf(call: RequestOperation, body: unknown): string | undefined {
  if (call.name === 'getGroupedBloodPressure') return call.args[0];
  if (call.name !== 'resolveUser') return undefined;
  const user = typeof body === 'object' && body !== null ? (body as { user_id?: unknown; client_user_id?: unknown }) : {};
  return typeof user.user_id === 'string' ? user.user_id : typeof user.client_user_id === 'string' ? user.client_user_id : call.args[0];
}

/** The 0-based lines of a POST body written below the request ([start, end)), if it has one. */
function bodyRange(cell: ParsedRequestCell, lineCount: number): { start: number; end: number } | undefined {
  if (!cell.body || (cell.fromCurl && cell.body.line === cell.line)) return undefined;
  const start = cell.body.line - 1;
  return { start, end: Math.min(lineCount, start + cell.body.text.split('\n').length) };
}
