// "Does this response match the spec exactly?" without allocating: the spec's table compiled into
// checks that answer true exactly when the contract lens's walk (lens.ts) would find nothing. A
// spec-exact body is also one the tolerant reader accepts (every field the reader requires, the spec
// requires with the same type), so the client runs this first and, when it passes, neither the
// reader's checks nor the walk: the lens costs a conforming response one pass and a key count.
import { OPERATION_ROOTS, SPEC_OBJECTS, type ContractOperation, type SpecField, type SpecObjectName } from './specFacts';

type Check = (value: unknown) => boolean;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
// The same three types as lens.ts's hasScalarType, one function each: no type switch per value.
const SCALAR: Readonly<Record<'string' | 'integer' | 'number', Check>> = {
  string: (value) => typeof value === 'string',
  integer: (value) => Number.isSafeInteger(value),
  number: (value) => typeof value === 'number' && Number.isFinite(value),
};

const checks = new Map<SpecObjectName, Check>();

/** The compiled check of an object type, made once; the spec's types do not nest themselves, so children compile first. */
function objectCheck(name: SpecObjectName): Check {
  let check = checks.get(name);
  if (!check) {
    check = compileObject(name);
    checks.set(name, check);
  }
  return check;
}

function compileObject(name: SpecObjectName): Check {
  const spec = SPEC_OBJECTS[name];
  const names = Object.keys(spec.fields);
  const facts = Object.values(spec.fields);
  const required = facts.map((fact) => fact.required);
  const nullable = facts.map((fact) => fact.nullable);
  const deprecations = facts.map((fact) => fact.deprecated);
  const valueChecks = facts.map(valueCheck);
  const count = names.length;
  return (value) => {
    if (!isObject(value)) return false;
    let present = 0;
    for (let index = 0; index < count; index++) {
      const item = value[names[index] as string];
      if (item === undefined) {
        if (required[index]) return false;
        continue;
      }
      present++;
      const deprecated = deprecations[index];
      if (deprecated && (value[deprecated.replacement] !== undefined) === (deprecated.reported === 'besideReplacement')) return false;
      if (item === null) {
        if (!nullable[index]) return false;
        continue;
      }
      if (!(valueChecks[index] as Check)(item)) return false;
    }
    // No field the spec does not have: as many keys as spec fields present. (Parsed JSON has only
    // own, enumerable keys, so for…in counts exactly those.)
    let keys = 0;
    for (const _ in value) keys++;
    return keys === present;
  };
}

function valueCheck(fact: SpecField): Check {
  const { type, known } = fact;
  if (typeof type === 'string') {
    const scalar = SCALAR[type];
    if (!known) return scalar;
    const values = new Set(known);
    return (value) => scalar(value) && values.has(value as string);
  }
  if ('object' in type) return objectCheck(type.object);
  if ('arrayOf' in type) {
    const item = objectCheck(type.arrayOf);
    return (value) => {
      if (!Array.isArray(value)) return false;
      for (let index = 0; index < value.length; index++) if (!item(value[index])) return false;
      return true;
    };
  }
  const item = objectCheck(type.recordOfArraysOf);
  return (value) => {
    if (!isObject(value)) return false;
    for (const key in value) {
      const items = value[key];
      if (!Array.isArray(items)) return false;
      for (let index = 0; index < items.length; index++) if (!item(items[index])) return false;
    }
    return true;
  };
}

/** True exactly when the lens's walk finds no deviation in `body` as `operation`'s response. */
export function isSpecExact(operation: ContractOperation, body: unknown): boolean {
  return objectCheck(OPERATION_ROOTS[operation].object)(body);
}
