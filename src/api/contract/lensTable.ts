// What the contract lens's walk (lens.ts) looks things up in: the places of a response's shape, each
// spec object compiled once (its fields in order, the texts its deviations carry), and a reader
// object check laid beside a spec object (which of the reader's checks goes with which spec field).
import type { ObjectShape, ShapedCheck } from '../shapedChecks';
import type { PlaceCounter } from './deviations';
import { SPEC_OBJECTS, type SpecField, type SpecObject, type SpecObjectName } from './specFacts';

/** One place of the response's shape (`markers[*].expected_results[*]`): its pattern and how many objects were met there. */
export class Place implements PlaceCounter {
  visits = 0;
  private fields: Map<string, Place> | undefined;
  private itemPlace: Place | undefined;
  private keyPlace: Place | undefined;
  /** The places of the spec's fields, by their index in the spec object (no name lookup per object). */
  private specFields: Place[] | undefined;

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

  /** The place of the spec field `name`, the `index`th of its object. */
  specField(index: number, name: string): Place {
    this.specFields ??= [];
    return (this.specFields[index] ??= this.field(name));
  }

  item(): Place {
    return (this.itemPlace ??= new Place(`${this.pattern}[*]`));
  }

  key(): Place {
    return (this.keyPlace ??= new Place(`${this.pattern}.*`));
  }
}

export interface CompiledObject {
  name: SpecObjectName;
  spec: SpecObject;
  names: string[];
  /** The same names, to tell a field the spec does not have. */
  known: ReadonlySet<string>;
  fields: SpecField[];
  /** What the spec says about the object's fields, for a field it does not have. */
  listed: string;
  /** Per field with known values: what the spec says, and the values the product knows. */
  knownSays: (string | undefined)[];
  /** The reader's checks beside the spec's fields, per reader object shape met here. */
  pairings: Map<ObjectShape, ReaderPairing>;
}

/** A reader object check laid beside a spec object: its check of each spec field, and its own other fields. */
export interface ReaderPairing {
  bySpecField: (ShapedCheck | undefined)[];
  otherNames: string[];
  otherChecks: ShapedCheck[];
  also: ((value: unknown) => boolean) | undefined;
}

const compiled = new Map<SpecObjectName, CompiledObject>();

export function compiledObject(name: SpecObjectName): CompiledObject {
  let found = compiled.get(name);
  if (!found) {
    const spec = SPEC_OBJECTS[name];
    const names = Object.keys(spec.fields);
    const fields = Object.values(spec.fields);
    found = {
      name,
      spec,
      names,
      known: new Set(names),
      fields,
      listed: `${spec.label} (${spec.section}) has the fields ${names.join(', ')}`,
      knownSays: fields.map((fact) => (fact.known ? `${fact.says}. Values the product knows: ${fact.known.join(', ')}` : undefined)),
      pairings: new Map(),
    };
    compiled.set(name, found);
  }
  return found;
}

export function pairingOf(object: CompiledObject, reader: ObjectShape): ReaderPairing {
  let pairing = object.pairings.get(reader);
  if (!pairing) {
    const others = [...reader.fields].filter(([name]) => !object.known.has(name));
    pairing = {
      bySpecField: object.names.map((name) => reader.fields.get(name)),
      otherNames: others.map(([name]) => name),
      otherChecks: others.map(([, check]) => check),
      also: reader.also,
    };
    object.pairings.set(reader, pairing);
  }
  return pairing;
}
