// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import { APPROVAL_STORAGE_KEY, writeApprovalSetting } from '#lib/pricing/approval-setting.ts'
import { inProcessApi, stubApi } from '#testing/api-stub.ts'
import { renderRoute } from '#testing/render-route.tsx'
import { OpeningPriceGate } from './opening-price-gate.tsx'

// The first in-process request builds the function and the simulator's dataset.
beforeAll(async () => {
  await fetch('/api/health')
})

function recordRequests(): string[] {
  const urls: string[] = []
  stubApi((req) => {
    const u = new URL(req.url)
    urls.push(`${req.method} ${u.pathname}${u.search}`)
    return inProcessApi(req)
  })
  return urls
}

/** A stand-in view that says it opened (the gate does not care what it holds). */
const View = () => <p>the view is open</p>

describe('OpeningPriceGate', () => {
  it('above the setting: shows the price, asks nothing paid, and opens on the priced press', async () => {
    writeApprovalSetting(0.001)
    expect(localStorage.getItem(APPROVAL_STORAGE_KEY)).toBe('0.001')
    const requests = recordRequests()
    const { user } = renderRoute(
      <OpeningPriceGate
        opening={{ kind: 'video', videoId: 'Zp3xQe9LbTg' }}
        label="Open captions"
        pays="its captions"
      >
        <View />
      </OpeningPriceGate>,
    )
    const open = await screen.findByRole(
      'button',
      { name: /^Open captions.*\$0\.00106/ },
      { timeout: 10_000 },
    )
    expect(screen.queryByText('the view is open')).toBeNull()
    expect(requests.every((r) => r.startsWith('POST /api/quote'))).toBe(true)
    await user.click(open)
    expect(screen.getByText('the view is open')).toBeTruthy()
  })

  it('at or under the setting: opens by itself once the price is known', async () => {
    writeApprovalSetting(0.001)
    renderRoute(
      <OpeningPriceGate opening={{ kind: 'popular' }} label="Open the popular videos" pays="its first page">
        <View />
      </OpeningPriceGate>,
    )
    expect(screen.getByRole('status').textContent).toMatch(/Checking what opening this page costs/)
    expect(await screen.findByText('the view is open', {}, { timeout: 10_000 })).toBeTruthy()
  })

  it('with the setting at nothing, even the cheapest page asks; what is cached opens by itself', async () => {
    writeApprovalSetting(0)
    const replies = { kind: 'replies', commentId: 'UgzoQVUwDeGW1IS5_uR4AaABAg' } as const
    renderRoute(
      <OpeningPriceGate opening={replies} label="Open the replies" pays="the first page">
        <View />
      </OpeningPriceGate>,
    )
    expect(
      await screen.findByRole('button', { name: /^Open the replies.*\$0\.00013/ }, { timeout: 10_000 }),
    ).toBeTruthy()
    // Paid once elsewhere: the function has it cached, so opening is free.
    await fetch('/api/commentReplies?parentCommentId=UgzoQVUwDeGW1IS5_uR4AaABAg&format=html')
    renderRoute(
      <OpeningPriceGate opening={replies} label="Open the replies" pays="the first page">
        <View />
      </OpeningPriceGate>,
    )
    await waitFor(() => expect(screen.getByText('the view is open')).toBeTruthy(), { timeout: 10_000 })
  })

  it('with the default setting, a new video page (file list + default track) opens without a press', async () => {
    localStorage.removeItem(APPROVAL_STORAGE_KEY)
    const requests = recordRequests()
    renderRoute(
      <OpeningPriceGate
        opening={{ kind: 'video', videoId: 'k7Ry2VqWm_E' }}
        label="Open captions"
        pays="its captions"
      >
        <View />
      </OpeningPriceGate>,
    )
    // Earlier tests' writes are held in memory: a storage event makes the gate read the (now empty) storage again.
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: APPROVAL_STORAGE_KEY })))
    expect(await screen.findByText('the view is open', {}, { timeout: 10_000 })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /^Open captions/ })).toBeNull()
    expect(requests.every((r) => r.startsWith('POST /api/quote'))).toBe(true)
  })

  it('opens at once what the browser already holds', () => {
    writeApprovalSetting(0)
    renderRoute(
      <OpeningPriceGate opening={{ kind: 'popular' }} label="Open" pays="x" alreadyLoaded>
        <View />
      </OpeningPriceGate>,
    )
    expect(screen.getByText('the view is open')).toBeTruthy()
  })
})
