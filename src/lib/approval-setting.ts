/**
 * How much a page may cost to open without asking (docs/decisions/0136-approval-setting.md): kept in localStorage,
 * read by every paying route's gate and changed in the header. Default: ask above $0.001.
 */
import { useCallback, useSyncExternalStore } from 'react'

export const APPROVAL_STORAGE_KEY = 'poix.approve-opens-up-to-usd'
export const DEFAULT_APPROVE_UP_TO_USD = 0.001

/** The amounts offered in the header (any non-negative number in storage is honoured). */
export const APPROVAL_CHOICES_USD = [0, 0.0002, 0.001, 0.002, 0.01, 0.1] as const

/** A route's opening asks for a priced press when it would pay more than the setting; a cached opening never asks. */
export function needsApproval(
  opening: { priceUsd: number; cached: boolean },
  approveUpToUsd: number,
): boolean {
  return !opening.cached && opening.priceUsd > approveUpToUsd
}

const listeners = new Set<() => void>()

/** The stored setting; anything missing or unreadable is the default. */
export function readApprovalSetting(): number {
  try {
    const raw = globalThis.localStorage?.getItem(APPROVAL_STORAGE_KEY)
    const value = raw === null || raw === undefined || raw === '' ? NaN : Number(raw)
    return Number.isFinite(value) && value >= 0 ? value : DEFAULT_APPROVE_UP_TO_USD
  } catch {
    return DEFAULT_APPROVE_UP_TO_USD // storage unavailable: ask, as by default
  }
}

export function writeApprovalSetting(usd: number): void {
  try {
    globalThis.localStorage?.setItem(APPROVAL_STORAGE_KEY, String(usd))
  } catch {
    // storage unavailable: the change holds until the page is reloaded
  }
  memory = usd
  listeners.forEach((l) => l())
}

let memory: number | undefined

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  // Another tab changed it.
  const onStorage = (e: StorageEvent) => {
    if (e.key === APPROVAL_STORAGE_KEY) {
      memory = undefined
      listener()
    }
  }
  globalThis.addEventListener?.('storage', onStorage)
  return () => {
    listeners.delete(listener)
    globalThis.removeEventListener?.('storage', onStorage)
  }
}

const snapshot = () => (memory ??= readApprovalSetting())

/** [the amount up to which pages open without asking, its setter]. */
export function useApprovalSetting(): [number, (usd: number) => void] {
  const value = useSyncExternalStore(subscribe, snapshot, snapshot)
  return [value, useCallback((usd: number) => writeApprovalSetting(usd), [])]
}
