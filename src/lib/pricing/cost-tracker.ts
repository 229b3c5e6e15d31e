/** What this browser session has paid, from the receipts paid-fetch.ts records (one per answer). */
// The module, not the barrel: contract/index.ts also holds the zod schemas, which stay out of the first load.
import { addUsd } from '#contract/prices.ts'
import type { Receipt } from '../paid-fetch.ts'

export type CostEvent = Receipt
export type SessionSpend = { spentUsd: number; paidCalls: number; cacheHits: number; last?: CostEvent }

const STORAGE_KEY = 'poix.session-spend'
const listeners = new Set<() => void>()
let state: SessionSpend = load()

function load(): SessionSpend {
  try {
    const raw = globalThis.sessionStorage?.getItem(STORAGE_KEY)
    if (raw) return JSON.parse(raw) as SessionSpend
  } catch {
    // storage unavailable (private mode, tests): start from zero
  }
  return { spentUsd: 0, paidCalls: 0, cacheHits: 0 }
}

export function recordCost(event: CostEvent): void {
  state = {
    spentUsd: addUsd(state.spentUsd, event.costUsd),
    paidCalls: state.paidCalls + (event.costUsd > 0 ? 1 : 0),
    cacheHits: state.cacheHits + (event.cache === 'HIT' ? 1 : 0),
    last: event,
  }
  try {
    globalThis.sessionStorage?.setItem(STORAGE_KEY, JSON.stringify(state))
  } catch {
    // best effort only
  }
  listeners.forEach((l) => l())
}

export function subscribeSessionSpend(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function getSessionSpend(): SessionSpend {
  return state
}
