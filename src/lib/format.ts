/** Display formatting shared by the views; everything locale-aware goes through Intl. */

/**
 * One formatter of each kind, made on first use: building one loads locale data (tens of milliseconds for all four),
 * which a view that formats no counts or dates should not pay when this module loads.
 */
function once<T>(make: () => T): () => T {
  let value: T | undefined
  return () => (value ??= make())
}

const compact = once(
  () => new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 }),
)
const whole = once(() => new Intl.NumberFormat(undefined))

/** `"1234567"` → `1.2M` (compact) and `1,234,567` (exact); undefined for missing or non-numeric text. */
export function formatCount(
  numericText: string | number | undefined,
): { compact: string; exact: string } | undefined {
  if (numericText === undefined || numericText === '') return undefined
  const n = typeof numericText === 'number' ? numericText : Number(numericText)
  if (!Number.isFinite(n)) return undefined
  return { compact: compact().format(n), exact: whole().format(n) }
}

/** Seconds → `h:mm:ss` (or `m:ss` under an hour). */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const sec = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`
}

/** ISO 8601 duration (`PT1H2M3S`, `P1DT2H`) → seconds; undefined when it is not one. */
export function parseIsoDuration(iso: string | undefined): number | undefined {
  if (!iso) return undefined
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(iso)
  if (!m || iso === 'P' || iso.endsWith('T')) return undefined
  return Number(m[1] ?? 0) * 86400 + Number(m[2] ?? 0) * 3600 + Number(m[3] ?? 0) * 60 + Number(m[4] ?? 0)
}

const dateFmt = once(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
)
const relFmt = once(() => new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }))

/** Absolute date in UTC, labelled so, for citation. */
export function formatDate(iso: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : `${dateFmt().format(d)} UTC`
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['week', 7 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
]

/** `3 months ago`, relative to `now` (injectable for tests). */
export function formatRelative(iso: string, now: number = Date.now()): string {
  const t = new Date(iso).getTime()
  if (Number.isNaN(t)) return ''
  const diff = (t - now) / 1000
  for (const [unit, secs] of UNITS) {
    if (Math.abs(diff) >= secs || unit === 'second') return relFmt().format(Math.round(diff / secs), unit)
  }
  return ''
}
