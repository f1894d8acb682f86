// What Save as Notebook and Add to Notebook write when the data leaves scrubbed: each call (already
// scrubbed by the one scrub service) as a request cell whose user id and client user id are notebook
// variables, `{{userId}}`, `{{clientUserId}}`, holding the pseudonyms. The file then carries no real
// identifier, and whoever holds the real one runs the same notebook with `--var userId=…`.
import type { RequestOperation } from '../api/requests';
import { requestCellSource, type CellSourceOptions } from './cellFromOperation';

/** The variable an identifier argument of a call becomes (numbered when a notebook holds several). */
const VARIABLE_OF = { userId: 'userId', clientUserId: 'clientUserId' } as const;

export class IdentifierVariables {
  private readonly held: Record<string, string>;

  /** `existing`: the notebook's own variables, kept, and reused where one already holds the same value. */
  constructor(existing: Readonly<Record<string, string>> = {}) {
    this.held = { ...existing };
  }

  /** The notebook's variables: those it had and those the cells written so far need. */
  get variables(): Record<string, string> {
    return { ...this.held };
  }

  /** The cell that makes `operation` again, its identifiers written as variables. */
  cellSource(operation: RequestOperation, options: CellSourceOptions = {}): string {
    const lifted: { marker: string; name: string }[] = [];
    // A marker of letters and digits, which no encoding in the request line changes, stands for the
    // value until the cell is written; then it becomes the placeholder.
    const mark = (value: string, base: string): string => {
      const marker = `HdeIdentifierVariable${lifted.length}Marker`;
      lifted.push({ marker, name: this.nameFor(value, base) });
      return marker;
    };
    let marked: RequestOperation = operation;
    if (operation.name === 'resolveUser') marked = { name: 'resolveUser', args: [mark(operation.args[0], VARIABLE_OF.clientUserId)] };
    if (operation.name === 'getGroupedBloodPressure') marked = { name: 'getGroupedBloodPressure', args: [mark(operation.args[0], VARIABLE_OF.userId), operation.args[1]] };
    let source = requestCellSource(marked, options);
    for (const { marker, name } of lifted) source = source.split(marker).join(`{{${name}}}`);
    return source;
  }

  private nameFor(value: string, base: string): string {
    const same = Object.keys(this.held).find((name) => this.held[name] === value && new RegExp(`^${base}\\d*$`).test(name));
    if (same) return same;
    let name = base;
    for (let next = 2; Object.hasOwn(this.held, name); next++) name = `${base}${next}`;
    this.held[name] = value;
    return name;
  }
}
