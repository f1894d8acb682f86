// The notebook's front matter: exactly the subset the format uses (`environment:`, `timeZone:`,
// `fixtures:`, `investigation:`, `variables:` with indented `name: value` lines), read by a parser
// of our own. Anything else is kept as written, so a hand-written file loses nothing.
import { isEnvironmentId, type EnvironmentId } from '../domain/environments';

export interface FrontMatter {
  environment?: EnvironmentId;
  timeZone?: string;
  variables: Record<string, string>;
  fixtures?: string;
  investigation?: string;
  otherLines: string[];
}

const KEY_LINE = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/;
const VARIABLE_LINE = /^\s+([A-Za-z_][\w.-]*)\s*:\s*(.*)$/;

export function parseFrontMatter(lines: readonly string[]): FrontMatter {
  const result: FrontMatter = { variables: {}, otherLines: [] };
  let inVariables = false;
  for (const line of lines) {
    if (inVariables) {
      const variable = VARIABLE_LINE.exec(line);
      if (variable) {
        // Defined, not assigned: a variable named __proto__ is a variable like any other.
        Object.defineProperty(result.variables, variable[1]!, { value: scalarValue(variable[2]!), enumerable: true, writable: true, configurable: true });
        continue;
      }
      inVariables = false;
    }
    const entry = KEY_LINE.exec(line);
    const key = entry?.[1];
    const value = scalarValue(entry?.[2] ?? '');
    if (key === 'environment' && isEnvironmentId(value) && result.environment === undefined) {
      result.environment = value;
    } else if (key === 'timeZone' && value !== '' && result.timeZone === undefined) {
      result.timeZone = value;
    } else if ((key === 'fixtures' || key === 'investigation') && value !== '' && result[key] === undefined) {
      result[key] = value;
    } else if (key === 'variables' && value === '') {
      inVariables = true;
    } else if (line.trim() !== '') {
      result.otherLines.push(line);
    }
  }
  return result;
}

export function serializeFrontMatter(frontMatter: FrontMatter): string[] {
  const lines: string[] = [];
  if (frontMatter.environment !== undefined) lines.push(`environment: ${frontMatter.environment}`);
  if (frontMatter.timeZone !== undefined) lines.push(`timeZone: ${scalarText(frontMatter.timeZone)}`);
  if (frontMatter.fixtures !== undefined) lines.push(`fixtures: ${scalarText(frontMatter.fixtures)}`);
  if (frontMatter.investigation !== undefined) lines.push(`investigation: ${scalarText(frontMatter.investigation)}`);
  const names = Object.keys(frontMatter.variables);
  if (names.length > 0) {
    lines.push('variables:');
    for (const name of names) lines.push(`  ${name}: ${scalarText(frontMatter.variables[name]!)}`);
  }
  lines.push(...frontMatter.otherLines);
  return lines;
}

/** `value`, `"quoted"` or `'quoted'`; a ` #` starts a comment in a bare value, as in YAML. */
function scalarValue(raw: string): string {
  const text = raw.trim();
  if (text.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'string') return parsed;
    } catch {
      // not a complete JSON string: read it as bare text below
    }
  }
  if (text.length >= 2 && text.startsWith("'") && text.endsWith("'")) return text.slice(1, -1).replace(/''/g, "'");
  const comment = text.search(/\s#/);
  return comment === -1 ? text : text.slice(0, comment).trimEnd();
}

/** A value bare when it reads back the same, else as a JSON string (which YAML reads too). */
function scalarText(value: string): string {
  const bare = /^[^\s"'#][^\n]*$/.test(value) && value === value.trim() && !/\s#/.test(value);
  return bare ? value : JSON.stringify(value);
}
