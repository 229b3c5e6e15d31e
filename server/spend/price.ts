/** What a paid call costs, in the dollars answers show and the whole micro-dollars storage keeps. */
import { priceOf, type Operation } from '#contract/index.ts'
import { toMicro } from './money.ts'

export type Price = { usd: number; micro: number }

export function priceOfCall(operation: Operation): Price {
  const usd = priceOf(operation)
  return { usd, micro: toMicro(usd) }
}
