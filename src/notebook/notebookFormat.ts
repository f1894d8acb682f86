// The notebook file: Markdown that GitHub renders and git diffs line by line. A ```http fence is a
// request cell; the ```json health-data-output fence right after it is that cell's saved result;
// everything else is Markdown. Parsing never throws and loses no text; serialize(parse(text)) is
// the text again for every file serializeNotebookFile wrote.
import { parseFrontMatter, serializeFrontMatter } from './frontMatter';
import type { CellResult, NotebookFile, NotebookFileCell } from './model';

export const REQUEST_FENCE_INFO = 'http';
export const OUTPUT_FENCE_INFO = 'json health-data-output';
/** A saved body larger than this is left out of the file (its size is kept). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

interface Fence {
  /** Index of the opening line. */
  start: number;
  /** Index of the line after the closing fence (or the end of the text when unclosed). */
  end: number;
  info: string;
  content: string;
  closed: boolean;
}

const OPENING_FENCE = /^(`{3,})\s*([^`]*?)\s*$/;

/** The fenced block opening at `lines[start]`, if that line opens one (CommonMark backtick fences). */
function fenceAt(lines: readonly string[], start: number): Fence | undefined {
  const opening = OPENING_FENCE.exec(lines[start]!);
  if (!opening) return undefined;
  const ticks = opening[1]!.length;
  const closing = new RegExp(`^\`{${ticks},}\\s*$`);
  for (let index = start + 1; index < lines.length; index++) {
    if (closing.test(lines[index]!)) {
      return { start, end: index + 1, info: opening[2]!, content: lines.slice(start + 1, index).join('\n'), closed: true };
    }
  }
  return { start, end: lines.length, info: opening[2]!, content: lines.slice(start + 1).join('\n'), closed: false };
}

function frontMatterEnd(lines: readonly string[]): number | undefined {
  if (lines[0] !== '---') return undefined;
  for (let index = 1; index < lines.length; index++) {
    if (lines[index] === '---' || lines[index] === '...') return index;
  }
  return undefined;
}

/** A saved result when `text` is one (a version-1 CellResult); anything else stays Markdown. */
function savedResult(text: string): CellResult | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const result = value as Partial<CellResult>;
  const wellFormed =
    result.version === 1 &&
    (result.outcome === 'ok' || result.outcome === 'error' || result.outcome === 'cancelled') &&
    typeof result.request === 'object' &&
    result.request !== null &&
    Array.isArray(result.deviations) &&
    Array.isArray(result.assertions);
  return wellFormed ? (value as CellResult) : undefined;
}

function trimBlankLines(lines: readonly string[]): string {
  let first = 0;
  let last = lines.length;
  while (first < last && lines[first]!.trim() === '') first++;
  while (last > first && lines[last - 1]!.trim() === '') last--;
  return lines.slice(first, last).join('\n');
}

export function parseNotebookFile(text: string): NotebookFile {
  return readNotebook(text).file;
}

/** The 1-based line of each cell's opening fence (0 for a Markdown cell): where a report points. */
export function notebookCellLines(text: string): number[] {
  return readNotebook(text).cellLines;
}

function readNotebook(text: string): { file: NotebookFile; cellLines: number[] } {
  const cellLines: number[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const file: NotebookFile = { variables: {}, cells: [] };
  let index = 0;
  const frontEnd = frontMatterEnd(lines);
  if (frontEnd !== undefined) {
    const frontMatter = parseFrontMatter(lines.slice(1, frontEnd));
    if (frontMatter.environment !== undefined) file.environment = frontMatter.environment;
    if (frontMatter.timeZone !== undefined) file.timeZone = frontMatter.timeZone;
    file.variables = frontMatter.variables;
    if (frontMatter.fixtures !== undefined) file.fixtures = frontMatter.fixtures;
    if (frontMatter.investigation !== undefined) file.investigation = frontMatter.investigation;
    if (frontMatter.otherLines.length > 0) file.otherFrontMatter = frontMatter.otherLines;
    index = frontEnd + 1;
  }

  let markdown: string[] = [];
  const flushMarkdown = (): void => {
    const source = trimBlankLines(markdown);
    if (source !== '') {
      file.cells.push({ kind: 'markdown', source });
      cellLines.push(0);
    }
    markdown = [];
  };
  while (index < lines.length) {
    const fence = fenceAt(lines, index);
    if (!fence) {
      markdown.push(lines[index]!);
      index++;
      continue;
    }
    if (fence.info !== REQUEST_FENCE_INFO || !fence.closed) {
      // Any other fenced block (an unclosed one included) is Markdown, taken whole so a ```http
      // inside it is not read as a cell.
      markdown.push(...lines.slice(fence.start, fence.end));
      index = fence.end;
      continue;
    }
    flushMarkdown();
    const cell: NotebookFileCell = { kind: 'request', source: fence.content };
    index = fence.end;
    let next = index;
    while (next < lines.length && lines[next]!.trim() === '') next++;
    const outputFence = next < lines.length ? fenceAt(lines, next) : undefined;
    const output = outputFence?.info === OUTPUT_FENCE_INFO && outputFence.closed ? savedResult(outputFence.content) : undefined;
    if (output && outputFence) {
      cell.output = output;
      index = outputFence.end;
    }
    file.cells.push(cell);
    cellLines.push(fence.start + 1);
  }
  flushMarkdown();
  return { file, cellLines };
}

/** A fence longer than any backtick run at the start of a line of `content`, so it cannot close early. */
function fenceFor(content: string): string {
  let longest = 2;
  for (const match of content.matchAll(/^(`{3,})/gm)) longest = Math.max(longest, match[1]!.length);
  return '`'.repeat(longest + 1);
}

function fenced(info: string, content: string): string {
  const fence = fenceFor(content);
  return `${fence}${info}\n${content === '' ? '' : `${content}\n`}${fence}`;
}

/** The result as the file keeps it: a body over `maxBodyBytes` is left out and its size noted. */
export function resultForFile(result: CellResult, maxBodyBytes = DEFAULT_MAX_BODY_BYTES): CellResult {
  if (result.body === undefined) return result;
  const bytes = new TextEncoder().encode(JSON.stringify(result.body) ?? '').length;
  if (bytes <= maxBodyBytes) return result;
  const { body: _omitted, ...rest } = result;
  return { ...rest, bodyOmittedBytes: bytes };
}

export function serializeNotebookFile(file: NotebookFile, options: { maxBodyBytes?: number } = {}): string {
  const blocks: string[] = [];
  const frontMatter = serializeFrontMatter({
    ...(file.environment !== undefined ? { environment: file.environment } : {}),
    ...(file.timeZone !== undefined ? { timeZone: file.timeZone } : {}),
    variables: file.variables,
    ...(file.fixtures !== undefined ? { fixtures: file.fixtures } : {}),
    ...(file.investigation !== undefined ? { investigation: file.investigation } : {}),
    otherLines: file.otherFrontMatter ?? [],
  });
  if (frontMatter.length > 0) blocks.push(['---', ...frontMatter, '---'].join('\n'));
  for (const cell of file.cells) {
    // A first Markdown cell that opens with a `---` line would read back as front matter: an
    // empty front matter before it keeps it Markdown.
    if (blocks.length === 0 && cell.kind === 'markdown' && /^---[ \t]*(\n|$)/.test(cell.source.trimStart())) blocks.push('---\n---');
    if (cell.kind === 'markdown') {
      const source = trimBlankLines(cell.source.replace(/\r\n?/g, '\n').split('\n'));
      if (source !== '') blocks.push(source);
      continue;
    }
    blocks.push(fenced(REQUEST_FENCE_INFO, cell.source.replace(/\r\n?/g, '\n')));
    if (cell.output) {
      blocks.push(fenced(OUTPUT_FENCE_INFO, JSON.stringify(resultForFile(cell.output, options.maxBodyBytes), null, 2)));
    }
  }
  return blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n`;
}
