// What the documentation's links point at, read the way GitHub renders Markdown: headings and their
// anchors (GitHub's slugs), and every link, image and HTML src/href outside code. Pure functions on
// text, plus one that checks a set of files against the file system.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';

export interface MarkdownLink {
  /** As written: `docs/cli.md#checks-in-ci`, `#layout`, `https://…`. */
  target: string;
  image: boolean;
  /** 1-based line of the link in its file. */
  line: number;
}

/** The text outside fenced code blocks, with code spans and HTML comments blanked (line numbers kept). */
export function proseOf(markdown: string): string {
  const lines = markdown.split('\n');
  let fence: { char: string; length: number } | undefined;
  const out = lines.map((line) => {
    const opening = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      const closing = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line);
      if (closing && closing[1]![0] === fence.char && closing[1]!.length >= fence.length) fence = undefined;
      return '';
    }
    if (opening) {
      fence = { char: opening[1]![0]!, length: opening[1]!.length };
      return '';
    }
    return line;
  });
  return blankCodeSpans(out.join('\n')).replace(/<!--[\s\S]*?-->/g, (comment) => comment.replace(/[^\n]/g, ' '));
}

/** Replaces each code span's content by `x`s, so its text is neither a link nor markup. */
function blankCodeSpans(text: string): string {
  // A span may wrap onto the next line of its paragraph, never past a blank line.
  return text.replace(/(`+)((?:[^\n]|\n(?![ \t]*\n))*?[^`])\1(?!`)/g, (_span, ticks: string, body: string) => ticks + body.replace(/[^\n]/g, 'x') + ticks);
}

/** A heading's text as GitHub reads it for its anchor: markup removed, code spans' text kept. */
function headingText(raw: string): string {
  const codeSpans: string[] = [];
  const withoutCode = raw.replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (_span, _ticks: string, body: string) => {
    codeSpans.push(body.trim());
    return `\uE000${codeSpans.length - 1}\uE000`;
  });
  const plain = withoutCode
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/\*/g, '')
    .replace(/(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, '');
  return plain.replace(/\uE000(\d+)\uE000/g, (_m, index: string) => codeSpans[Number(index)]!);
}

/** GitHub's slug of one heading's text (github-slugger): lower case, punctuation dropped but `-` and `_`, each space a `-`. */
export function slugOf(text: string): string {
  return headingText(text).trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

const HEADING = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;

/** Every anchor a file offers: its headings' slugs (a repeated one gets -1, -2, …) and HTML ids/names. */
export function anchorsOf(markdown: string): Set<string> {
  const prose = proseOf(markdown);
  const proseLines = prose.split('\n');
  const originalLines = markdown.split('\n');
  const anchors = new Set<string>();
  const occurrences = new Map<string, number>();
  proseLines.forEach((line, index) => {
    if (!HEADING.test(line)) return;
    // The slug is read from the original line: a code span in a heading keeps its text.
    const base = slugOf(HEADING.exec(originalLines[index]!)![1]!);
    let slug = base;
    while (occurrences.has(slug)) {
      const next = occurrences.get(base)! + 1;
      occurrences.set(base, next);
      slug = `${base}-${next}`;
    }
    occurrences.set(slug, 0);
    anchors.add(slug);
  });
  for (const match of prose.matchAll(/<[a-z]+[^>]*\s(?:id|name)=["']([^"']+)["']/gi)) anchors.add(match[1]!);
  return anchors;
}

/** Every link and image outside code: inline `[text](target)`, reference definitions, HTML src/href. */
export function linksOf(markdown: string): MarkdownLink[] {
  const prose = proseOf(markdown);
  const links: MarkdownLink[] = [];
  const lineAt = (index: number) => prose.slice(0, index).split('\n').length;
  for (const match of prose.matchAll(/(!?)\[((?:[^[\]]|\[[^[\]]*\])*)\]\(\s*<?([^\s()<>]+(?:\([^\s()]*\)[^\s()<>]*)*)>?(?:\s+["'(][^)]*)?\)/g)) {
    links.push({ target: match[3]!, image: match[1] === '!', line: lineAt(match.index) });
  }
  for (const match of prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) {
    links.push({ target: match[1]!, image: false, line: lineAt(match.index) });
  }
  for (const match of prose.matchAll(/<(img|a|source|video)\b[^>]*\s(src|href)=["']([^"']+)["']/gi)) {
    links.push({ target: match[3]!, image: match[1]!.toLowerCase() !== 'a', line: lineAt(match.index) });
  }
  return links;
}

/** A link to another site or scheme (https:, mailto:, vscode:): not this repository's to check. */
export function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
}

/**
 * Checks every relative link of `files` (absolute paths inside `root`): its file exists inside the
 * repository, an image is a file, and an `#anchor` names a heading of the target Markdown file.
 * Returns one line per broken link: `docs/cli.md:12: …`.
 */
export function brokenLinks(root: string, files: readonly string[]): string[] {
  const anchorCache = new Map<string, Set<string>>();
  const anchorsIn = (file: string) => {
    let anchors = anchorCache.get(file);
    if (!anchors) anchorCache.set(file, (anchors = anchorsOf(readFileSync(file, 'utf8'))));
    return anchors;
  };
  const problems: string[] = [];
  for (const file of files) {
    const where = (link: MarkdownLink) => `${relative(root, file).split(sep).join('/')}:${link.line}`;
    for (const link of linksOf(readFileSync(file, 'utf8'))) {
      if (isExternal(link.target)) continue;
      const hash = link.target.indexOf('#');
      const pathPart = decodeURIComponent(hash < 0 ? link.target : link.target.slice(0, hash));
      const anchor = hash < 0 ? undefined : decodeURIComponent(link.target.slice(hash + 1));
      const target = pathPart === '' ? file : resolve(dirname(file), pathPart);
      if (target !== root && !target.startsWith(root + sep)) {
        problems.push(`${where(link)}: ${link.target} points outside the repository`);
        continue;
      }
      if (!existsSync(target)) {
        problems.push(`${where(link)}: ${link.target}: no such ${link.image ? 'image' : 'file'}`);
        continue;
      }
      if (link.image && !statSync(target).isFile()) {
        problems.push(`${where(link)}: ${link.target}: an image that is not a file`);
        continue;
      }
      if (anchor !== undefined && anchor !== '') {
        if (!target.endsWith('.md')) problems.push(`${where(link)}: ${link.target}: an anchor into a file that is not Markdown`);
        else if (!anchorsIn(target).has(anchor)) problems.push(`${where(link)}: ${link.target}: no heading "#${anchor}" in ${relative(root, target).split(sep).join('/')}`);
      }
    }
  }
  return problems;
}
