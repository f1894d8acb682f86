// Counts in the English text a model reads: "1 page", "3 pages", never "1 pages" or "page(s)".

/** `count` and the noun that goes with it: "1 reading", "0 readings", "2 sources". */
export function counted(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}
