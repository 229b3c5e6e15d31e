/** Money in storage is whole micro-dollars: prices are multiples of 1e-5 USD, so sums never drift. */
export const toMicro = (usd: number): number => Math.round(usd * 1_000_000)
export const fromMicro = (micro: number): number => Math.round(micro) / 1_000_000

/** UTC calendar day of a time, `2026-01-31`: the ledger's unit of aggregation. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10)
