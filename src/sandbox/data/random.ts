// Deterministic randomness for the sample data. Every value is derived from a hash of
// (seed, ...coordinates), so any user, day or reading can be generated on its own, lazily,
// without materialising or replaying the data before it.

/** 32-bit avalanche mix (the finaliser of MurmurHash3). */
function mix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Unsigned 32-bit hash of a list of integers (order matters). */
export function hashInts(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h = mix32(h ^ mix32(part >>> 0) ^ Math.floor(part / 0x1_0000_0000));
    h = (Math.imul(h, 5) + 0xe6546b64) >>> 0;
  }
  return mix32(h ^ parts.length);
}

/** Unsigned 32-bit hash of a string (FNV-1a, then mixed). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

export type Random = () => number;

/** mulberry32: a small, fast PRNG with a 32-bit state; returns floats in [0, 1). */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A PRNG for one coordinate of the data, e.g. rng(seed, userIndex, day). */
export function rng(...parts: number[]): Random {
  return mulberry32(hashInts(...parts));
}

export function intBetween(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick() from an empty list');
  return item;
}

/** Approximately normal (Irwin–Hall with 4 terms), mean 0, standard deviation ~1. */
export function gaussian(random: Random): number {
  return (random() + random() + random() + random() - 2) * Math.sqrt(3);
}

/** Distinct items picked in random order. */
export function pickDistinct<T>(random: Random, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length > 0) {
    const [item] = pool.splice(Math.floor(random() * pool.length), 1);
    if (item !== undefined) out.push(item);
  }
  return out;
}

const HALF_BITS = 12;
const HALF_MASK = (1 << HALF_BITS) - 1;
const ROUNDS = 4;

/**
 * A keyed bijection on 24-bit integers (a small Feistel network). User indices go through it
 * before they appear in ids, so ids look random yet map back to the index without a table.
 */
export function permute24(key: number, value: number): number {
  let left = (value >>> HALF_BITS) & HALF_MASK;
  let right = value & HALF_MASK;
  for (let round = 0; round < ROUNDS; round++) {
    const next = left ^ (hashInts(key, round, right) & HALF_MASK);
    left = right;
    right = next;
  }
  return ((left << HALF_BITS) | right) >>> 0;
}

export function unpermute24(key: number, value: number): number {
  let left = (value >>> HALF_BITS) & HALF_MASK;
  let right = value & HALF_MASK;
  for (let round = ROUNDS - 1; round >= 0; round--) {
    const previous = right ^ (hashInts(key, round, left) & HALF_MASK);
    right = left;
    left = previous;
  }
  return ((left << HALF_BITS) | right) >>> 0;
}

export const MAX_PERMUTED = 1 << 24;

const hex = (value: number, digits: number): string => (value >>> 0).toString(16).padStart(digits, '0').slice(-digits);

/**
 * A version-4-shaped uuid from hash words; when `tail` is given its 24 bits end the uuid,
 * which lets a lookup recover whatever was encoded there.
 */
export function uuidFromHash(parts: number[], tail?: number): string {
  const a = hashInts(...parts, 1);
  const b = hashInts(...parts, 2);
  const c = hashInts(...parts, 3);
  const d = hashInts(...parts, 4);
  const variant = (8 + (c >>> 30)).toString(16);
  const node = tail === undefined ? hex(c, 4) + hex(d, 8) : hex(c, 4).slice(0, 2) + hex(d, 4) + hex(tail, 6);
  return `${hex(a, 8)}-${hex(b, 4)}-4${hex(b >>> 16, 3)}-${variant}${hex(c >>> 4, 3)}-${node}`;
}
