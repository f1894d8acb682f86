// One pass over a parsed body, building the scrubbed copy (the caller's body is never changed):
// ids become pseudonyms, dates tied to a person move by that person's offset, free text that looks
// personal is removed, and everything else — values, nulls, unknown fields, field order — is copied
// as it is. Decisions are made per field name, not per operation, so a vendor's extra fields and
// shapes nobody described are scrubbed by the same rules.
import { PROVIDER_CAPABILITIES } from '../api/providerCapabilities';
import { DateShifter, isDateString, yearOnly } from './dateShift';
import { looksPersonal, REMOVED } from './freeText';
import { isUuid, type Pseudonyms } from './pseudonyms';
import type { ScrubReport } from './scrubTypes';

const KNOWN_PROVIDER_TEXT: ReadonlySet<string> = new Set(PROVIDER_CAPABILITIES.flatMap((provider) => [provider.slug, provider.name]));

const UUID_INSIDE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const BIRTH_KEY = /birth|(?:^|_)dob(?:$|_)/i;

type Json = Record<string, unknown>;

const isWordCode = (code: number): boolean => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

/** Replaces `original` where it stands as a whole (`app-3` in "app-3 moved", not in "app-39"). */
export function replaceWhole(text: string, original: string, replacement: string): string {
  let out = '';
  let from = 0;
  for (let at = text.indexOf(original); at >= 0; at = text.indexOf(original, at + original.length)) {
    const end = at + original.length;
    if (isWordCode(text.charCodeAt(at - 1)) || isWordCode(text.charCodeAt(end))) continue;
    out += text.slice(from, at) + replacement;
    from = end;
  }
  return from === 0 ? text : out + text.slice(from);
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field's own string value as an id, if it is one the body holds. */
function personOf(object: Json): string | undefined {
  const id = object.user_id ?? object.client_user_id;
  return typeof id === 'string' ? id : undefined;
}

export class BodyScrubber {
  private readonly texts = new Map<string, string>();
  private readonly shifters = new Map<number, DateShifter>();
  private shifter: DateShifter;
  /** Ids the body (or its request) holds → their pseudonyms, replaced wherever they recur inside text. */
  private readonly knownIds = new Map<string, string>();
  datesShifted = 0;
  textRemoved = 0;

  /** `person`: whose dates a body without users holds (the blood-pressure path's user); undefined: the secret's own offset. */
  constructor(
    private readonly pseudonyms: Pseudonyms,
    person: string | undefined,
  ) {
    this.shifter = this.shifterFor(person);
    if (person !== undefined) this.learnId(person, isUuid(person) ? pseudonyms.uuid(person, false) : pseudonyms.clientUserId(person, false));
  }

  private shifterFor(person: string | undefined): DateShifter {
    const days = this.pseudonyms.dayOffset(person);
    let shifter = this.shifters.get(days);
    if (!shifter) {
      shifter = new DateShifter(days);
      this.shifters.set(days, shifter);
    }
    return shifter;
  }

  private learnId(original: string, pseudonym: string): void {
    if (original.length >= 4 && !this.knownIds.has(original)) {
      this.knownIds.set(original, pseudonym);
      this.texts.clear();
    }
  }

  /** Reads the ids of a user or a user list first, so text anywhere in the body that repeats them is caught. */
  learnIdsOf(body: unknown): void {
    const users = isObject(body) && Array.isArray(body.users) ? body.users : [body];
    for (const user of users) if (isObject(user)) this.learnIdsOfObject(user);
  }

  /** The same at any depth, for JSON of any shape (a tool result, a notebook output). */
  learnIdsAnywhere(value: unknown): void {
    if (Array.isArray(value)) for (const item of value) this.learnIdsAnywhere(item);
    else if (isObject(value)) {
      this.learnIdsOfObject(value);
      for (const field in value) this.learnIdsAnywhere(value[field]);
    }
  }

  private learnIdsOfObject(user: Json): void {
    for (const key of ['user_id', 'team_id'] as const) {
      const id = user[key];
      if (typeof id === 'string') this.learnId(id, this.pseudonyms.uuid(id, false));
    }
    const client = user.client_user_id;
    if (typeof client === 'string') this.learnId(client, this.pseudonyms.clientUserId(client, false));
  }

  report(): ScrubReport {
    return { pseudonymised: this.pseudonyms.replaced.size, datesShifted: this.datesShifted, textRemoved: this.textRemoved };
  }

  value(key: string, value: unknown, parentKey: string): unknown {
    if (typeof value === 'string') return this.string(key, value, parentKey);
    if (typeof value !== 'object' || value === null) {
      return typeof value === 'number' && (key === 'user_id' || key === 'team_id' || key === 'client_user_id') ? this.pseudonyms.number(value) : value;
    }
    if (Array.isArray(value)) {
      const out = value.slice();
      for (let index = 0; index < value.length; index++) {
        const item: unknown = value[index];
        const scrubbed = this.value(key, item, parentKey);
        if (scrubbed !== item) out[index] = scrubbed;
      }
      return out;
    }
    return this.object(key, value as Json);
  }

  /**
   * A copy made by spreading (one fast clone with the same hidden class, not field by field), then
   * only the fields that change written into it: a page of readings costs one object per reading.
   */
  private object(key: string, object: Json): Json {
    const person = personOf(object);
    const outer = this.shifter;
    if (person !== undefined) this.shifter = this.shifterFor(person);
    const out: Json = { ...object };
    for (const field in object) {
      const value = object[field];
      const scrubbed = this.value(field, value, key);
      if (scrubbed === value) continue;
      // A field named __proto__ (JSON allows it) stays a field, never becomes the prototype.
      if (field === '__proto__') Object.defineProperty(out, field, { value: scrubbed, enumerable: true, writable: true, configurable: true });
      else out[field] = scrubbed;
    }
    this.shifter = outer;
    return out;
  }

  string(key: string, value: string, parentKey: string): string {
    switch (key) {
      case 'user_id':
      case 'team_id':
        return this.pseudonyms.uuid(value);
      case 'client_user_id':
        // Teams do put e-mail addresses and phone numbers here: said in the report, never kept.
        if (looksPersonal(value)) this.textRemoved++;
        return this.pseudonyms.clientUserId(value);
      case 'next_cursor':
      case 'next':
      case 'cursor':
      case 'nextCursor':
        return this.pseudonyms.cursor(value);
    }
    if (isDateString(value)) {
      this.datesShifted++;
      if (BIRTH_KEY.test(key) || (key === 'value' && BIRTH_KEY.test(parentKey))) return yearOnly(value);
      return this.shifter.shift(value);
    }
    // A device id or a type recurs on every reading: what it became is looked up before any test.
    const known = this.known(value);
    if (known !== undefined) return known;
    if (isUuid(value)) {
      const pseudonym = this.pseudonyms.uuid(value);
      this.texts.set(value, pseudonym);
      return pseudonym;
    }
    return this.text(value);
  }

  /** What `value` became the last time, counted again where it was removed; undefined when it is new. */
  private known(value: string): string | undefined {
    const scrubbed = this.texts.get(value);
    if (scrubbed === REMOVED && value !== REMOVED) this.textRemoved++;
    return scrubbed;
  }

  /** Free text: known ids and embedded UUIDs replaced by their pseudonyms; removed whole when it still looks personal. */
  text(value: string): string {
    let scrubbed = this.known(value);
    if (scrubbed !== undefined) return scrubbed;
    scrubbed = value;
    if (!KNOWN_PROVIDER_TEXT.has(value)) {
      if (scrubbed.length >= 36 && scrubbed.includes('-')) scrubbed = scrubbed.replace(UUID_INSIDE, (uuid) => this.pseudonyms.uuid(uuid));
      for (const [original, pseudonym] of this.knownIds) {
        if (!scrubbed.includes(original)) continue;
        const replaced = replaceWhole(scrubbed, original, pseudonym);
        if (replaced !== scrubbed) this.pseudonyms.count(original);
        scrubbed = replaced;
      }
      if (looksPersonal(scrubbed)) {
        scrubbed = REMOVED;
        this.textRemoved++;
      }
    }
    this.texts.set(value, scrubbed);
    return scrubbed;
  }

  /** A date argument of a request: moved by the current person's offset. */
  date(value: string): string {
    if (!isDateString(value)) return this.text(value);
    this.datesShifted++;
    return this.shifter.shift(value);
  }
}
