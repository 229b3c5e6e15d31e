// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import type { CollectionVideo } from '#contract/collections.ts'
import { renderRoute } from '#testing/render-route.tsx'
import { VideosTable } from './videos-table.tsx'

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400)
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000)
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(52)
})
afterEach(() => vi.restoreAllMocks())

const video = (i: number): CollectionVideo => ({
  videoId: `v${String(i).padStart(10, '0')}`,
  position: i,
  title: `Video ${i}`,
  channelId: null,
  channelTitle: `Channel ${i % 7}`,
  publishedAt: '2024-05-01T10:00:00Z',
  foundBy: [],
  addedAt: 0,
  track:
    i === 1
      ? {
          state: 'failed',
          lang: null,
          cueCount: null,
          failure: {
            code: 'upstream_timeout',
            status: 504,
            message: 'The service did not answer in time. Collect again to try once more.',
            at: 0,
          },
        }
      : { state: 'collected', lang: 'en', cueCount: 12, failure: null },
})

describe('VideosTable', () => {
  it('renders 10,000 videos as the few rows on screen, each with its state or failure reason', () => {
    const videos = Array.from({ length: 10_000 }, (_, i) => video(i))
    renderRoute(<VideosTable videos={videos} />)
    const table = screen.getByRole('table', { name: 'Videos in this collection' })
    expect(table.getAttribute('aria-rowcount')).toBe('10001')
    const rows = within(table).getAllByRole('row')
    // The header and the visible rows with their overscan: never ten thousand.
    expect(rows.length).toBeGreaterThan(5)
    expect(rows.length).toBeLessThan(40)
    expect(within(table).getByRole('link', { name: 'Video 0' }).getAttribute('href')).toBe(
      '/videos/v0000000000',
    )
    // A long reason shows its first sentence in the fixed-height row; the whole of it is the cell's title.
    const reason = within(table).getByText('failed: The service did not answer in time.')
    expect(reason.getAttribute('title')).toBe(
      'The service did not answer in time. Collect again to try once more.',
    )
    expect(within(table).getAllByText('collected · en · 12 cues').length).toBeGreaterThan(3)
  })
})
