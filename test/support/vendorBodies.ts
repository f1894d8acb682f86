// Response bodies the vendor's published schema allows, generated from its facts (vendorFacts.ts)
// and a seed: every field ("full"), required fields only with nullable ones null ("minimal"), or a
// random mix ("mixed"). Each body comes with the deviations from the spec it holds — recorded as
// they are put in — and how many items it holds, so a test can check that the client keeps every
// item and that the contract lens names exactly those deviations.
import { mulberry32, type Random } from '../../src/sandbox/data/random';
import { OPERATION_KINDS, SPEC_KINDS, VENDOR_FACTS, type FieldFact, type Flavour, type VendorKind, type VendorOperation } from './vendorFacts';

export type BodyMode = 'full' | 'minimal' | 'mixed';

/** A path step: a field, an array index, or a key of a record (`groups.omron`). */
export type Segment = string | number | { key: string };

export interface PlantedDeviation {
  kind: 'missingRequired' | 'nullNotAllowed' | 'unknownField' | 'unknownValue' | 'deprecated' | 'pagingMismatch' | 'offsetMismatch';
  segments: Segment[];
  section: string;
  value?: string;
}

export interface ItemCounts {
  users: number;
  connectedSources: number;
  readings: number;
  markers: number;
  expectedResults: number;
}

export interface GeneratedBody {
  operation: VendorOperation;
  mode: BodyMode;
  seed: number;
  body: Record<string, unknown>;
  deviations: PlantedDeviation[];
  counts: ItemCounts;
}

/** The page size the tests ask marker pages with: a page that says no size is read with it. */
export const REQUESTED_MARKER_PAGE_SIZE = 100;

const LIST_SIZES: Partial<Record<VendorKind, readonly [number, number]>> = {
  user: [0, 6],
  connectedSource: [0, 3],
  reading: [0, 8],
  bloodPressureGroup: [1, 2],
  marker: [0, 6],
  expectedResult: [0, 3],
  question: [0, 2],
  answer: [0, 3],
};

const PROVIDERS = ['omron', 'withings', 'ihealth', 'apple_health_kit', 'oura', 'garmin', 'polar'];
const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'UTC', 'Australia/Adelaide'];

class Generator {
  readonly deviations: PlantedDeviation[] = [];
  readonly counts: ItemCounts = { users: 0, connectedSources: 0, readings: 0, markers: 0, expectedResults: 0 };
  private serial = 0;

  constructor(
    private readonly random: Random,
    readonly mode: BodyMode,
    private readonly rootSection: string,
  ) {}

  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.random() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T;
  }

  plant(kind: PlantedDeviation['kind'], segments: Segment[], section: string, value?: string): void {
    this.deviations.push({ kind, segments: [...segments], section, ...(value === undefined ? {} : { value }) });
  }

  private decide(fact: FieldFact): 'value' | 'null' | 'absent' {
    if (this.mode === 'full') return 'value';
    if (this.mode === 'minimal') return fact.required ? (fact.nullable ? 'null' : 'value') : 'absent';
    if (fact.required) return fact.nullable && this.chance(0.35) ? 'null' : 'value';
    const roll = this.random();
    if (roll < 0.3) return 'absent';
    if (roll < 0.55 && fact.nullable) return 'null';
    return 'value';
  }

  /** One object of `kind`; `walked`: the lens reads it (a spec kind reached through spec fields). */
  object(kind: VendorKind, at: Segment[], walked: boolean, context: { key?: string } = {}): Record<string, unknown> {
    const facts = VENDOR_FACTS[kind];
    const out: Record<string, unknown> = {};
    const choices = this.choices(kind);
    for (const [name, fact] of Object.entries(facts)) {
      const choice = choices[name] ?? this.decide(fact);
      const path = [...at, name];
      const spec = walked ? fact.spec : undefined;
      if (walked && !fact.spec && choice !== 'absent') this.plant('unknownField', path, sectionOf(kind, this.rootSection));
      if (choice === 'absent') {
        if (spec?.required) this.plant('missingRequired', path, this.section(spec.section));
        continue;
      }
      if (choice === 'null') {
        if (spec && !spec.nullable) this.plant('nullNotAllowed', path, this.section(spec.section));
        out[name] = null;
        continue;
      }
      out[name] = this.value(kind, name, fact, path, walked && spec !== undefined, context);
    }
    if (walked) this.deprecations(kind, out, at);
    // A reading whose timezone_offset says another wall time than its timestamp's offset.
    if (walked && kind === 'reading' && typeof out.timestamp === 'string' && typeof out.timezone_offset === 'number') {
      const written = writtenOffset(out.timestamp);
      if (written !== undefined && Math.round(out.timezone_offset / 60) * 60 !== written) this.plant('offsetMismatch', [...at, 'timezone_offset'], '2.2');
    }
    this.count(kind);
    return out;
  }

  /** Choices fixed by how the kind works (a price is specified or not), over the mode's. */
  private choices(kind: VendorKind): Record<string, 'value' | 'null' | 'absent'> {
    if (kind === 'price') {
      const specified = this.chance(0.7);
      return specified
        ? { base_amount_minor: 'value', modifiers: this.mode === 'minimal' ? 'absent' : this.pick(['value', 'null', 'absent'] as const), unspecified: 'absent' }
        : { base_amount_minor: 'absent', modifiers: 'absent', unspecified: 'value' };
    }
    return {};
  }

  private value(kind: VendorKind, name: string, fact: FieldFact, at: Segment[], walked: boolean, context: { key?: string }): unknown {
    const { type } = fact;
    if (kind === 'bloodPressureSource' && name === 'provider' && context.key) return context.key;
    if (typeof type === 'object') {
      if ('object' in type) return this.object(type.object, at, walked);
      if ('arrayOf' in type) {
        const [min, max] = LIST_SIZES[type.arrayOf] ?? [0, 3];
        const count = this.mode === 'minimal' ? Math.min(max, min + 1) : this.int(min, max);
        return Array.from({ length: count }, (_, index) => this.object(type.arrayOf, [...at, index], walked));
      }
      if ('recordOfArraysOf' in type) {
        const keys = this.distinct(PROVIDERS, this.mode === 'minimal' ? 1 : this.int(0, 3));
        return Object.fromEntries(
          keys.map((key) => {
            const [min, max] = LIST_SIZES[type.recordOfArraysOf] ?? [1, 2];
            const groups = Array.from({ length: this.int(min, max) }, (_, index) => this.object(type.recordOfArraysOf, [...at, { key }, index], walked, { key }));
            return [key, groups];
          }),
        );
      }
      const keys = Array.from({ length: this.int(0, 3) }, () => String(this.int(1000, 1999)));
      return Object.fromEntries([...new Set(keys)].map((key) => [key, this.object(type.recordOf, [...at, { key }], walked)]));
    }
    if (type === 'grouping') return [this.pick(['cuff', 'app', 'unknown']), this.chance(0.5) ? this.uuid() : null, null, this.chance(0.5) ? this.uuid() : null].slice(0, this.int(1, 4));
    if (type === 'anyList') return this.chance(0.5) ? [] : [{ delta_amount_minor: 250, conditions: { us_state: { any_of: ['NY'] } } }];
    if (type === 'boolean') return this.chance(0.5);
    if (type === 'integer') return this.int(...(fact.range ?? [0, 1000]));
    if (type === 'number') {
      const [min, max] = fact.range ?? [0, 100];
      return this.chance(0.7) ? this.int(min, max) : Math.round((min + this.random() * (max - min)) * 10) / 10;
    }
    if (fact.known) {
      if (fact.unseen && this.chance(0.15)) {
        const unseen = this.pick(fact.unseen);
        if (walked) this.plant('unknownValue', at, this.section(fact.spec?.section ?? '2.2'), unseen);
        return unseen;
      }
      return this.pick(fact.known);
    }
    return this.text(fact.flavour ?? 'text');
  }

  /** A deprecated field in use, as the spec reads it. */
  private deprecations(kind: VendorKind, object: Record<string, unknown>, at: Segment[]): void {
    if (kind === 'groupedBloodPressure' && 'next' in object && !('next_cursor' in object)) this.plant('deprecated', [...at, 'next'], '9');
    if (kind === 'connectedSource' && 'source' in object && 'provider' in object) this.plant('deprecated', [...at, 'source'], '2.1.1');
  }

  private count(kind: VendorKind): void {
    if (kind === 'user') this.counts.users++;
    else if (kind === 'connectedSource') this.counts.connectedSources++;
    else if (kind === 'reading') this.counts.readings++;
    else if (kind === 'marker') this.counts.markers++;
    else if (kind === 'expectedResult') this.counts.expectedResults++;
  }

  private section(section: string): string {
    return section === '4.4' ? this.rootSection : section;
  }

  private distinct(items: readonly string[], count: number): string[] {
    const pool = [...items];
    const out: string[] = [];
    while (out.length < count && pool.length > 0) out.push(pool.splice(this.int(0, pool.length - 1), 1)[0] as string);
    return out;
  }

  uuid(): string {
    const hex = (digits: number): string => Array.from({ length: digits }, () => '0123456789abcdef'[this.int(0, 15)]).join('');
    return `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
  }

  private text(flavour: Flavour): string {
    const n = ++this.serial;
    switch (flavour) {
      case 'uuid':
        return this.uuid();
      case 'dateTime':
        return `2026-${String(this.int(1, 11)).padStart(2, '0')}-${String(this.int(1, 28)).padStart(2, '0')}T${String(this.int(0, 23)).padStart(2, '0')}:${String(this.int(0, 59)).padStart(2, '0')}:00${this.pick(['+00:00', '+02:00', '-05:00', '+09:00'])}`;
      case 'date':
        return `19${this.int(50, 99)}-0${this.int(1, 9)}-1${this.int(0, 9)}`;
      case 'slug':
        return `${this.pick(['cuff', 'sample', 'team', 'lab', 'app'])}-${n}`;
      case 'name':
        return `${this.pick(['Omron', 'Hemoglobin A1c', 'Lipid', 'Ferritin', 'Withings'])} ${n}`;
      case 'logo':
        return `https://storage.example.com/logos/${n}.png`;
      case 'zone':
        return this.pick(ZONES);
      case 'loinc':
        return `${this.int(1000, 99999)}-${this.int(0, 9)}`;
      case 'providerId':
        return String(this.int(1000, 999999)).padStart(6, '0');
      case 'cursor':
        return `cursor-${n}-${this.int(0, 1e6)}`;
      case 'currency':
        return 'USD';
      case 'text':
        return `Text ${n}`;
    }
  }
}

function sectionOf(kind: VendorKind, rootSection: string): string {
  switch (kind) {
    case 'userList':
      return '4.2';
    case 'user':
      return '2.1';
    case 'connectedSource':
    case 'provider':
      return '2.1.1';
    case 'fallbackTimeZone':
      return '2.1.2';
    case 'fallbackBirthDate':
      return '2.1.3';
    case 'groupedBloodPressure':
      return '4.1';
    case 'markerPage':
      return rootSection;
    case 'bloodPressureGroup':
    case 'bloodPressureSource':
    case 'reading':
      return '2.2';
    default:
      return '2.3';
  }
}

/** Paging that adds up, or (now and then, in mixed bodies) on purpose does not. */
function fixPaging(operation: VendorOperation, body: Record<string, unknown>, g: Generator, section: string): void {
  const inject = g.chance(0.2) && g.mode === 'mixed';
  if (operation === 'listUsers') {
    const count = (body.users as unknown[]).length;
    body.offset = g.int(0, 200);
    body.limit = Math.max(1, count + g.int(0, 5));
    body.total = (body.offset as number) + count + g.int(0, 50);
    if (inject && count >= 2 && g.chance(0.5)) {
      body.limit = count - 1;
      g.plant('pagingMismatch', ['users'], '4.2', String(count));
    } else if (inject && (body.offset as number) + count >= 1) {
      body.total = (body.offset as number) + count - 1;
      g.plant('pagingMismatch', ['total'], '4.2', String(body.total));
    }
    return;
  }
  if (operation !== 'labTestMarkers' && operation !== 'orderSetMarkers') return;
  const count = (body.markers as unknown[]).length;
  if (body.size !== null) body.size = Math.max(1, count + g.int(0, 5));
  if (body.page !== null) body.page = g.int(1, 3);
  const size = (body.size as number | null) ?? REQUESTED_MARKER_PAGE_SIZE;
  const shown = (((body.page as number | null) ?? 1) - 1) * size + count;
  // A page shorter than its size is the last: its total is where it ends (issue 28: a total above
  // the end of the last page is a pagingMismatch of its own).
  if (body.total !== null) body.total = count < size ? shown : shown + g.int(0, 20);
  if (body.pages !== null) body.pages = Math.ceil(((body.total as number | null) ?? shown) / size);
  if (inject && body.size !== null && count >= 2 && g.chance(0.5)) {
    body.size = count - 1;
    // The size went down: what earlier pages showed shrinks with it; keep total above it.
    if (body.total !== null) body.total = Math.max(body.total as number, (((body.page as number | null) ?? 1) - 1) * (count - 1) + count);
    // Pages of the new size, so the page is not taken for the last one with a total beyond it.
    if (body.pages !== null) body.pages = Math.max((body.page as number | null) ?? 1, Math.ceil(((body.total as number | null) ?? count) / (count - 1))) + 1;
    g.plant('pagingMismatch', ['markers'], section, String(count));
  } else if (inject && body.total !== null && shown >= 1) {
    body.total = shown - 1;
    g.plant('pagingMismatch', ['total'], section, String(body.total));
  }
}

export function generateBody(operation: VendorOperation, seed: number, mode: BodyMode): GeneratedBody {
  const rootSection = operation === 'labTestMarkers' ? '4.5' : operation === 'orderSetMarkers' ? '4.4' : '';
  const g = new Generator(mulberry32(seed), mode, rootSection);
  const body = g.object(OPERATION_KINDS[operation], [], SPEC_KINDS.has(OPERATION_KINDS[operation]));
  fixPaging(operation, body, g, rootSection);
  return { operation, mode, seed, body, deviations: g.deviations, counts: g.counts };
}

/** `perOperation` bodies for each operation, modes in turn (full, minimal, mixed, mixed, mixed). */
export function generateBodies(perOperation: number, seed = 1): GeneratedBody[] {
  const modes: BodyMode[] = ['full', 'minimal', 'mixed', 'mixed', 'mixed'];
  const operations: VendorOperation[] = ['listUsers', 'resolveUser', 'groupedBloodPressure', 'labTestMarkers', 'orderSetMarkers'];
  const bodies: GeneratedBody[] = [];
  for (const operation of operations) {
    for (let index = 0; index < perOperation; index++) {
      bodies.push(generateBody(operation, seed * 100_003 + operations.indexOf(operation) * 10_007 + index, modes[index % modes.length] as BodyMode));
    }
  }
  return bodies;
}

/** Seconds east of UTC at the end of a timestamp (`Z`, `±HH:MM`, `±HHMM`), read with a pattern of the tests' own. */
export function writtenOffset(timestamp: string): number | undefined {
  if (!/T/.test(timestamp)) return undefined;
  if (/[Zz]$/.test(timestamp)) return 0;
  const match = /([+-])(\d\d):?(\d\d)$/.exec(timestamp);
  if (!match || Number(match[2]) > 23 || Number(match[3]) > 59) return undefined;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 3600 + Number(match[3]) * 60);
}
