// Builds a tool result within a fixed size: the text and the JSON data together stay under
// MAX_RESULT_CHARS, lists stop at what fits and say how many more there are and how to ask for them.
// 100,000 readings never reach a model's context.
import type { AgentEnvironment, AgentToolResult } from './agentTool';
import { capStrings, DATA_NOTICE } from './dataText';

export const MAX_RESULT_CHARS = 8_000;
/** Kept free when a list is filled, for the lines and fields written after it. */
const RESERVE_CHARS = 900;

export interface ListItem {
  line: string;
  data: unknown;
}

export class ResultBuilder {
  readonly #lines: string[];
  readonly #data: Record<string, unknown>;

  constructor(tool: string, environment: AgentEnvironment) {
    const where = `${environment.label}${environment.production ? ' (PRODUCTION)' : ''}`;
    this.#lines = [`Health Data · ${where} · ${tool}`, DATA_NOTICE];
    this.#data = {
      tool,
      environment: { id: environment.id, label: environment.label, production: environment.production },
      notice: DATA_NOTICE,
    };
  }

  line(text: string): this {
    this.#lines.push(text);
    return this;
  }

  set(key: string, value: unknown): this {
    this.#data[key] = capStrings(value);
    return this;
  }

  size(): number {
    return this.#lines.join('\n').length + JSON.stringify(this.#data).length;
  }

  /**
   * Adds `items` under `key` while they fit, each as a text line and a data entry. When some do
   * not fit, a line says how many were left out and `nextHint(shown)` how to ask for them, and
   * `<key>Truncated` in the data says the same. Returns how many were added.
   */
  list<T>(key: string, items: readonly T[], render: (item: T, index: number) => ListItem, nextHint: (shown: number) => string): number {
    const entries: unknown[] = [];
    this.#data[key] = entries;
    let room = MAX_RESULT_CHARS - RESERVE_CHARS - this.size();
    let shown = 0;
    for (const [index, item] of items.entries()) {
      const { line, data: raw } = render(item, index);
      const data = capStrings(raw);
      const cost = line.length + 1 + JSON.stringify(data).length + 1;
      if (cost > room) break;
      room -= cost;
      this.#lines.push(line);
      entries.push(data);
      shown++;
    }
    if (shown < items.length) {
      const hint = nextHint(shown);
      this.#lines.push(`… and ${items.length - shown} more not shown (result size limit). ${hint}`);
      this.#data[`${key}Truncated`] = { shown, total: items.length, next: hint };
    }
    return shown;
  }

  build(isError = false): AgentToolResult {
    this.#data.ok = !isError;
    let text = this.#lines.join('\n');
    // Lists leave a reserve, so this only guards against a tool writing more after them than it allows.
    const over = this.size() - MAX_RESULT_CHARS;
    if (over > 0) text = `${text.slice(0, Math.max(0, text.length - over - 40))}\n… (text cut at the size limit)`;
    return { text, data: this.#data, isError };
  }
}

/** A result that answers nothing but says why and what to do next. */
export function failureResult(tool: string, environment: AgentEnvironment, problem: string, nextStep: string, data: Record<string, unknown> = {}): AgentToolResult {
  const builder = new ResultBuilder(tool, environment).line(`Could not answer: ${problem}`).line(`Next step: ${nextStep}`);
  builder.set('error', { problem, nextStep, ...data });
  return builder.build(true);
}
