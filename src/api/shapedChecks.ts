// The building blocks of the tolerant reader's allocation-free checks (src/api/fastChecks.ts), each
// a plain predicate that also says what it looks at (`shape`): the contract lens's walk reads the
// shape to run the reader's checks inside its own pass over a body (src/api/contract/lens.ts), so a
// body that is not spec-exact is walked once, not once by the reader and again by the lens.

export type Check = (value: unknown) => boolean;

/** An object check's fields, by name; `also`: a rule over the whole object beside its fields. */
export interface ObjectShape {
  kind: 'object';
  fields: ReadonlyMap<string, ShapedCheck>;
  also?: Check;
}

export type CheckShape =
  | ObjectShape
  | { kind: 'arrayOf'; item: ShapedCheck }
  | { kind: 'recordOf'; item: ShapedCheck }
  /** null (and undefined when `undefinedToo`) passes; any other value is `inner`'s. */
  | { kind: 'orNull'; inner: ShapedCheck; undefinedToo: boolean };

export interface ShapedCheck extends Check {
  shape?: CheckShape;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function shaped(check: Check, shape: CheckShape): ShapedCheck {
  return Object.assign(check, { shape });
}

export function nullable(check: ShapedCheck): ShapedCheck {
  return shaped((value) => value === null || check(value), { kind: 'orNull', inner: check, undefinedToo: false });
}

export function nullish(check: ShapedCheck): ShapedCheck {
  return shaped((value) => value === null || value === undefined || check(value), { kind: 'orNull', inner: check, undefinedToo: true });
}

export function arrayOf(check: ShapedCheck): ShapedCheck {
  return shaped((value) => {
    if (!Array.isArray(value)) return false;
    for (let index = 0; index < value.length; index++) if (!check(value[index])) return false;
    return true;
  }, { kind: 'arrayOf', item: check });
}

/** A loose object: every listed field passes its check (absent reads as undefined); others pass. */
export function object(fields: Record<string, ShapedCheck>, also?: Check): ShapedCheck {
  const names = Object.keys(fields);
  const checks = names.map((name) => fields[name] as ShapedCheck);
  return shaped((value) => {
    if (!isObject(value)) return false;
    for (let index = 0; index < names.length; index++) if (!(checks[index] as Check)(value[names[index] as string])) return false;
    return also === undefined || also(value);
  }, { kind: 'object', fields: new Map(names.map((name, index) => [name, checks[index] as ShapedCheck])), ...(also ? { also } : {}) });
}

export function recordOf(check: ShapedCheck): ShapedCheck {
  return shaped((value) => {
    if (!isObject(value)) return false;
    for (const name in value) if (Object.hasOwn(value, name) && !check(value[name])) return false;
    return true;
  }, { kind: 'recordOf', item: check });
}

/**
 * The shape `check` gives a value that is neither null nor undefined (for such a value, `nullable`
 * and `nullish` are their inner check); undefined for a check of another kind (a scalar's).
 */
export function structureOf(check: ShapedCheck): Exclude<CheckShape, { kind: 'orNull' }> | undefined {
  let shape = check.shape;
  while (shape?.kind === 'orNull') shape = shape.inner.shape;
  return shape;
}
