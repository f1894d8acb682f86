// The contract lens: walks a parsed response along the spec's table (specFacts.ts) and names every
// way it differs: a required field missing, null where the spec allows none, another type, a field
// the spec does not have, an open value not seen before, a deprecated field in use. It reads, never
// refuses: the tolerant reader (src/api/schemas.ts) has already decided what can be shown.
// src/api/contract/specExact.ts answers "no deviation at all?" without allocating, and is held to
// the same verdicts as this walk by test/unit/contractLens.test.ts.
import { formatPath, type DeviationCollector, type PlaceCounter } from './deviations';
import { describeType, SPEC_OBJECTS, type SpecField, type SpecObject, type SpecObjectName } from './specFacts';

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

/** One place of the response's shape (`markers[*].expected_results[*]`): its pattern and how many objects were met there. */
class Place implements PlaceCounter {
  visits = 0;
  private fields: Map<string, Place> | undefined;
  private itemPlace: Place | undefined;
  private keyPlace: Place | undefined;

  constructor(readonly pattern: string) {}

  field(name: string): Place {
    this.fields ??= new Map();
    let place = this.fields.get(name);
    if (!place) {
      const segment = /^[A-Za-z_$][\w$]*$/.test(name) ? (this.pattern === '' ? name : `.${name}`) : `[${JSON.stringify(name)}]`;
      place = new Place(this.pattern + segment);
      this.fields.set(name, place);
    }
    return place;
  }

  item(): Place {
    return (this.itemPlace ??= new Place(`${this.pattern}[*]`));
  }

  key(): Place {
    return (this.keyPlace ??= new Place(`${this.pattern}.*`));
  }
}

interface CompiledObject {
  spec: SpecObject;
  names: string[];
  fields: SpecField[];
  /** What the spec says about the object's fields, for a field it does not have. */
  listed: string;
  /** Per field with known values: what the spec says, and the values the product knows. */
  knownSays: (string | undefined)[];
}

const compiled = new Map<SpecObjectName, CompiledObject>();
function compiledObject(name: SpecObjectName): CompiledObject {
  let found = compiled.get(name);
  if (!found) {
    const spec = SPEC_OBJECTS[name];
    const names = Object.keys(spec.fields);
    const fields = Object.values(spec.fields);
    found = {
      spec,
      names,
      fields,
      listed: `${spec.label} (${spec.section}) has the fields ${names.join(', ')}`,
      knownSays: fields.map((fact) => (fact.known ? `${fact.says}. Values the product knows: ${fact.known.join(', ')}` : undefined)),
    };
    compiled.set(name, found);
  }
  return found;
}

class Walk {
  private readonly segments: (string | number)[] = [];
  private readonly path = (): string => formatPath(this.segments);

  constructor(private readonly out: DeviationCollector) {}

  object(name: SpecObjectName, value: Json, place: Place): void {
    const { spec, names, fields, listed, knownSays } = compiledObject(name);
    for (let index = 0; index < names.length; index++) {
      const field = names[index] as string;
      const fact = fields[index] as SpecField;
      const item = value[field];
      this.segments.push(field);
      const at = place.field(field);
      const deprecated = fact.deprecated;
      if (deprecated && item !== undefined) {
        const replaced = value[deprecated.replacement] !== undefined;
        if (replaced === (deprecated.reported === 'besideReplacement')) {
          this.out.add('deprecated', at.pattern, this.path, deprecated.says, deprecated.section, undefined, place);
        }
      }
      if (item === undefined) {
        if (fact.required) this.out.add('missingRequired', at.pattern, this.path, fact.says, spec.section, undefined, place);
      } else if (item === null) {
        if (!fact.nullable) this.out.add('nullNotAllowed', at.pattern, this.path, fact.says, spec.section, undefined, place);
      } else {
        this.value(fact, item, at, place, spec.section, knownSays[index]);
      }
      this.segments.pop();
    }
    for (const field in value) {
      if (Object.hasOwn(spec.fields, field)) continue;
      this.segments.push(field);
      this.out.add('unknownField', place.field(field).pattern, this.path, listed, spec.section, undefined, place);
      this.segments.pop();
    }
  }

  private value(fact: SpecField, value: unknown, at: Place, parent: Place, section: string, knownSays: string | undefined): void {
    const { type } = fact;
    if (typeof type === 'string') {
      if (!hasScalarType(type, value)) {
        this.out.add('unexpectedType', at.pattern, this.path, fact.says, section, jsonTypeOf(value), parent);
      } else if (fact.known && !fact.known.includes(value as string)) {
        this.out.add('unknownValue', at.pattern, this.path, knownSays ?? fact.says, section, value as string, parent);
      }
      return;
    }
    if ('object' in type) {
      if (!isObject(value)) return this.out.add('unexpectedType', at.pattern, this.path, fact.says, section, jsonTypeOf(value), parent);
      at.visits++;
      return this.object(type.object, value, at);
    }
    if ('arrayOf' in type) {
      if (!Array.isArray(value)) return this.out.add('unexpectedType', at.pattern, this.path, fact.says, section, jsonTypeOf(value), parent);
      return this.items(type.arrayOf, value, at);
    }
    if (!isObject(value)) return this.out.add('unexpectedType', at.pattern, this.path, fact.says, section, jsonTypeOf(value), parent);
    const keys = at.key();
    for (const key in value) {
      keys.visits++;
      this.segments.push(key);
      const items = value[key];
      if (Array.isArray(items)) this.items(type.recordOfArraysOf, items, keys);
      else this.out.add('unexpectedType', keys.pattern, this.path, fact.says, section, jsonTypeOf(items), keys);
      this.segments.pop();
    }
  }

  private items(name: SpecObjectName, items: readonly unknown[], at: Place): void {
    const place = at.item();
    const says = describeType({ arrayOf: name });
    for (let index = 0; index < items.length; index++) {
      const item = items[index];
      place.visits++;
      this.segments.push(index);
      if (isObject(item)) this.object(name, item, place);
      else this.out.add('unexpectedType', place.pattern, this.path, says, SPEC_OBJECTS[name].section, jsonTypeOf(item), place);
      this.segments.pop();
    }
  }
}

/** Every deviation of `body`, read as the spec's object `root`, added to `out`. */
export function walkContract(root: SpecObjectName, body: unknown, out: DeviationCollector): void {
  const place = new Place('');
  place.visits = 1;
  const walk = new Walk(out);
  if (isObject(body)) walk.object(root, body, place);
  else out.add('unexpectedType', '', '', `${SPEC_OBJECTS[root].label} object`, SPEC_OBJECTS[root].section, jsonTypeOf(body));
}
