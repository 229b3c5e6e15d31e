/** Small text helpers for building the demo data. */
import type { Random } from '../random.ts'
import { SIMULATOR_EPOCH_MS } from '../random.ts'

export const DAY_MS = 86_400_000

/** `{city} walks` + {city: 'Paris'} → `Paris walks`; unknown placeholders stay visible so a bug shows. */
export function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => (key in vars ? String(vars[key]) : m))
}

/** The platform writes timestamps to the second: `2009-10-25T06:57:33Z`. */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z')
}

/** A moment between `minDaysAgo` and `maxDaysAgo` before the simulator's epoch. */
export function daysBeforeEpoch(r: Random, minDaysAgo: number, maxDaysAgo: number): number {
  return SIMULATOR_EPOCH_MS - Math.floor((minDaysAgo + r.next() * (maxDaysAgo - minDaysAgo)) * DAY_MS)
}

/** Lower-case ASCII letters and digits only: `São Paulo Eats` → `saopauloeats`. */
export function asciiSlug(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
}

/** `n` distinct items, in a seeded order. */
export function pickSome<T>(r: Random, items: readonly T[], n: number): T[] {
  const pool = [...items]
  const out: T[] = []
  while (out.length < n && pool.length > 0) out.push(pool.splice(r.int(0, pool.length - 1), 1)[0]!)
  return out
}

/** A count spread over several orders of magnitude, like real view counts. */
export function logUniform(r: Random, min: number, max: number): number {
  return Math.floor(Math.exp(Math.log(min) + r.next() * (Math.log(max) - Math.log(min))))
}

/** `3723` → `PT1H2M3S`; `60` → `PT1M`. */
export function isoDuration(totalSec: number): string {
  const h = Math.floor(totalSec / 3600)
  const m = Math.floor((totalSec % 3600) / 60)
  const s = totalSec % 60
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || (!h && !m) ? `${s}S` : ''}`
}

/** `143` → `2:23`; `3723` → `1:02:03` (how people write timestamps in comments and chapters). */
export function clock(totalSec: number): string {
  const h = Math.floor(totalSec / 3600)
  const m = Math.floor((totalSec % 3600) / 60)
  const s = String(totalSec % 60).padStart(2, '0')
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}
