// Stable pseudonyms from a keyed hash (HMAC-SHA256 with the workspace's secret): the same input and
// the same secret give the same pseudonym in every body and every request path, so relationships
// survive; without the secret nothing can be reversed. Each HMAC is computed once per distinct input.
import { createHmac } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => value.length === 36 && UUID.test(value);

/** The shortest a dates offset can be (weeks back), and how many weeks it may add. */
const MIN_WEEKS_BACK = 4;
const WEEK_CHOICES = 100;

export class Pseudonyms {
  private readonly digests = new Map<string, string>();
  private readonly offsets = new Map<string, number>();
  /** Distinct identifiers pseudonymised so far (for the report). */
  readonly replaced = new Set<string>();

  constructor(private readonly secret: string) {}

  private digest(purpose: string, value: string): string {
    const key = `${purpose}\u0000${value}`;
    let found = this.digests.get(key);
    if (found === undefined) {
      found = createHmac('sha256', this.secret).update(key).digest('hex');
      this.digests.set(key, found);
    }
    return found;
  }

  /** A UUID has one identity whatever its letter case. */
  private identity(value: string): string {
    return isUuid(value) ? value.toLowerCase() : value;
  }

  /** Counts `value` as replaced (a pseudonym computed ahead, used later inside text). */
  count(value: string): void {
    this.replaced.add(this.identity(value));
  }

  /** A version-4-shaped UUID, so a contract check still sees a well-formed id. `counted` false: computed ahead, not yet used. */
  uuid(value: string, counted = true): string {
    const identity = this.identity(value);
    if (counted) this.replaced.add(identity);
    const hex = this.digest('id', identity);
    const variant = '89ab'[parseInt(hex.charAt(16), 16) & 3];
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }

  /** A readable client id: `user-<12 hex digits>`. */
  clientUserId(value: string, counted = true): string {
    const identity = this.identity(value);
    if (counted) this.replaced.add(identity);
    return `user-${this.digest('id', identity).slice(0, 12)}`;
  }

  /** An id sent as a number (against the spec) stays a number, of at most 12 digits. */
  number(value: number): number {
    const identity = String(value);
    this.replaced.add(identity);
    return parseInt(this.digest('id', identity).slice(0, 10), 16) % 1_000_000_000_000;
  }

  /** Paging cursors are opaque and may encode a user: `cursor-<16 hex digits>`, the same cursor giving the same one. */
  cursor(value: string): string {
    return `cursor-${this.digest('cursor', value).slice(0, 16)}`;
  }

  /**
   * Whole days a person's dates move: a negative multiple of 7 (4 to 103 weeks back), so the weekday
   * stays too. `person` undefined: the one offset of this secret, for a body that comes without its user.
   */
  dayOffset(person: string | undefined): number {
    const identity = person === undefined ? '' : this.identity(person);
    let days = this.offsets.get(identity);
    if (days === undefined) {
      const word = parseInt(this.digest('days', identity).slice(0, 8), 16);
      days = -7 * (MIN_WEEKS_BACK + (word % WEEK_CHOICES));
      this.offsets.set(identity, days);
    }
    return days;
  }
}
