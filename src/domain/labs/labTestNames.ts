// Lab-test names the extension has seen, per environment: the API lists markers by lab-test id
// only, so a name is known from the local sandbox's sample list or from an earlier lookup that
// carried one. Ids and names only, nothing else.

/** environment id → lab_test_id → name */
export type LabTestNameBook = Record<string, Record<string, string>>;

/** The most names kept per environment (the oldest go first). */
export const NAMES_PER_ENVIRONMENT = 200;

/** A copy of `book` with `names` remembered for `environment`, newest last, capped. */
export function rememberLabTestNames(
  book: LabTestNameBook,
  environment: string,
  names: Readonly<Record<string, string>>,
  cap = NAMES_PER_ENVIRONMENT,
): LabTestNameBook {
  const entries = Object.entries(book[environment] ?? {}).filter(([id]) => !(id in names));
  for (const [id, name] of Object.entries(names)) {
    const trimmed = name.trim();
    if (id.trim() !== '' && trimmed !== '') entries.push([id, trimmed]);
  }
  return { ...book, [environment]: Object.fromEntries(entries.slice(-cap)) };
}

/** The names known in `environment` for `ids` (ids without a name are left out). */
export function labTestNamesOf(book: LabTestNameBook, environment: string, ids: readonly string[]): Record<string, string> {
  const known = book[environment] ?? {};
  return Object.fromEntries(ids.flatMap((id) => (Object.hasOwn(known, id) && known[id] ? [[id, known[id]]] : [])));
}

/** Reads a stored book defensively (it comes from disk and may be from an older version). */
export function parseLabTestNameBook(value: unknown): LabTestNameBook {
  if (!value || typeof value !== 'object') return {};
  const book: LabTestNameBook = {};
  for (const [environment, names] of Object.entries(value as Record<string, unknown>)) {
    if (!names || typeof names !== 'object') continue;
    const clean = Object.entries(names as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    book[environment] = Object.fromEntries(clean);
  }
  return book;
}
