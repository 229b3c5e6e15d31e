// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { jsonResponse, overrideRoute, stubApi } from '#testing/api-stub.ts'
import { appRoutes, renderRoute } from '#testing/render-route.tsx'

const popularRoutes = await appRoutes('popular')

// jsdom lays nothing out: give the list's scroller and its items a size so the virtualiser renders rows.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(900)
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000)
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(180)
})
afterEach(() => vi.restoreAllMocks())

function setup(url = '/popular') {
  return renderRoute([...popularRoutes, { path: '*', element: <p>elsewhere</p> }], { at: url })
}

const summary = () => screen.getByTestId('loaded-summary').textContent

describe('PopularView on demo data', () => {
  it('loads the first page with ranks, links and formatted numbers, then the next page on request', async () => {
    const { user } = setup()
    const first = await screen.findByRole(
      'link',
      { name: 'Rick Astley - Never Gonna Give You Up (Official Music Video)' },
      { timeout: 15_000 },
    )
    expect(first.getAttribute('href')).toBe('/videos/dQw4w9WgXcQ')
    const article = first.closest('article')!
    expect(within(article).getByText('Rank').parentElement?.textContent).toBe('Rank 1')
    expect(within(article).getByRole('link', { name: 'Rick Astley' }).getAttribute('href')).toBe(
      '/channels/UCuAXFkgsw1L7xaCfnd5JJOw',
    )
    expect(within(article).getByTitle(`${new Intl.NumberFormat().format(1702345118)} views`)).toBeTruthy()
    expect(article.querySelector('time[datetime="PT3M33S"]')?.textContent).toBe('3:33')
    expect(summary()).toMatch(/^50 videos loaded in 1 page/)

    await user.click(screen.getByRole('button', { name: /Load more \(page 2\)/ }))
    await waitFor(() => expect(summary()).toMatch(/^100 videos loaded in 2 pages/))
    expect(screen.getByRole('button', { name: /Load more \(page 3\)/ }).textContent).toContain('$0.00013')

    // Starting again drops the loaded pages and fetches page 1 only (the function has it cached: free).
    await user.click(screen.getByRole('button', { name: /Start again from page 1/ }))
    await waitFor(() => expect(summary()).toMatch(/^50 videos loaded in 1 page .*· 1 from cache, free/))
  })

  it('filters what is loaded without another request and keeps the filter in the URL', async () => {
    const { user, router } = setup()
    await screen.findByRole('link', { name: /Never Gonna Give You Up/ }, { timeout: 15_000 })
    const requests: string[] = []
    stubApi((req) => {
      requests.push(req.url)
      return jsonResponse({ error: { code: 'unexpected', message: 'no request expected' } }, 500)
    })
    await user.type(screen.getByLabelText('Text in title, channel, tags or description'), 'nggyu')
    await waitFor(() => expect(router.state.location.search).toBe('?q=nggyu'))
    expect(screen.getByText(/^Showing \d+ of 50 loaded videos/).textContent).not.toContain('Showing 50 of')
    expect(screen.getByRole('link', { name: /Never Gonna Give You Up/ })).toBeTruthy()
    expect(requests.filter((u) => !u.includes('/api/quote'))).toEqual([])
  })

  it('shows a failed next page with a priced retry, keeping what is loaded', async () => {
    const { user } = setup()
    await screen.findByRole('link', { name: /Never Gonna Give You Up/ }, { timeout: 15_000 })
    stubApi(
      overrideRoute(
        (req) => globalThis.__poixInProcessApi!(req),
        (u) => u.pathname === '/api/popularVideos' && u.searchParams.has('pageToken'),
        () =>
          jsonResponse(
            { error: { code: 'upstream_unavailable', message: 'The data service is not answering.' } },
            502,
          ),
      ),
    )
    await user.click(screen.getByRole('button', { name: /Load more \(page 2\)/ }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Page 2 could not be loaded')
    expect(alert.textContent).toContain('The data service is not answering.')
    expect(within(alert).getByRole('button', { name: /Retry/ }).textContent).toContain('$0.00013')
    expect(summary()).toMatch(/^50 videos loaded/)
  })

  it('auto-loads while the end of a filtered list stays in view, and pauses after its page cap', async () => {
    setup('/popular?auto=1&q=nggyu')
    const paused = await screen.findByText(/Auto-load paused after 20 pages/, {}, { timeout: 30_000 })
    expect(paused.textContent).toContain('$0.00260')
    expect(summary()).toMatch(/ in 21 pages/)
    expect(screen.getByText(/^Showing 1 of \d+ loaded videos/)).toBeTruthy()
    expect(screen.getByRole('button', { name: /Load more \(page 22\)/ })).toBeTruthy()
    // 21 pages through the in-process function: its own wait (30 s) must fit in the test's time.
  }, 60_000)

  it("asks the service for the chosen region's chart, priced first, and keeps the region in the URL", async () => {
    const { user, router } = setup()
    await screen.findByRole('link', { name: /Never Gonna Give You Up/ }, { timeout: 15_000 })
    const region = screen.getByLabelText('Region')
    expect(region.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(region.getAttribute('aria-describedby')!)?.textContent).toContain(
      '$0.00013',
    )
    const requests: string[] = []
    stubApi((req) => {
      requests.push(req.url)
      return globalThis.__poixInProcessApi!(req)
    })
    await user.selectOptions(region, 'JP')
    await waitFor(() => expect(router.state.location.search).toBe('?region=JP'))
    await waitFor(() => expect(summary()).toContain('the chart of region JP'), { timeout: 15_000 })
    expect(requests.filter((u) => !u.includes('/api/quote'))).toEqual([
      'http://localhost/api/popularVideos?regionCode=JP',
    ])
    expect(
      screen.getByRole('feed', { name: 'Popular videos' }).querySelector('article')?.textContent,
    ).not.toContain('Never Gonna Give You Up')
  })

  it('names the URL settings it ignores', async () => {
    setup('/popular?sort=random&min=abc')
    expect((await screen.findAllByText(/Ignored sort=random/)).length).toBe(1)
    expect(screen.getByText(/Ignored min=abc/)).toBeTruthy()
  })
})
