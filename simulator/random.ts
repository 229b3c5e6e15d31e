/** Seeded pseudo-random numbers: the simulator's data never depends on Math.random or the wall clock. */

/** mulberry32: small, fast, and good enough for demo data. */
export function createRandom(seed: number) {
  let a = seed >>> 0
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    /** Integer in [min, max]. */
    int: (min: number, max: number): number => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number): boolean => next() < p,
    /** `n` characters drawn from `alphabet`. */
    chars: (n: number, alphabet: string): string =>
      Array.from({ length: n }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''),
  }
}
export type Random = ReturnType<typeof createRandom>

/** FNV-1a: a stable 32-bit seed from any string (an id, a language), so each entity gets its own stream. */
export function hashSeed(...parts: (string | number)[]): number {
  let h = 0x811c9dc5
  for (const ch of parts.join('\u0000')) {
    h ^= ch.codePointAt(0)!
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h >>> 0
}

/** The simulator's fixed seed and epoch: every date in the demo data is computed from these. */
export const SIMULATOR_SEED = 20261101
export const SIMULATOR_EPOCH_MS = Date.UTC(2026, 10, 1, 12, 0, 0)
