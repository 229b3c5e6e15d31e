// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { CollectionSummary } from '#contract/collections.ts'
import { inProcessApi, overrideRoute, stubApi } from '#testing/api-stub.ts'
import { appRoutes, renderRoute } from '#testing/render-route.tsx'

const routes = await appRoutes('collections')

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400)
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000)
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(52)
})
afterEach(() => vi.restoreAllMocks())

async function newCollection(name: string, videoIds: string[]) {
  const res = await fetch('/api/collections', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, videoIds }),
  })
  expect(res.status).toBe(201)
  return CollectionSummary.parse(await res.json())
}

// This file's function starts on a fresh database: no track is stored anywhere before the first collect.
describe("a newcomer's first hour with a collection", () => {
  it('searching before anything is collected says so, with the price of collecting, instead of failing', async () => {
    const c = await newCollection('Fresh', ['dQw4w9WgXcQ'])
    renderRoute(routes, { at: `/collections/${c.id}?q=never` })
    // The search and the word statistics both say it.
    await waitFor(() => expect(screen.getAllByTestId('nothing-collected')).toHaveLength(2), {
      timeout: 10_000,
    })
    const notes = screen.getAllByTestId('nothing-collected')
    await waitFor(() =>
      expect(notes[0]!.textContent).toBe(
        'Nothing is collected in this collection yet: collect its captions first, then search them and count their words. Collecting 1 track costs $0.00053 (the Collect button above).',
      ),
    )
    expect(screen.queryByText('The search failed')).toBeNull()
    expect(screen.queryByText('The statistics could not be computed')).toBeNull()
  })

  it('a double press on Collect shows the running job, and no error in the API’s words stays after it is done', async () => {
    const c = await newCollection('Twice', ['dQw4w9WgXcQ', 'aaaaaaaaaa3'])
    // The first of two presses reaches the function just before the second: the second meets the job it started.
    stubApi(
      overrideRoute(
        inProcessApi,
        (url) => url.pathname.endsWith('/collect'),
        async (req) => {
          if (req.method !== 'POST') return inProcessApi(req)
          const first = await inProcessApi(req.clone())
          expect(first.status).toBe(202)
          return inProcessApi(req)
        },
      ),
    )
    const { user } = renderRoute(routes, { at: `/collections/${c.id}` })
    const collect = await screen.findByRole('button', { name: /^Collect 2 tracks/ }, { timeout: 10_000 })
    await user.click(collect)
    await waitFor(
      () => expect(screen.getByTestId('collect-job').textContent).toMatch(/^Done: 2 of 2 tracks/),
      {
        timeout: 15_000,
      },
    )
    const alerts = screen.queryAllByRole('alert').map((a) => a.textContent)
    expect(alerts).toEqual([])
    expect(document.body.textContent).not.toMatch(/DELETE|POST|\b409\b/)
  })
})

describe('titles of videos added by id alone', () => {
  const videosTable = () => screen.getByRole('table', { name: 'Videos in this collection' })

  it('says "title not known yet", then shows the title once a search the function cached has seen the video', async () => {
    const page = await fetch('/api/search?location=48.8566%2C2.3522&locationRadius=25km&type=video')
    expect(page.status).toBe(200)
    const seen = ((await page.json()) as { data: { videoId: string; title: string }[] }).data[0]!
    const c = await newCollection('Pasted ids', ['bbbbbbbbbb7', seen.videoId])
    renderRoute(routes, { at: `/collections/${c.id}` })
    await screen.findByRole('heading', { level: 1, name: 'Pasted ids' }, { timeout: 10_000 })
    const table = videosTable()
    expect(within(table).getByRole('row', { name: /bbbbbbbbbb7/ }).textContent).toContain(
      'bbbbbbbbbb7 · title not known yet',
    )
    expect(within(table).getByRole('link', { name: seen.title })).toBeTruthy()
    expect(table.textContent).not.toContain(`${seen.videoId} · title not known yet`)
  })
})
