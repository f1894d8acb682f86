// Where the spec's numbered sections are, and where a text names one ("spec 2.3"): what lets a
// deviation's "spec 2.3" open the spec that ships with the extension at that heading. Pure.

/** Section number → its heading's line (0-based), from the spec's Markdown ("### 2.3 Marker…"). */
export function specHeadingLines(markdown: string): Map<string, number> {
  const lines = new Map<string, number>();
  markdown.split(/\r?\n/).forEach((line, index) => {
    const match = /^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s/.exec(line);
    if (match?.[1] && !lines.has(match[1])) lines.set(match[1], index);
  });
  return lines;
}

export interface SpecReference {
  /** Offsets in the text of "spec 2.3", the part a link covers. */
  start: number;
  end: number;
  section: string;
}

/** Every "spec N.N" in `text` whose section the spec has (an unknown number stays plain text). */
export function specReferences(text: string, known: ReadonlyMap<string, number>): SpecReference[] {
  const references: SpecReference[] = [];
  for (const match of text.matchAll(/\bspec (\d+(?:\.\d+)*)/g)) {
    const section = match[1];
    if (section === undefined || !known.has(section)) continue;
    references.push({ start: match.index, end: match.index + match[0].length, section });
  }
  return references;
}
