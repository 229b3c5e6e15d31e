/**
 * How much a page may cost to open without asking (docs/decisions/0136-approval-setting.md): kept in localStorage,
 * read by every paying route's gate and changed in the header. Default: ask above $0.002 (docs/decisions/0191).
 */
import { useCallback } from 'react'
import { storedSetting } from '../stored-setting.ts'

export const APPROVAL_STORAGE_KEY = 'poix.approve-opens-up-to-usd'
/** One new video page ($0.00106: file list and default track) opens by itself; a search page ($0.00203) asks. */
export const DEFAULT_APPROVE_UP_TO_USD = 0.002

/** The amounts offered in the header (any non-negative number in storage is honoured). */
export const APPROVAL_CHOICES_USD = [0, 0.0002, 0.001, 0.002, 0.01, 0.1] as const

/** A route's opening asks for a priced press when it would pay more than the setting; a cached opening never asks. */
export function needsApproval(
  openingPrice: { priceUsd: number; cached: boolean },
  approveUpToUsd: number,
): boolean {
  return !openingPrice.cached && openingPrice.priceUsd > approveUpToUsd
}

const setting = storedSetting<number>(
  APPROVAL_STORAGE_KEY,
  (raw) => {
    const value = raw === null || raw === '' ? NaN : Number(raw)
    return Number.isFinite(value) && value >= 0 ? value : DEFAULT_APPROVE_UP_TO_USD
  },
  String,
)

/** The stored setting; anything missing or unreadable (or storage unavailable: ask, as by default) is the default. */
export const readApprovalSetting = (): number => setting.read()

export const writeApprovalSetting = (usd: number): void => setting.write(usd)

/** [the amount up to which pages open without asking, its setter]. */
export function useApprovalSetting(): [number, (usd: number) => void] {
  return [setting.useValue(), useCallback((usd: number) => writeApprovalSetting(usd), [])]
}
