// The identifiers a recorded run met — the arguments it sent (a client_user_id to resolve, a user_id
// whose readings it read) and every user_id, team_id and client_user_id in the bodies that came back —
// each with the pseudonym the fixtures hold for it (the same Pseudonyms, the same secret), so a
// notebook's text can be rewritten to name what the fixtures name.
import type { FixtureExchange } from '../../scrub/fixtureWriter';
import { replaceWhole } from '../../scrub/bodyScrubber';
import type { Pseudonyms } from '../../scrub/pseudonyms';

/** Shorter ids are not replaced inside text (a `1` would be replaced everywhere), as in the body scrubber. */
const SHORTEST_ID = 4;

export class RecordedIdentifiers {
  readonly #pseudonymOf = new Map<string, string>();
  #longestFirst: [string, string][] | undefined;

  constructor(private readonly pseudonyms: Pseudonyms) {}

  #learn(original: string, pseudonym: string): void {
    if (this.#pseudonymOf.has(original)) return;
    this.#pseudonymOf.set(original, pseudonym);
    this.#longestFirst = undefined;
  }

  learnExchange(exchange: FixtureExchange): void {
    const { operation } = exchange;
    if (operation.name === 'resolveUser') this.#learn(operation.args[0], this.pseudonyms.clientUserId(operation.args[0], false));
    if (operation.name === 'getGroupedBloodPressure') this.#learn(operation.args[0], this.pseudonyms.uuid(operation.args[0], false));
    this.#learnBody(exchange.body, '');
  }

  #learnBody(value: unknown, key: string): void {
    if (typeof value === 'string') {
      if (key === 'user_id' || key === 'team_id') this.#learn(value, this.pseudonyms.uuid(value, false));
      else if (key === 'client_user_id') this.#learn(value, this.pseudonyms.clientUserId(value, false));
    } else if (typeof value === 'number') {
      if (key === 'user_id' || key === 'team_id' || key === 'client_user_id') this.#learn(String(value), String(this.pseudonyms.number(value)));
    } else if (Array.isArray(value)) {
      for (const item of value) this.#learnBody(item, key);
    } else if (typeof value === 'object' && value !== null) {
      for (const [field, item] of Object.entries(value)) this.#learnBody(item, field);
    }
  }

  /** How many distinct identifiers the run met. */
  get size(): number {
    return this.#pseudonymOf.size;
  }

  /** The pseudonym of exactly this identifier, if the run met it. */
  pseudonymOf(original: string): string | undefined {
    return this.#pseudonymOf.get(original);
  }

  /** `text` with every identifier the run met, standing as a whole word, replaced by its pseudonym. */
  replaceIn(text: string): string {
    this.#longestFirst ??= [...this.#pseudonymOf].filter(([original]) => original.length >= SHORTEST_ID).sort(([a], [b]) => b.length - a.length);
    let out = text;
    for (const [original, pseudonym] of this.#longestFirst) if (out.includes(original)) out = replaceWhole(out, original, pseudonym);
    return out;
  }
}
