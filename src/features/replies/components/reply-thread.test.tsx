// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import '@testing-library/jest-dom/vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { CommentReply } from '#contract/index.ts'
import { jsonResponse, stubApi } from '#testing/api-stub.ts'
import { renderRoute } from '#testing/render-route.tsx'
import { receiptHeaders } from '#testing/receipt-headers.ts'
import { DEFAULT_STATE, type RepliesViewState } from '../lib/replies-url-state.ts'
import { ReplyThread } from './reply-thread.tsx'

const PARENT = 'UgzTestParentComment4AaABAg'

function reply(i: number, author: string, textOriginal: string, textDisplay = textOriginal): CommentReply {
  const at = new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString()
  return {
    id: `${PARENT}.reply${String(i).padStart(17, '0')}`,
    parentId: PARENT,
    textOriginal,
    textDisplay,
    authorDisplayName: author,
    authorChannelId: { value: `UC${author.replace(/\W/g, '').padEnd(22, 'x').slice(0, 22)}` },
    authorProfileImageUrl: 'https://yt3.example/a.jpg',
    likeCount: i,
    publishedAt: at,
    updatedAt: at,
  }
}

/** Pages of `size`; `fail(pageIndex, attempt)` answers 503 when true. */
function serve(
  all: CommentReply[],
  size: number,
  fail: (page: number, attempt: number) => boolean = () => false,
) {
  const attempts = new Map<number, number>()
  const requests: string[] = []
  stubApi((req) => {
    const url = new URL(req.url)
    if (url.pathname === '/api/quote')
      return jsonResponse({ operation: 'GET /commentReplies', priceUsd: 0.00013, cached: false })
    requests.push(url.search)
    const page = Number(url.searchParams.get('pageToken') ?? '0')
    const attempt = (attempts.get(page) ?? 0) + 1
    attempts.set(page, attempt)
    if (fail(page, attempt))
      return jsonResponse(
        { error: { code: 'upstream_unavailable', message: 'Service down for a moment.' } },
        503,
      )
    const data = all.slice(page * size, page * size + size)
    const next = (page + 1) * size < all.length ? String(page + 1) : undefined
    return jsonResponse(
      { data, ...(next ? { nextPageToken: next } : {}) },
      200,
      receiptHeaders('0.00013', 'MISS'),
    )
  })
  return requests
}

function renderThread(state: Partial<RepliesViewState> = {}) {
  const onStateChange = vi.fn()
  renderRoute(
    <ReplyThread
      parentCommentId={PARENT}
      state={{ ...DEFAULT_STATE, ...state }}
      onStateChange={onStateChange}
    />,
  )
  return { onStateChange }
}

const list = () => screen.getByTestId('reply-list')

describe('ReplyThread', () => {
  it('nests answers under the reply they mention and folds a branch', async () => {
    serve(
      [
        reply(1, 'Anna Lee', 'first'),
        reply(2, 'Ben', '@Anna Lee no way'),
        reply(3, 'Cleo', '@Ben yes way'),
        reply(4, 'Dan', 'unrelated'),
      ],
      10,
    )
    renderThread()
    const branch = await screen.findByRole('button', { name: '2 replies to Anna Lee' })
    expect(branch).toHaveAttribute('aria-expanded', 'true')
    expect(within(list()).getAllByRole('article')).toHaveLength(4)
    await userEvent.click(branch)
    expect(branch).toHaveAttribute('aria-expanded', 'false')
    expect(within(list()).getAllByRole('article')).toHaveLength(2)
    expect(screen.getByRole('link', { name: 'Anna Lee' })).toHaveAttribute(
      'href',
      `/channels/${reply(1, 'Anna Lee', '').authorChannelId!.value}`,
    )
  })

  it('keeps the loaded pages when a page fails during "load all", and resumes from that page', async () => {
    const all = Array.from({ length: 25 }, (_, i) => reply(i, `Person ${i}`, `text ${i}`))
    const requests = serve(all, 10, (page, attempt) => page === 2 && attempt === 1)
    renderThread()
    await screen.findByText(/10 replies loaded \(1 page\)/)
    await userEvent.click(screen.getByRole('button', { name: /^Load all/ }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Page 3 could not be loaded')
    expect(alert).toHaveTextContent('Service down for a moment. The 20 replies loaded so far are kept.')
    // The cards render in a deferred pass after the controls (reply-thread.tsx).
    await waitFor(() => expect(within(list()).getAllByRole('article')).toHaveLength(20))
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '20')
    await userEvent.click(within(alert).getByRole('button', { name: /Resume loading all/ }))
    await screen.findByText(/All 25 replies loaded \(3 pages\)/)
    await waitFor(() => expect(within(list()).getAllByRole('article')).toHaveLength(25))
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25')
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuemax', '25')
    expect(requests.map((s) => new URLSearchParams(s).get('pageToken'))).toEqual([null, '1', '2', '2'])
  })

  it('renders hostile html inert and plainText as the original text', async () => {
    serve(
      [
        reply(
          1,
          'Mallory',
          "<script>alert('x')</script>",
          '<script>window.__x=1</script><img src=x onerror="window.__x=2"><a href="javascript:alert(1)">free</a> <iframe src="https://evil.example"></iframe>at <a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=83">1:23</a>',
        ),
      ],
      10,
    )
    renderThread()
    await screen.findByText(/free/)
    expect(list().querySelectorAll('script, iframe, article img:not(:first-child), [onerror]')).toHaveLength(
      0,
    )
    expect(screen.queryByRole('link', { name: 'free' })).toBeNull()
    expect(list().textContent).not.toMatch(/alert|__x|evil/)
    expect(screen.getByRole('link', { name: '1:23' })).toHaveAttribute('href', '/videos/dQw4w9WgXcQ?t=83')
  })

  it('shows textOriginal in plainText and marks search matches with counts', async () => {
    serve(
      [
        reply(1, 'Anna', 'line one\nline two <b>raw</b>'),
        reply(2, 'Ben', 'Another line'),
        reply(3, 'Anna', 'nothing here'),
      ],
      10,
    )
    renderThread({ format: 'plainText', q: 'line' })
    const stats = await screen.findByTestId('reply-stats')
    expect(stats).toHaveTextContent('2 of 3 replies match “line” · 2 authors · 3 likes')
    await waitFor(() => expect(list().querySelectorAll('article')).toHaveLength(2))
    const texts = list().querySelectorAll('[data-format="plainText"]')
    expect(texts[0]!.textContent).toBe('line one\nline two <b>raw</b>')
    expect(list().querySelectorAll('b')).toHaveLength(0)
    expect([...list().querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['line', 'line', 'line'])
  })
})
