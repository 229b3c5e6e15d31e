/** What each ledger row's state means, in words, and which rows each state filter keeps. */
import type { LedgerEntry, LedgerState } from './spend-schema.ts'
import type { StateFilter } from './spend-url.ts'

const STATE_WORDS: Record<LedgerState, string> = {
  charged: 'charged',
  pending: 'pending — outcome unknown, price reserved',
  'free failure': 'not charged (failed)',
  'charged failure': 'charged (failed)',
  interrupted: 'interrupted — may have been charged, price reserved',
}

/** `charged`, or `charged, shared by 3 requests` when identical requests joined the call while it was in flight. */
export function stateLabel(e: Pick<LedgerEntry, 'state' | 'joined' | 'reconciled'>): string {
  if (e.reconciled)
    return `interrupted — reconciled as ${e.reconciled.charged ? 'charged' : 'not charged'} by ${e.reconciled.by}`
  const words = STATE_WORDS[e.state]
  return e.joined && e.state !== 'pending' && e.state !== 'interrupted'
    ? `${words}, shared by ${e.joined + 1} requests`
    : words
}

export const STATE_FILTER_LABELS: Record<StateFilter, string> = {
  charged: 'Charged',
  pending: 'Pending (outcome unknown)',
  interrupted: 'Interrupted (may have been charged)',
  failed: 'Failed (charged or not)',
}

export function matchesStateFilter(state: LedgerState, filter: StateFilter | undefined): boolean {
  if (!filter) return true
  if (filter === 'failed') return state === 'free failure' || state === 'charged failure'
  return state === filter
}
