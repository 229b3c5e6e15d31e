// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderRoute } from '#testing/render-route.tsx'
import { FeedFreshness } from './feed-freshness.tsx'

const NOW = Date.parse('2026-11-22T12:00:00Z')

function renderAt(fetchedAt: string, onRestart = vi.fn()) {
  renderRoute(<FeedFreshness firstFetchedAt={fetchedAt} restarting={false} onRestart={onRestart} now={NOW} />)
  return onRestart
}

describe('FeedFreshness', () => {
  it('says how old a fresh feed is, without a warning', () => {
    renderAt('2026-11-22T11:55:00Z')
    expect(screen.getByText(/First page loaded/).textContent).toContain('5 minutes ago')
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('warns once the list has likely moved and offers a priced restart', async () => {
    const onRestart = renderAt('2026-11-22T09:00:00Z')
    expect(screen.getByRole('status').textContent).toMatch(/may be out of date/)
    const button = screen.getByRole('button', { name: /Start again from page 1/ })
    expect(button.textContent).toMatch(/\$0\.00013|cached · free/)
    await userEvent.setup().click(button)
    expect(onRestart).toHaveBeenCalledOnce()
  })
})
