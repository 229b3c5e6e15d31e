// @vitest-environment jsdom
import { beforeEach, afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { CollectionDetail, CollectionSummary } from '#contract/collections.ts'
import { inProcessApi, overrideRoute, stubApi } from '#testing/api-stub.ts'
import { appRoutes, renderRoute } from '#testing/render-route.tsx'

const routes = await appRoutes('collections')

// jsdom lays nothing out: give the videos' scroller a size so the virtualiser renders rows.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400)
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000)
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(52)
})
afterEach(() => vi.restoreAllMocks())

const MISSING = 'zzzzzzzzzz9'

async function newCollection(name: string, videoIds: string[]) {
  const res = await fetch('/api/collections', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name,
      videoIds,
      // The list's metadata, for the ids it has it for.
      videos: [
        {
          videoId: 'dQw4w9WgXcQ',
          title: 'Never Gonna Give You Up',
          channelTitle: 'Rick Astley',
          publishedAt: '2009-10-25T06:57:33Z',
        },
      ].filter((v) => videoIds.includes(v.videoId)),
      source: { kind: 'search', label: 'Test list' },
    }),
  })
  expect(res.status).toBe(201)
  return CollectionSummary.parse(await res.json())
}

/** Collects the collection's tracks through the API, to the job's end: the test then knows what its corpus holds. */
async function collectAll(id: string) {
  const res = await fetch(`/api/collections/${id}/collect`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ maxUsd: 1 }),
  })
  expect(res.status).toBe(202)
  await vi.waitFor(
    async () => {
      const d = CollectionDetail.parse(await (await fetch(`/api/collections/${id}`)).json())
      expect(d.job).toMatchObject({ state: 'done', running: 0 })
      expect(d.tracks).toMatchObject({ collected: d.videos.length })
    },
    { timeout: 20_000, interval: 100 },
  )
}

describe('CollectionView against the real function', () => {
  it(
    'shows the price first, collects, lists each video with its track state or failure reason',
    { timeout: 60_000 },
    async () => {
      const c = await newCollection('Rick', ['dQw4w9WgXcQ', MISSING])
      const { user } = renderRoute(routes, { at: `/collections/${c.id}` })
      expect(await screen.findByRole('heading', { level: 1, name: 'Rick' }, { timeout: 10_000 })).toBeTruthy()
      await waitFor(() => expect(document.title).toMatch(/^Rick — /))
      const videos = screen.getByRole('table', { name: 'Videos in this collection' })
      expect(within(videos).getByRole('link', { name: 'Never Gonna Give You Up' }).getAttribute('href')).toBe(
        '/videos/dQw4w9WgXcQ',
      )
      expect(within(videos).getAllByText('wanted')).toHaveLength(2)

      // Nothing collected yet: the statistics say so rather than counting nothing.
      expect((await screen.findByTestId('nothing-collected')).textContent).toMatch(/^Nothing is collected/)

      const collect = await screen.findByRole('button', { name: 'Collect 2 tracks · $0.00106' })
      expect((screen.getByLabelText('Spend at most (USD)') as HTMLInputElement).value).toBe('0.01')
      await user.click(collect)
      await waitFor(
        () =>
          expect(screen.getByTestId('collect-job').textContent).toMatch(
            /^Done: 2 of 2 tracks · 1 collected, 1 unavailable/,
          ),
        {
          timeout: 15_000,
        },
      )
      await waitFor(() => expect(within(videos).getByText(/^collected · en · \d+ cues$/)).toBeTruthy())
      expect(within(videos).getByText(/^unavailable: No video with id zzzzzzzzzz9/)).toBeTruthy()
      // The statistics read before the job are read again once it has ended: the collected words are counted.
      await waitFor(() =>
        expect(
          within(screen.getByRole('table', { name: 'Most frequent' })).getAllByRole('link').length,
        ).toBeGreaterThan(0),
      )
      // The service charges its 404 answer too: both tracks were paid.
      expect(screen.getByTestId('collection-summary').textContent).toMatch(
        /1 of 2 tracks collected · 1 unavailable .*cost so far \$0\.00106/,
      )
    },
  )

  it('a maximum under the price stops the job before it pays; the rest is offered again with its price', async () => {
    const c = await newCollection('Capped', ['cccccccccc1'])
    const { user } = renderRoute(routes, { at: `/collections/${c.id}` })
    await screen.findByRole('button', { name: 'Collect 1 track · $0.00053' }, { timeout: 10_000 })
    const max = screen.getByLabelText('Spend at most (USD)')
    await user.clear(max)
    await user.type(max, '0')
    await user.click(screen.getByRole('button', { name: 'Collect 1 track · $0.00053' }))
    await waitFor(
      () =>
        expect(screen.getByTestId('collect-job').textContent).toMatch(
          /^Stopped at the maximum: 0 of 1 tracks · 0 collected · spent \$0 of at most \$0/,
        ),
      { timeout: 15_000 },
    )
    expect(await screen.findByRole('button', { name: 'Resume: collect 1 track · $0.00053' })).toBeTruthy()
  })

  it('adds pasted links and ids, listing what could not be read', async () => {
    const c = await newCollection('Pasted', ['dQw4w9WgXcQ'])
    const { user } = renderRoute(routes, { at: `/collections/${c.id}` })
    const box = await screen.findByLabelText(/^Video links or ids/, {}, { timeout: 10_000 })
    await user.type(box, 'https://youtu.be/aaaaaaaaaa3 dQw4w9WgXcQ @somechannel')
    await user.click(screen.getByRole('button', { name: 'Add these videos' }))
    expect(
      (await screen.findByText(/^Added 1; 1 was already there\.$/, {}, { timeout: 10_000 })).textContent,
    ).toBe('Added 1; 1 was already there.')
    expect(
      within(screen.getByRole('list', { name: 'Not added' })).getByText(/@somechannel.*channel/),
    ).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('collection-summary').textContent).toMatch(/^2 videos/))
  })

  it('restores a search from the URL, shows KWIC lines linking to the studio at that moment, counts apart, sorts in the URL', async () => {
    const c = await newCollection('Search me', ['dQw4w9WgXcQ'])
    await fetch(`/api/collections/${c.id}/collect`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ maxUsd: 1 }),
    })
    for (let i = 0; i < 100; i++) {
      const d = (await (await fetch(`/api/collections/${c.id}`)).json()) as { job: { state: string } }
      if (d.job.state === 'done') break
      await new Promise((r) => setTimeout(r, 100))
    }
    const { user, router } = renderRoute(routes, { at: `/collections/${c.id}?q=never&sort=after` })
    await waitFor(
      () => expect(screen.getByTestId('corpus-total').textContent).toMatch(/^Lines 1–\d+ of \d+ hits$/),
      { timeout: 10_000 },
    )
    expect((screen.getByRole('searchbox', { name: 'Words to find' }) as HTMLInputElement).value).toBe('never')
    expect(
      screen
        .getByRole('button', { name: 'Sort by the words after' })
        .closest('th')
        ?.getAttribute('aria-sort'),
    ).toBe('ascending')
    const hits = screen.getAllByRole('link', { name: 'never' })
    expect(hits.length).toBeGreaterThan(1)
    // The studio opens at the hit with the collection's mode and codes (coding on).
    for (const h of hits)
      expect(h.getAttribute('href')).toMatch(
        new RegExp(`^/videos/dQw4w9WgXcQ\\?lang=en&mode=default&t=\\d+&collection=${c.id}$`),
      )
    expect(hits[0]!.querySelector('mark')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Sort by the words before' }))
    expect(router.state.location.search).toBe('?q=never&sort=before')

    // Per-video counts agree with the total.
    const total = Number(/of (\d+) hits/.exec(screen.getByTestId('corpus-total').textContent!)![1])
    const perVideo = await screen.findByRole(
      'table',
      { name: 'Hits per video, most first' },
      { timeout: 10_000 },
    )
    expect(within(perVideo).getByRole('row', { name: /Never Gonna Give You Up/ }).textContent).toContain(
      String(total),
    )
    // A counted video opens in the studio with its collected track and the collection (coding on).
    expect(
      within(perVideo)
        .getByRole('link', { name: /Never Gonna Give You Up/ })
        .getAttribute('href'),
    ).toBe(`/videos/dQw4w9WgXcQ?lang=en&mode=default&collection=${c.id}`)
    expect(screen.getByRole('img', { name: /^Hits per (day|month|year) of publication/ })).toBeTruthy()

    // Exports are links to the function's routes with the same search.
    expect(screen.getByRole('link', { name: 'KWIC lines as CSV' }).getAttribute('href')).toBe(
      `/api/collections/${c.id}/export/kwic.csv?q=never&sort=before&match=words`,
    )
  })

  it(
    'shows the lines first and "counting…" until the total, asked apart, arrives',
    { timeout: 60_000 },
    async () => {
      const c = await newCollection('Counting', ['dQw4w9WgXcQ'])
      await collectAll(c.id)
      let release!: () => void
      const held = new Promise<void>((r) => (release = r))
      const asked: string[] = []
      stubApi(
        overrideRoute(
          inProcessApi,
          (url) => url.pathname.endsWith('/search'),
          async (req) => {
            const count = new URL(req.url).searchParams.get('count')!
            asked.push(count)
            if (count === 'exact') await held
            return inProcessApi(req)
          },
        ),
      )
      renderRoute(routes, { at: `/collections/${c.id}?q=never` })
      const total = await screen.findByTestId('corpus-total', {}, { timeout: 10_000 })
      expect(total.textContent).toMatch(/^Lines 1–\d+ of … counting…$/)
      expect(asked).toContain('none')
      expect(asked).toContain('exact')
      release()
      await waitFor(() =>
        expect(screen.getByTestId('corpus-total').textContent).toMatch(/^Lines 1–\d+ of \d+ hits$/),
      )
    },
  )
})
