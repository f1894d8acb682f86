// One-field changes of a JSON body, for tests that hold two checks to the same verdicts
// (fastChecks.test.ts: the fast checks and zod; contractLens.test.ts: the spec-exact check and the walk).

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Values put in place of a field: every JSON type, and an integer turned into a float. */
export const REPLACEMENTS: Json[] = [null, 'text', 42, 1.5, true, [], {}];

/** Every value reached by a path of at most `depth` object keys / array indexes (the first 2 items of an array). */
export function paths(value: Json, depth = 6, prefix: (string | number)[] = []): (string | number)[][] {
  const found: (string | number)[][] = prefix.length > 0 ? [prefix] : [];
  if (depth === 0 || value === null || typeof value !== 'object') return found;
  const keys: (string | number)[] = Array.isArray(value) ? [0, 1].filter((i) => i < value.length) : Object.keys(value);
  for (const key of keys) found.push(...paths((value as Record<string | number, Json>)[key] as Json, depth - 1, [...prefix, key]));
  return found;
}

/**
 * A copy of `value` with the value at `path` replaced, removed (`undefined`), or — `'extra'` —
 * given a field no document has (`not_in_the_spec`) when it is an object.
 */
export function mutated(value: Json, path: (string | number)[], replacement: Json | undefined | 'extra'): Json {
  const copy = structuredClone(value);
  if (path.length === 0) {
    if (replacement === 'extra' && copy && typeof copy === 'object' && !Array.isArray(copy)) copy.not_in_the_spec = 1;
    return copy;
  }
  let parent = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
  const last = path[path.length - 1] as string | number;
  if (replacement === 'extra') {
    const target = parent[last];
    if (target && typeof target === 'object' && !Array.isArray(target)) (target as Record<string, Json>).not_in_the_spec = 1;
  } else if (replacement === undefined) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else parent[last] = replacement;
  return copy;
}
