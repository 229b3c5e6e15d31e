// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { jsonResponse, overrideRoute, stubApi, type ApiHandler } from '#testing/api-stub.ts'
import { appRoutes, renderRoute } from '#testing/render-route.tsx'

const searchRoutes = await appRoutes('search')

/** The real function + simulator, with every /api/search request the view makes written down. */
function watchSearches(answer?: ApiHandler): string[] {
  const searches: string[] = []
  const inProcess: ApiHandler = (req) => globalThis.__poixInProcessApi!(req)
  const base = answer ? overrideRoute(inProcess, (u) => u.pathname === '/api/search', answer) : inProcess
  stubApi((req) => {
    const url = new URL(req.url)
    if (url.pathname === '/api/search') searches.push(`${url.pathname}${url.search}`)
    return base(req)
  })
  return searches
}

function renderAt(path: string) {
  return renderRoute([...searchRoutes, { path: '/videos/:videoId', element: <p>captions view</p> }], {
    at: path,
  })
}

/** The in-process function starts on the first request (a few seconds on a busy machine). */
const slow = { timeout: 30_000 }
const searchButton = () => screen.getByRole('button', { name: /^Search\s*(\$|cached)/ })
const field = (name: string) => screen.getByLabelText(name, { selector: 'input, select' }) as HTMLInputElement

describe('location search view', { timeout: 120_000 }, () => {
  it('fills the form from the URL and pays nothing until Search is pressed', async () => {
    const searches = watchSearches()
    const { user, router } = renderAt('/search?location=48.8566,2.3522&radius=3&unit=mi')
    expect(field('Latitude').value).toBe('48.8566')
    expect(field('Longitude').value).toBe('2.3522')
    expect(field('Coordinates or map link').value).toBe('48.8566, 2.3522')
    expect(field('Radius').value).toBe('3')
    expect(field('Unit').value).toBe('mi')
    expect(await screen.findByRole('application', { name: /search map/i }, slow)).toBeTruthy()
    expect(
      await screen.findByText(
        /Press Search to run this search for videos within 3 mi of 48.8566, 2.3522/,
        {},
        slow,
      ),
    ).toBeTruthy()
    expect(searches).toEqual([])

    await user.click(searchButton())
    expect(await screen.findByRole('heading', { name: /About [\d,]+ videos · region FR/ }, slow)).toBeTruthy()
    expect(searches).toEqual(['/api/search?location=48.8566%2C2.3522&locationRadius=4.828032km&type=video'])
    expect(router.state.location.search).toBe('?location=48.8566,2.3522&radius=3&unit=mi')
    expect(screen.getByText(/50 loaded from 1 page|loaded from 1 page/).textContent).toMatch(/fetched/)

    // Loaded results are kept; running the search again is a priced, explicit action.
    const again = await screen.findByRole('button', { name: /^Run again \(1 page\)/ }, slow)
    expect(again.textContent).toMatch(/\$0\.00203|cached · free/)
    await user.click(again)
    await waitFor(() => expect(searches).toHaveLength(2), slow)
  })

  it('writes a search made in the form into the URL, and follows the URL back', async () => {
    watchSearches()
    const { user, router } = renderAt('/search')
    await user.click(field('Coordinates or map link'))
    await user.paste('https://www.openstreetmap.org/#map=12/35.6762/139.6503')
    expect(field('Latitude').value).toBe('35.6762')
    expect(field('Longitude').value).toBe('139.6503')
    await user.clear(field('Radius'))
    await user.type(field('Radius'), '25')
    await user.click(searchButton())
    await waitFor(
      () => expect(router.state.location.search).toBe('?location=35.6762,139.6503&radius=25&unit=km'),
      slow,
    )
    expect(await screen.findByRole('heading', { name: /region JP/ }, slow)).toBeTruthy()

    await user.clear(field('Coordinates or map link'))
    await user.paste('-1.2921, 36.8219')
    await user.selectOptions(field('Unit'), 'mi')
    expect(field('Radius').value).toBe('15.5343')
    await user.click(searchButton())
    await waitFor(
      () => expect(router.state.location.search).toBe('?location=-1.2921,36.8219&radius=15.5343&unit=mi'),
      slow,
    )
    expect(await screen.findByRole('heading', { name: /region KE/ }, slow)).toBeTruthy()

    await router.navigate(-1)
    await waitFor(() => expect(field('Latitude').value).toBe('35.6762'), slow)
    expect(field('Radius').value).toBe('25')
    expect(field('Unit').value).toBe('km')
    // The earlier search is still loaded: going back does not pay again.
    expect(await screen.findByRole('heading', { name: /region JP/ }, slow)).toBeTruthy()
  })

  it('refuses an invalid radius with a message naming the field, before anything is paid', async () => {
    const searches = watchSearches()
    const { user, router } = renderAt('/search?location=48.8566,2.3522&radius=10&unit=km')
    await user.selectOptions(field('Unit'), 'mi')
    await user.clear(field('Radius'))
    await user.type(field('Radius'), '700')
    expect(screen.getByText('The radius can be at most 1000 km (621.371 mi).')).toBeTruthy()
    expect(field('Radius').getAttribute('aria-invalid')).toBe('true')
    await user.click(searchButton())
    expect(await screen.findByText(/Nothing was searched/, {}, slow)).toBeTruthy()
    await user.clear(field('Radius'))
    await user.type(field('Radius'), '-2')
    expect(screen.getByText('The radius must be greater than 0.')).toBeTruthy()
    await user.clear(field('Radius'))
    await user.type(field('Radius'), '0')
    expect(screen.getByText('The radius must be greater than 0.')).toBeTruthy()
    await user.click(searchButton())
    expect(router.state.location.search).toBe('?location=48.8566,2.3522&radius=10&unit=km')
    expect(searches).toEqual([])
  })

  it("shows a broken link's problem and refuses it", async () => {
    const searches = watchSearches()
    renderAt('/search?location=48.8566,2.3522&radius=5000&unit=km')
    expect(screen.getByRole('alert').textContent).toContain('The radius can be at most 1000 km')
    expect(field('Radius').value).toBe('5000')
    expect(screen.getByText('The radius can be at most 1000 km.')).toBeTruthy()
    expect(searches).toEqual([])
  })

  it('filters and sorts loaded results through the URL without paying again', async () => {
    const searches = watchSearches()
    const { user, router } = renderAt('/search?location=48.8566,2.3522&radius=25&unit=km')
    await user.click(searchButton())
    const list = await screen.findByRole('list', { name: 'Search results' }, slow)
    const all = within(list).getAllByRole('listitem')
    expect(all.length).toBeGreaterThan(1)
    const firstTitle = within(all[0]!).getAllByRole('link')[0]!.textContent!
    const word = firstTitle.split(/\s+/).find((w) => w.length > 4)!
    await user.type(screen.getByLabelText('Filter loaded results'), word)
    await waitFor(() => expect(router.state.location.search).toContain(`q=${encodeURIComponent(word)}`), slow)
    const shown = within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('listitem')
    for (const li of shown) expect(li.textContent!.toLowerCase()).toContain(word.toLowerCase())
    await user.selectOptions(screen.getByLabelText('Sort'), 'title')
    await waitFor(() => expect(router.state.location.search).toContain('sort=title'), slow)
    const link = screen.getByRole('link', { name: /Download captions/ })
    expect(link.getAttribute('href')).toMatch(/^\/bulk\?ids=[\w-]{11}(,[\w-]{11})*$/)
    expect(searches).toHaveLength(1)
  })

  it('keeps a filter typed and a sort picked at once: the sort does not undo the filter still on its way to the URL', async () => {
    watchSearches()
    const { user, router } = renderAt('/search?location=48.8566,2.3522&radius=26&unit=km')
    await user.click(searchButton())
    const list = await screen.findByRole('list', { name: 'Search results' }, slow)
    const loaded = within(list).getAllByRole('listitem').length
    // Both changes before the router commits the first one (a quick hand, or Playwright).
    act(() => {
      fireEvent.change(screen.getByLabelText('Filter loaded results'), { target: { value: 'montmartre' } })
      fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'title' } })
    })
    await waitFor(() => expect(router.state.location.search).toContain('sort=title'), slow)
    expect(router.state.location.search).toContain('q=montmartre')
    expect((screen.getByLabelText('Filter loaded results') as HTMLInputElement).value).toBe('montmartre')
    const shown = within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('listitem')
    expect(shown.length).toBeLessThan(loaded)
    for (const li of shown) expect(li.textContent!.toLowerCase()).toContain('montmartre')
  })

  it('says which circle was empty', async () => {
    watchSearches()
    const { user } = renderAt('/search?location=-48.8766,-123.3933&radius=1&unit=km')
    await user.click(searchButton())
    expect(
      await screen.findByText(
        'No videos found within 1 km of -48.8766, -123.3933; widen the radius.',
        {},
        slow,
      ),
    ).toBeTruthy()
  })

  it('shows a failure with a priced retry', async () => {
    let fail = true
    const searches = watchSearches((req) =>
      fail
        ? jsonResponse(
            { error: { code: 'upstream_unavailable', message: 'The data service did not answer.' } },
            502,
          )
        : globalThis.__poixInProcessApi!(req),
    )
    const { user } = renderAt('/search?location=48.8566,2.3522&radius=10&unit=km')
    await user.click(searchButton())
    const alert = await screen.findByRole('alert', {}, slow)
    expect(alert.textContent).toContain('The data service did not answer.')
    // Pressing Search again on the failed search retries it too.
    await user.click(searchButton())
    await waitFor(() => expect(searches).toHaveLength(2), slow)
    const retry = within(await screen.findByRole('alert', {}, slow)).getByRole('button', { name: /Retry/ })
    expect(retry.textContent).toContain('$0.00203')
    fail = false
    await user.click(retry)
    expect(await screen.findByRole('heading', { name: /region FR/ }, slow)).toBeTruthy()
    expect(searches).toHaveLength(3)
  })
})
