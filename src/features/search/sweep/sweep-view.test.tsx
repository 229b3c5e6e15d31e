// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { stubApi, type ApiHandler } from '#testing/api-stub.ts'
import { appRoutes, renderRoute } from '#testing/render-route.tsx'

const searchRoutes = await appRoutes('search')

/** The real function + simulator, with every /api/search request the view makes written down. */
function watchSearches(): string[] {
  const searches: string[] = []
  const inProcess: ApiHandler = (req) => globalThis.__poixInProcessApi!(req)
  stubApi((req) => {
    const url = new URL(req.url)
    if (url.pathname === '/api/search') searches.push(`${url.pathname}${url.search}`)
    return inProcess(req)
  })
  return searches
}

const slow = { timeout: 30_000 }

describe('area sweep view', { timeout: 120_000 }, () => {
  it('plans typed vertices with each depth priced, pays nothing until Run, then lists the merged videos', async () => {
    const searches = watchSearches()
    const { user, router } = renderRoute(searchRoutes, { at: '/search?area=&r=1' })
    const vertices = await screen.findByRole('textbox', { name: 'Vertices' }, slow)
    await user.type(vertices, '48.845, 2.33{Enter}48.845, 2.37{Enter}48.865, 2.35')
    await user.click(screen.getByRole('button', { name: 'Use these vertices' }))
    await waitFor(() => expect(router.state.location.search).toMatch(/^\?area=s[\w-]+&r=1$/))
    const count = await screen.findByText(
      (_, el) => el?.tagName === 'P' && /^\d+ circles? covers? the area/.test(el.textContent ?? ''),
      {},
      slow,
    )
    const circles = Number(/^(\d+)/.exec(count.textContent!)![1])
    expect(circles).toBeGreaterThan(1)
    expect(screen.getByRole('radio', { name: /^First page only: \$[\d.]+ \(\d+ × \$0\.00203/ })).toBeTruthy()
    expect(screen.getByRole('radio', { name: /^Up to 3 pages per circle: at most \$[\d.]+$/ })).toBeTruthy()
    expect(screen.getByRole('radio', { name: /^Every page: .* stopping at your maximum$/ })).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Maximum to spend (USD)' })).toBeTruthy()
    const run = await screen.findByRole(
      'button',
      { name: /^Run sweep\s*·?\s*(\$[\d.]+|cached · free)$/ },
      slow,
    )
    expect(searches).toEqual([])

    await user.click(run)
    const status = await screen.findByTestId('sweep-status', {}, slow)
    await waitFor(() => expect(status.textContent).toMatch(/^Done: every circle/), slow)
    expect(searches).toHaveLength(circles)
    expect(new Set(searches).size).toBe(circles)
    const heading = screen.getByTestId('sweep-results-heading')
    expect(heading.textContent).toMatch(new RegExp(`^\\d+ unique videos from ${circles} circles$`))
    const list = screen.getByRole('list', { name: 'Sweep results' })
    expect(within(list).getAllByText(/^Found by \d+ circles?:/).length).toBeGreaterThan(0)

    // A circle's row filters the list, and the filter clears.
    await user.click(screen.getByRole('button', { name: /^c1 done/ }))
    expect(screen.getByTestId('sweep-shown').textContent).toMatch(
      /^Showing the \d+ videos circle c1 found\.$/,
    )
    await user.click(screen.getByRole('button', { name: "Show every circle's videos" }))
    expect(screen.getByTestId('sweep-shown').textContent).toMatch(/^Showing all \d+ videos\.$/)
  })

  it('plans a pasted list of sites as one circle each, with no radius to choose', async () => {
    const searches = watchSearches()
    const { user } = renderRoute(searchRoutes, { at: '/search?area=' })
    await user.click(await screen.findByText('Paste or upload GeoJSON or a sites CSV', {}, slow))
    await user.click(screen.getByRole('textbox', { name: 'GeoJSON or a CSV of sites' }))
    await user.paste('lat,lon,radius_km,label\n48.8606,2.3376,1,Louvre\n48.8530,2.3499,0.5,Notre-Dame\n')
    await user.click(screen.getByRole('button', { name: 'Use the pasted area' }))
    expect(
      await screen.findByText(
        (_, el) => el?.tagName === 'P' && /^2 circles cover the area/.test(el.textContent ?? ''),
        {},
        slow,
      ),
    ).toBeTruthy()
    expect(screen.getByText('Each site is searched as one circle, with its own radius.')).toBeTruthy()
    expect(screen.queryByRole('textbox', { name: 'Circle radius (km)' })).toBeNull()
    expect(searches).toEqual([])
  })

  it('names a damaged link and still opens', async () => {
    watchSearches()
    renderRoute(searchRoutes, { at: '/search?area=s!!!&r=abc' })
    const alert = await screen.findByRole('alert', {}, slow)
    expect(alert.textContent).toMatch(/^Part of this link could not be used: /)
    expect(alert.textContent).toContain('The radius "abc" is not a number of kilometres greater than 0.')
    expect(screen.getByText('Draw, type or paste an area to see its plan and price.')).toBeTruthy()
  })
})
