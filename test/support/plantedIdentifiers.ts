// Identifiers a careless team or a vendor puts where they do not belong: e-mail addresses, phone
// numbers, people's names, street addresses, SSN-like numbers and ids, as fast-check arbitraries,
// and a walk that plants them in string fields of a body (whole, or inside other text).
import fc from 'fast-check';

export interface Planted {
  /** The identifying text that must not survive scrubbing. */
  secret: string;
  /** What is put in the field: the identifier alone or inside other words. */
  text: string;
}

/** Given names the scrubber claims to recognise (its list: src/scrub/givenNames.ts), and surnames. */
const GIVEN = ['Maria', 'John', 'Fatima', 'Wei', 'Priya', 'Lukas', 'Sophie', 'Mohammed', 'Elena', 'James', 'Yuki', 'Carlos', 'Anna', 'David', 'Aisha'];
const FAMILY = ['Garcia', 'Smith', 'Müller', 'Nguyen', 'Okafor', 'Kowalski', "O'Brien", 'Tanaka', 'Haddad', 'Johansson', 'Rossi', 'Patel'];
const STREETS = ['Main Street', 'Oak Avenue', 'Elm Road', 'Sunset Boulevard', 'Maple Lane', 'Hauptstraße'];

const digits = (count: number): fc.Arbitrary<string> => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: count, maxLength: count }).map((list) => list.join(''));

const email = fc.emailAddress().filter((address) => address.length >= 6);
const phone = fc.oneof(
  fc.tuple(digits(3), digits(3), digits(4)).map(([a, b, c]) => `+1 ${a}-${b}-${c}`),
  fc.tuple(digits(3), digits(3), digits(4)).map(([a, b, c]) => `(${a}) ${b}-${c}`),
  fc.tuple(digits(2), digits(4), digits(4)).map(([a, b, c]) => `+49 ${a} ${b} ${c}`),
  fc.tuple(digits(4), digits(7)).map(([a, b]) => `0${a.slice(1)} ${b}`),
  fc.tuple(digits(3), digits(3), digits(4)).map(([a, b, c]) => `${a}.${b}.${c}`),
);
const name = fc.oneof(
  fc.tuple(fc.constantFrom(...GIVEN), fc.constantFrom(...FAMILY)).map(([given, family]) => `${given} ${family}`),
  fc.tuple(fc.constantFrom(...GIVEN), fc.constantFrom(...FAMILY)).map(([given, family]) => `${family}, ${given}`),
  fc.tuple(fc.constantFrom('Dr.', 'Mrs', 'Mr.'), fc.constantFrom(...FAMILY)).map(([title, family]) => `${title} ${family}`),
);
const address = fc.oneof(
  fc.tuple(fc.integer({ min: 1, max: 9999 }), fc.constantFrom(...STREETS.slice(0, 5))).map(([number, street]) => `${number} ${street}`),
  fc.integer({ min: 1, max: 200 }).map((number) => `Hauptstraße ${number}`),
);
const ssn = fc.tuple(digits(3), digits(2), digits(4)).map(([a, b, c]) => `${a}-${b}-${c}`);
const recordNumber = digits(10).map((run) => `MRN${run}`);
const uuid = fc.uuid().map((id) => id.toLowerCase());

export const identifierArbitrary: fc.Arbitrary<string> = fc.oneof(email, phone, name, address, ssn, recordNumber, uuid);

/** The identifier alone, or inside a sentence. */
export const plantedArbitrary: fc.Arbitrary<Planted> = fc.tuple(identifierArbitrary, fc.constantFrom('', 'Contact ', 'note: ', 'see '), fc.constantFrom('', ' today', ' (primary)')).map(([secret, before, after]) => ({ secret, text: `${before}${secret}${after}` }));

/**
 * A copy of `body` with planted text in string fields: `plants[i]` goes into the i-th string field met
 * (depth first), cycling; fields named in `keep` are left as they are.
 */
export function plantInStrings(body: unknown, plants: readonly Planted[], keep: ReadonlySet<string> = new Set()): { body: unknown; planted: string[] } {
  const planted: string[] = [];
  let next = 0;
  const walk = (key: string, value: unknown): unknown => {
    if (typeof value === 'string') {
      if (keep.has(key) || plants.length === 0) return value;
      const plant = plants[next++ % plants.length]!;
      planted.push(plant.secret);
      return plant.text;
    }
    if (Array.isArray(value)) return value.map((item) => walk(key, item));
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([field, item]) => [field, walk(field, item)]));
    return value;
  };
  return { body: walk('', body), planted };
}

/** Every string of a body with the field it is in. */
export function stringsOf(body: unknown, key = ''): { key: string; value: string }[] {
  if (typeof body === 'string') return [{ key, value: body }];
  if (Array.isArray(body)) return body.flatMap((item) => stringsOf(item, key));
  if (typeof body === 'object' && body !== null) return Object.entries(body).flatMap(([field, item]) => stringsOf(item, field));
  return [];
}

/**
 * Whether two bodies have the same shape: the same keys in the same order, nulls in the same places,
 * the same numbers and booleans; strings may differ. Returns the first difference's path, or undefined.
 */
export function shapeDifference(a: unknown, b: unknown, path = '$'): string | undefined {
  if (typeof a === 'string' || typeof b === 'string') return typeof a === typeof b ? undefined : path;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return path;
    for (let i = 0; i < a.length; i++) {
      const found = shapeDifference(a[i], b[i], `${path}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    if (keysA.join('\u0000') !== keysB.join('\u0000')) return path;
    for (const key of keysA) {
      const found = shapeDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`);
      if (found) return found;
    }
    return undefined;
  }
  return Object.is(a, b) ? undefined : path;
}
