// The contract lens: walks a parsed response along the spec's table (specFacts.ts) and names every
// way it differs: a required field missing, null where the spec allows none, another type, a field
// the spec does not have, an open value not seen before, a deprecated field in use. It reads, never
// refuses: the tolerant reader (src/api/schemas.ts) has already decided what can be shown.
// src/api/contract/specExact.ts answers "no deviation at all?" without allocating, and is held to
// the same verdicts as this walk by test/unit/contractLens.test.ts. Given the reader's check (built
// from src/api/shapedChecks.ts), the walk also runs it on the way, field by field, and says whether
// the reader accepts the body: one pass over a body that is not spec-exact instead of two.
import { structureOf, type ShapedCheck } from '../shapedChecks';
import { formatPath, type DeviationCollector, type PlaceCounter } from './deviations';
import { compiledObject, pairingOf, Place, type CompiledObject, type ReaderPairing } from './lensTable';
import { describeType, SPEC_OBJECTS, type SpecField, type SpecObjectName } from './specFacts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON's name of a value's type, as a deviation reports it. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isSafeInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Whether `value` (neither undefined nor null) has the spec's scalar type. */
export function hasScalarType(type: 'string' | 'integer' | 'number', value: unknown): boolean {
  if (type === 'string') return typeof value === 'string';
  if (type === 'integer') return Number.isSafeInteger(value);
  return typeof value === 'number' && Number.isFinite(value);
}

/** Called with every object of one spec type the walk meets: its path's segments (read them at once: they change) and its place. */
export interface ObjectVisitor {
  readonly name: SpecObjectName;
  visit(value: Json, segments: readonly (string | number)[], place: PlaceCounter): void;
}

/** The reader's check of the items of an array the walk goes into, and its pairing when they are objects. */
interface ItemReader {
  check: ShapedCheck;
  pairing: ReaderPairing | undefined;
}

class Walk {
  private readonly segments: (string | number)[] = [];
  /** The field being looked at, not in `segments` until the walk goes into its value. */
  private leaf: string | undefined;
  private readonly path = (): string => formatPath(this.leaf === undefined ? this.segments : [...this.segments, this.leaf]);
  /** Whether the reader's check (when one was given) holds for everything walked so far. */
  accepted = true;

  constructor(
    private readonly out: DeviationCollector,
    private readonly visitor?: ObjectVisitor,
  ) {}

  /** `pairing`: the reader's check of this object, run on the way (absent: the lens alone). */
  object(compiled: CompiledObject, value: Json, place: Place, pairing: ReaderPairing | undefined): void {
    const { spec, names, fields, known, listed, knownSays } = compiled;
    const reading = pairing !== undefined && this.accepted;
    if (reading) {
      const { otherNames, otherChecks, also } = pairing;
      for (let index = 0; index < otherNames.length; index++) this.read(otherChecks[index], value[otherNames[index] as string]);
      if (also && !also(value)) this.accepted = false;
    }
    for (let index = 0; index < names.length; index++) {
      const field = names[index] as string;
      const fact = fields[index] as SpecField;
      const item = value[field];
      const check = reading ? pairing.bySpecField[index] : undefined;
      this.leaf = field;
      const at = place.specField(index, field);
      const deprecated = fact.deprecated;
      if (deprecated && item !== undefined) {
        const replaced = value[deprecated.replacement] !== undefined;
        if (replaced === (deprecated.reported === 'besideReplacement')) {
          this.out.add('deprecated', at.pattern, this.path, deprecated.says, deprecated.section, undefined, place);
        }
      }
      if (item === undefined) {
        if (fact.required) this.out.add('missingRequired', at.pattern, this.path, fact.says, spec.section, undefined, place);
        this.read(check, item);
      } else if (item === null) {
        if (!fact.nullable) this.out.add('nullNotAllowed', at.pattern, this.path, fact.says, spec.section, undefined, place);
        this.read(check, item);
      } else {
        this.value(fact, item, at, place, spec.section, knownSays[index], check);
      }
    }
    for (const field in value) {
      if (known.has(field)) continue;
      this.leaf = field;
      this.out.add('unknownField', place.field(field).pattern, this.path, listed, spec.section, undefined, place);
    }
    this.leaf = undefined;
    if (this.visitor?.name === compiled.name) this.visitor.visit(value, this.segments, place);
  }

  /** The reader's check of a value the walk does not go into with it. */
  private read(check: ShapedCheck | undefined, value: unknown): void {
    if (check && this.accepted && !check(value)) this.accepted = false;
  }

  /** The reader's check of a value the walk goes into, as a structure of `kind` when it is one (else run here). */
  private inner<K extends 'object' | 'arrayOf' | 'recordOf'>(check: ShapedCheck | undefined, kind: K, value: unknown): Extract<ReturnType<typeof structureOf>, { kind: K }> | undefined {
    if (!check || !this.accepted) return undefined;
    const structure = structureOf(check);
    if (structure?.kind === kind) return structure as Extract<ReturnType<typeof structureOf>, { kind: K }>;
    this.read(check, value);
    return undefined;
  }

  private value(fact: SpecField, value: unknown, at: Place, parent: Place, section: string, knownSays: string | undefined, check: ShapedCheck | undefined): void {
    const { type } = fact;
    if (typeof type === 'string') {
      if (!hasScalarType(type, value)) {
        this.out.add('unexpectedType', at.pattern, this.path, fact.says, section, jsonTypeOf(value), parent);
      } else if (fact.known && !fact.known.includes(value as string)) {
        this.out.add('unknownValue', at.pattern, this.path, knownSays ?? fact.says, section, value as string, parent);
      }
      this.read(check, value);
      return;
    }
    const isArray = Array.isArray(value);
    if ('arrayOf' in type ? !isArray : !isObject(value)) {
      this.read(check, value);
      return this.out.add('unexpectedType', at.pattern, this.path, fact.says, section, jsonTypeOf(value), parent);
    }
    // Into the value: the field becomes a segment of the path.
    this.segments.push(this.leaf as string);
    this.leaf = undefined;
    if ('object' in type) {
      at.visits++;
      const structure = this.inner(check, 'object', value);
      const object = compiledObject(type.object);
      this.object(object, value as Json, at, structure && pairingOf(object, structure));
    } else if ('arrayOf' in type) {
      this.items(compiledObject(type.arrayOf), value as unknown[], at, this.inner(check, 'arrayOf', value)?.item);
    } else {
      this.record(fact, type.recordOfArraysOf, value as Json, at, section, this.inner(check, 'recordOf', value)?.item);
    }
    this.segments.pop();
  }

  /** An object of arrays (grouped blood pressure's `groups`); `itemCheck`: the reader's check of each of its values. */
  private record(fact: SpecField, name: SpecObjectName, value: Json, at: Place, section: string, itemCheck: ShapedCheck | undefined): void {
    const object = compiledObject(name);
    const keys = at.key();
    for (const key in value) {
      keys.visits++;
      this.segments.push(key);
      const items = value[key];
      // The reader's record check reads own keys only (parsed JSON has no others).
      const check = itemCheck && Object.hasOwn(value, key) ? itemCheck : undefined;
      if (Array.isArray(items)) this.items(object, items, keys, this.inner(check, 'arrayOf', items)?.item);
      else {
        this.read(check, items);
        this.out.add('unexpectedType', keys.pattern, this.path, fact.says, section, jsonTypeOf(items), keys);
      }
      this.segments.pop();
    }
  }

  private items(object: CompiledObject, items: readonly unknown[], at: Place, itemCheck: ShapedCheck | undefined): void {
    const place = at.item();
    const says = describeType({ arrayOf: object.name });
    const reader = itemCheck && this.itemReader(object, itemCheck);
    for (let index = 0; index < items.length; index++) {
      const item = items[index];
      place.visits++;
      this.segments.push(index);
      if (isObject(item)) {
        if (reader && !reader.pairing) this.read(reader.check, item);
        this.object(object, item, place, reader?.pairing);
      } else {
        this.read(reader?.check, item);
        this.out.add('unexpectedType', place.pattern, this.path, says, object.spec.section, jsonTypeOf(item), place);
      }
      this.segments.pop();
    }
  }

  private itemReader(object: CompiledObject, check: ShapedCheck): ItemReader {
    const structure = structureOf(check);
    return { check, pairing: structure?.kind === 'object' ? pairingOf(object, structure) : undefined };
  }
}

export interface WalkOptions {
  /** The reader's check of the whole body, run inside the walk (see walkContract's answer). */
  reader?: ShapedCheck;
  visitor?: ObjectVisitor;
}

/**
 * Every deviation of `body`, read as the spec's object `root`, added to `out`. With `reader`: whether
 * the reader's check accepts the body (the same verdict as `reader(body)`), else true.
 */
export function walkContract(root: SpecObjectName, body: unknown, out: DeviationCollector, options: WalkOptions = {}): boolean {
  const place = new Place('');
  place.visits = 1;
  const walk = new Walk(out, options.visitor);
  const { reader } = options;
  if (isObject(body)) {
    const object = compiledObject(root);
    const structure = reader && structureOf(reader);
    if (reader && structure?.kind !== 'object') walk.accepted = reader(body);
    walk.object(object, body, place, structure?.kind === 'object' ? pairingOf(object, structure) : undefined);
  } else {
    if (reader) walk.accepted = reader(body);
    out.add('unexpectedType', '', '', `${SPEC_OBJECTS[root].label} object`, SPEC_OBJECTS[root].section, jsonTypeOf(body));
  }
  return walk.accepted;
}
