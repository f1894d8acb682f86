// `{{name}}` in a cell: the notebook's own variables, then those earlier cells set with `let`, then
// the date shortcuts `{{today}}`, `{{yesterday}}` and `{{N days ago}}` (YYYY-MM-DD in the notebook's
// zone). A name that is none of these is an error naming the ones that exist.
import { addDays } from '../domain/zonedTime';

export interface VariableScope {
  /** The notebook's variables, then those set by `let` (later ones win). */
  values: ReadonlyMap<string, string>;
  /** Today in the notebook's zone, YYYY-MM-DD. */
  today: string;
}

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const PLACEHOLDER_HERE = /\{\{\s*([^{}]*?)\s*\}\}/y;

export function variableValue(name: string, scope: VariableScope): string | undefined {
  const own = scope.values.get(name);
  if (own !== undefined) return own;
  if (name === 'today') return scope.today;
  if (name === 'yesterday') return addDays(scope.today, -1);
  const daysAgo = /^(\d{1,5})\s+days?\s+ago$/.exec(name);
  return daysAgo ? addDays(scope.today, -Number(daysAgo[1])) : undefined;
}

export class UnknownVariableError extends Error {
  constructor(
    readonly variable: string,
    scope: VariableScope,
  ) {
    const known = [...scope.values.keys()];
    super(
      `unknown variable {{${variable}}}: ${known.length > 0 ? `the variables are ${known.map((name) => `{{${name}}}`).join(', ')}` : 'this notebook has no variables'}` +
        ' (and {{today}}, {{yesterday}}, {{N days ago}}); set one in the front matter or with "let" in an earlier cell',
    );
    this.name = 'UnknownVariableError';
  }
}

/** `text` with every placeholder filled in, each value passed through `encode`. Throws UnknownVariableError. */
export function fillIn(text: string, scope: VariableScope, encode: (value: string) => string = (value) => value): string {
  return text.replace(PLACEHOLDER, (_whole, name: string) => {
    const value = variableValue(name, scope);
    if (value === undefined) throw new UnknownVariableError(name, scope);
    return encode(value);
  });
}

/**
 * A JSON body with its placeholders filled in: inside a string a value is escaped as JSON text, so
 * a value with a quote cannot break the body; outside one (`"size": {{pageSize}}`) it goes in as is.
 */
export function fillInJson(text: string, scope: VariableScope): string {
  let out = '';
  let inString = false;
  for (let index = 0; index < text.length; ) {
    const char = text[index]!;
    if (char === '{' && text[index + 1] === '{') {
      PLACEHOLDER_HERE.lastIndex = index;
      const match = PLACEHOLDER_HERE.exec(text);
      if (match) {
        const value = variableValue(match[1]!, scope);
        if (value === undefined) throw new UnknownVariableError(match[1]!, scope);
        out += inString ? JSON.stringify(value).slice(1, -1) : value;
        index += match[0].length;
        continue;
      }
    }
    if (inString && char === '\\') {
      out += text.slice(index, index + 2);
      index += 2;
      continue;
    }
    if (char === '"') inString = !inString;
    out += char;
    index++;
  }
  return out;
}
