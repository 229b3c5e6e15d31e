// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import {
  APPROVAL_STORAGE_KEY,
  DEFAULT_APPROVE_UP_TO_USD,
  needsApproval,
  readApprovalSetting,
  writeApprovalSetting,
} from './approval-setting.ts'
import { addUsd, priceOf } from '#contract/prices.ts'
import { openingRequests, type Opening } from './opening-requests.ts'

describe('the approval decision', () => {
  it('asks above the setting and opens at or below it', () => {
    expect(needsApproval({ priceUsd: 0.00106, cached: false }, 0.001)).toBe(true)
    expect(needsApproval({ priceUsd: 0.001, cached: false }, 0.001)).toBe(false)
    expect(needsApproval({ priceUsd: 0.00013, cached: false }, 0.001)).toBe(false)
    expect(needsApproval({ priceUsd: 0.00013, cached: false }, 0)).toBe(true)
  })
  it('never asks for what is cached, whatever the setting', () => {
    expect(needsApproval({ priceUsd: 0, cached: true }, 0)).toBe(false)
    expect(needsApproval({ priceUsd: 0.00106, cached: true }, 0)).toBe(false)
  })
})

describe('the default setting', () => {
  const openingPrice = (opening: Opening) => addUsd(...openingRequests(opening).map((r) => r.listPriceUsd))

  it('opens one new video page (its file list and default track) without a press', () => {
    const video = openingPrice({ kind: 'video', videoId: 'dQw4w9WgXcQ' })
    expect(video).toBe(0.00106)
    expect(needsApproval({ priceUsd: video, cached: false }, DEFAULT_APPROVE_UP_TO_USD)).toBe(false)
  })
  it('still asks before bigger openings: a search page, two video pages, a thread of many pages', () => {
    for (const price of [priceOf('GET /search'), 2 * 0.00106, 20 * priceOf('GET /commentReplies')])
      expect(needsApproval({ priceUsd: price, cached: false }, DEFAULT_APPROVE_UP_TO_USD)).toBe(true)
  })
})

describe('the stored setting', () => {
  beforeEach(() => localStorage.removeItem(APPROVAL_STORAGE_KEY))

  it('is $0.002 by default', () => {
    expect(DEFAULT_APPROVE_UP_TO_USD).toBe(0.002)
    expect(readApprovalSetting()).toBe(0.002)
  })
  it.each(['', 'abc', '-1', 'Infinity', 'NaN'])('reads %j as the default', (raw) => {
    localStorage.setItem(APPROVAL_STORAGE_KEY, raw)
    expect(readApprovalSetting()).toBe(DEFAULT_APPROVE_UP_TO_USD)
  })
  it('keeps what is written, nothing (0) included', () => {
    writeApprovalSetting(0)
    expect(localStorage.getItem(APPROVAL_STORAGE_KEY)).toBe('0')
    expect(readApprovalSetting()).toBe(0)
    writeApprovalSetting(0.01)
    expect(readApprovalSetting()).toBe(0.01)
  })
})
