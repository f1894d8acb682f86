// A bounded memo of what a notebook run works out again from the same text (a cell's parse, its
// operation): the most recently used entries kept, the oldest dropped first.
export class RecentlyUsed<V> {
  readonly #entries = new Map<string, V>();

  constructor(private readonly kept: number) {}

  /** The value for `key`, worked out by `make` when it is not kept; shared, so read-only to callers. */
  get(key: string, make: () => V): V {
    let value = this.#entries.get(key);
    if (value === undefined) {
      value = make();
      if (this.#entries.size >= this.kept) this.#entries.delete(this.#entries.keys().next().value!);
    } else {
      this.#entries.delete(key);
    }
    this.#entries.set(key, value);
    return value;
  }
}
