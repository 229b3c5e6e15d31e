// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { jsonResponse, overrideRoute, stubApi, type ApiHandler } from '#testing/api-stub.ts'
import { receiptHeaders } from '#testing/receipt-headers.ts'
import { appRoutes, renderRoute } from '#testing/render-route.tsx'
import { layOutTranscript } from '#testing/transcript-layout.ts'

const videosRoutes = await appRoutes('videos')

/** The real function + simulator; every paid request the view makes is written down. */
function watchPaid(answer?: { matches: (u: URL) => boolean; handler: ApiHandler }): string[] {
  const paid: string[] = []
  const inProcess: ApiHandler = (req) => globalThis.__poixInProcessApi!(req)
  const base = answer ? overrideRoute(inProcess, answer.matches, answer.handler) : inProcess
  stubApi((req) => {
    const url = new URL(req.url)
    if (url.pathname.startsWith('/api/captions') || url.pathname.startsWith('/api/files'))
      paid.push(`${url.pathname}${url.search}`)
    return base(req)
  })
  return paid
}

function renderAt(path: string) {
  return renderRoute(videosRoutes, { at: path })
}

const slow = { timeout: 15_000 }

// jsdom lays nothing out: the transcript gets a viewport and its rows a height.
layOutTranscript()
const time = () => screen.getByTestId('playback-time').textContent

type Item = { text: string; offset: number; duration: number }
/** The anchor video's default track as the simulator serves it, so expectations follow the demo data. */
async function anchorTrack(): Promise<Item[]> {
  const res = await globalThis.__poixInProcessApi!(
    new Request('http://localhost/api/captions/dQw4w9WgXcQ?format=json&mode=default'),
  )
  return (await res.json()) as Item[]
}
const decode = (s: string) =>
  new DOMParser().parseFromString(
    new DOMParser().parseFromString(s, 'text/html').documentElement.textContent ?? '',
    'text/html',
  ).documentElement.textContent ?? ''

// Rendering a transcript in jsdom is slow on a loaded machine; the assertions, not the clock, are the test.
describe('caption studio', { timeout: 60_000 }, () => {
  it('opens a video: fetches the file list and the track once, shows each cost, decodes the text', async () => {
    const paid = watchPaid()
    renderAt('/videos/dQw4w9WgXcQ')
    await screen.findByRole('list', { name: 'Transcript cues' }, slow)
    expect(paid.sort()).toEqual([
      '/api/captions/dQw4w9WgXcQ?format=json&mode=default',
      '/api/files/captions/dQw4w9WgXcQ',
    ])
    await waitFor(() => expect(screen.getByTestId('cost-files').textContent).toBe('$0.00053'))
    expect(screen.getByTestId('cost-track').textContent).toBe('$0.00053')
    const tracks = screen.getByRole('table')
    expect(within(tracks).getByRole('rowheader', { name: /English/ })).toBeTruthy()
    expect(within(tracks).getAllByText(/json · text · csv/).length).toBeGreaterThan(0)
    const list = screen.getByRole('list', { name: 'Transcript cues' })
    const items = await anchorTrack()
    const escaped = items.find((i) => /&amp;|&#39;|&quot;/.test(i.text))!
    expect(escaped).toBeTruthy()
    expect(list.textContent).toContain(decode(escaped.text).split('\n')[0])
    expect(list.textContent).not.toMatch(/&amp;|&#39;|&quot;/)
    const marker = list.querySelector('[data-sound-marker]')
    expect(marker?.textContent).toMatch(/^\[.+\]$/)
    const end = Math.max(...items.map((i) => i.offset + i.duration))
    expect(time()).toBe(`0:00 / ${Math.floor(end / 60)}:${String(Math.floor(end % 60)).padStart(2, '0')}`)
  })

  it('a revisit answered from the browser cache says "cached · free" for each item, and pays nothing', async () => {
    const paid = watchPaid()
    const first = renderAt('/videos/k7Ry2VqWm_E')
    await screen.findByRole('list', { name: 'Transcript cues' }, slow)
    await waitFor(() => expect(screen.getByTestId('cost-files').textContent).toBe('$0.00053'))
    first.unmount()
    const asked = paid.length
    renderRoute(videosRoutes, { at: '/videos/k7Ry2VqWm_E', queryClient: first.queryClient })
    await screen.findByRole('list', { name: 'Transcript cues' }, slow)
    expect(paid.length).toBe(asked)
    expect(screen.getByTestId('opening-costs').textContent).toBe(
      'Opening this video: file list cached · free, captions cached · free',
    )
  })

  it('a cue click seeks there and highlights it; t= in the URL starts at that moment', async () => {
    watchPaid()
    const items = await anchorTrack()
    // A whole second inside the second cue, and the fourth cue's start, from the demo data.
    const second = items[1]!
    const t = Math.ceil(second.offset)
    expect(t).toBeLessThan(second.offset + second.duration)
    const { user } = renderAt(`/videos/dQw4w9WgXcQ?t=${t}`)
    await screen.findByRole('list', { name: 'Transcript cues' }, slow)
    expect(time()).toMatch(new RegExp(`^0:${String(t).padStart(2, '0')} `))
    expect(screen.getByRole('listitem', { current: true }).getAttribute('aria-posinset')).toBe('2')
    const fourth = items[3]!
    const clock = `0:${String(Math.floor(fourth.offset)).padStart(2, '0')}`
    await user.click(screen.getByRole('button', { name: `Seek to ${clock}` }))
    expect(time()).toMatch(new RegExp(`^${clock} `))
    expect(screen.getByRole('listitem', { current: true }).getAttribute('aria-posinset')).toBe('4')
  })

  it('searches the transcript: count, next and previous move through matches and seek', async () => {
    watchPaid()
    const { user, router } = renderAt('/videos/dQw4w9WgXcQ')
    await screen.findByRole('list', { name: 'Transcript cues' }, slow)
    await user.type(screen.getByRole('searchbox', { name: 'Search the transcript' }), 'the')
    const count = screen.getByTestId('match-count')
    await waitFor(() => expect(count.textContent).toMatch(/^\d+ matches$/))
    expect(router.state.location.search).toContain('q=the')
    const total = Number(/^(\d+)/.exec(count.textContent!)![1])
    expect(total).toBeGreaterThan(2)
    await user.click(screen.getByRole('button', { name: 'Next match' }))
    expect(count.textContent).toBe(`1 of ${total} matches`)
    expect(document.querySelector('[data-current-match]')?.textContent?.toLowerCase()).toBe('the')
    const currentInList = () =>
      document.querySelector('ol[aria-label="Matches"] [aria-current="true"] span')?.textContent
    expect(time()).toBe(`${currentInList()} / ${time()!.split(' / ')[1]}`)
    await user.click(screen.getByRole('button', { name: 'Next match' }))
    expect(count.textContent).toBe(`2 of ${total} matches`)
    await user.click(screen.getByRole('button', { name: 'Previous match' }))
    await user.click(screen.getByRole('button', { name: 'Previous match' }))
    expect(count.textContent).toBe(`${total} of ${total} matches`)
    expect(time()!.startsWith(`${currentInList()} /`)).toBe(true)
    expect(screen.getByTestId('scrubber-match-marks').children.length).toBeGreaterThan(0)
  })

  it('a language without captions in default mode says so and offers priced fallback modes', async () => {
    const paid = watchPaid()
    const { user, router } = renderAt('/videos/dQw4w9WgXcQ?lang=sw')
    const alert = await screen.findByText(/no captions in Swahili \(sw\) in default mode/, {}, slow)
    const panel = alert.closest('[role="alert"]') as HTMLElement
    const fallback = within(panel).getByRole('button', { name: /Try fall back to auto-translation/ })
    expect(within(fallback).getByTestId('price').textContent).toBe('$0.00053')
    expect(within(panel).getByRole('button', { name: /Try always speech recognition/ })).toBeTruthy()
    await user.click(fallback)
    await screen.findByRole('list', { name: 'Transcript cues' }, slow)
    expect(router.state.location.search).toBe('?lang=sw&mode=fallback-auto-translated')
    expect(paid).toContain('/api/captions/dQw4w9WgXcQ?format=json&lang=sw&mode=fallback-auto-translated')
  })

  it('a video the service does not have is said not to exist: no "no captions" headline, no paid fallbacks', async () => {
    const paid = watchPaid()
    renderAt('/videos/AAAAAAAAAAA')
    const headline = await screen.findByText('This video does not exist', {}, slow)
    const panel = headline.closest('[role="alert"]') as HTMLElement
    expect(panel.textContent).toContain('No video with id AAAAAAAAAAA')
    expect(screen.queryByText(/no captions in/i)).toBeNull()
    expect(screen.queryByText(/fallback mode/i)).toBeNull()
    expect(screen.queryAllByRole('button', { name: /^Try |Retry/ })).toEqual([])
    expect(paid.sort()).toEqual([
      '/api/captions/AAAAAAAAAAA?format=json&mode=default',
      '/api/files/captions/AAAAAAAAAAA',
    ])
  })

  it('a private or removed video is named so, in the service’s words, with no fallbacks', async () => {
    for (const [said, headline] of [
      ['This video is private.', 'This video is private'],
      ['This video has been removed by the uploader.', 'This video has been removed'],
    ] as const) {
      watchPaid({
        matches: (u) => u.pathname.startsWith('/api/captions/') || u.pathname.startsWith('/api/files/'),
        handler: () => jsonResponse({ error: { code: 'not_found', message: said } }, 404),
      })
      const { unmount } = renderAt('/videos/k7Ry2VqWm_E')
      const shown = await screen.findByText(headline, {}, slow)
      expect((shown.closest('[role="alert"]') as HTMLElement).textContent).toContain(said)
      expect(screen.queryByText(/could not be loaded|no captions in/i)).toBeNull()
      expect(screen.queryAllByRole('button', { name: /^Try |Retry/ })).toEqual([])
      unmount()
    }
  })

  it('another language is fetched only when "Show captions", with its price, is pressed', async () => {
    const paid = watchPaid()
    const { user, router } = renderAt('/videos/dQw4w9WgXcQ')
    await screen.findByRole('list', { name: 'Transcript cues' }, slow)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'fr')
    const show = screen.getByRole('button', { name: /Show captions/ })
    await waitFor(() => expect(within(show).getByTestId('price').textContent).toBe('$0.00053'))
    expect(paid.filter((p) => p.includes('lang=fr'))).toEqual([])
    await user.click(show)
    await waitFor(() => expect(router.state.location.search).toBe('?lang=fr&mode=default'))
    await waitFor(() => expect(paid).toContain('/api/captions/dQw4w9WgXcQ?format=json&lang=fr&mode=default'))
  })

  it('the default track, asked for by its language, is the same track: free, no second request', async () => {
    const paid = watchPaid()
    const { user, router } = renderAt('/videos/dQw4w9WgXcQ')
    await screen.findByRole('list', { name: 'Transcript cues' }, slow)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'en')
    const show = screen.getByRole('button', { name: /Show captions/ })
    await waitFor(() => expect(within(show).getByTestId('price').textContent).toBe('cached · free'))
    await user.click(show)
    await waitFor(() => expect(router.state.location.search).toBe('?lang=en&mode=default'))
    await screen.findByText('These captions are shown.', {}, slow)
    expect(screen.getByTestId('cost-track').textContent).toBe('cached · free')
    expect(paid.filter((p) => p.startsWith('/api/captions/'))).toEqual([
      '/api/captions/dQw4w9WgXcQ?format=json&mode=default',
    ])
  })

  it('names URL parameters it cannot use and still opens the video', async () => {
    watchPaid()
    renderAt('/videos/dQw4w9WgXcQ?mode=loud&t=soon')
    await screen.findByRole('list', { name: 'Transcript cues' }, slow)
    const problems = screen
      .getByText('Part of this link was not understood:')
      .closest('[role="alert"]') as HTMLElement
    expect(problems.textContent).toContain('mode "loud"')
    expect(problems.textContent).toContain('t "soon"')
  })

  it('a failing track shows the error with a priced retry, distinct from loading', async () => {
    watchPaid({
      matches: (u) => u.pathname.startsWith('/api/captions/'),
      handler: () =>
        jsonResponse(
          { error: { code: 'upstream_timeout', message: 'The data service did not answer in time.' } },
          504,
        ),
    })
    renderAt('/videos/dQw4w9WgXcQ')
    await screen.findByText('The captions could not be loaded', {}, slow)
    expect(screen.getByText('The data service did not answer in time.')).toBeTruthy()
    expect(screen.getByRole('button', { name: /Retry/ })).toBeTruthy()
    expect(screen.queryByRole('list', { name: 'Transcript cues' })).toBeNull()
  })

  it('a failed track is said one way: no "showing" in the header, no "loading", no "shown" in the picker', async () => {
    watchPaid({
      matches: (u) => u.pathname.startsWith('/api/captions/'),
      handler: () =>
        jsonResponse(
          { error: { code: 'upstream_error', message: 'The data service failed (500).' } },
          502,
          receiptHeaders('0.00053', 'MISS'),
        ),
    })
    renderAt('/videos/dQw4w9WgXcQ')
    await screen.findByText('The captions could not be loaded', {}, slow)
    const header = screen.getByRole('heading', { level: 1, name: /Captions of/ }).closest('header')!
    expect(header.textContent).toContain('Opening this video')
    expect(header.textContent).not.toMatch(/showing|loading/)
    expect(screen.getByTestId('cost-track').textContent).toBe('failed, charged $0.00053')
    expect(screen.getByTestId('track-state').textContent).toBe(
      'These captions could not be loaded: see the message beside.',
    )
    expect(screen.queryByText('These captions are shown.')).toBeNull()
    const retry = screen.getByRole('button', { name: /Retry/ })
    expect(within(retry).getByTestId('price').textContent).toBe('$0.00053')
  })

  it('after a 429 Retry waits for Retry-After, counting down; after a 402 it is not offered and says what to do', async () => {
    watchPaid({
      matches: (u) => u.pathname.startsWith('/api/captions/'),
      handler: () =>
        jsonResponse(
          { error: { code: 'rate_limited', message: 'Too many requests.', retryAfterSeconds: 30 } },
          429,
          {
            'Retry-After': '30',
          },
        ),
    })
    renderAt('/videos/dQw4w9WgXcQ')
    await screen.findByText('The captions could not be loaded', {}, slow)
    expect(screen.getByTestId('retry-countdown').textContent).toMatch(/Retry is offered in (30|29) s\./)
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull()
    expect(screen.getByTestId('cost-track').textContent).toBe('failed, not charged')
  })

  it('after a 402 no Retry is offered; the panel says what to do instead', async () => {
    watchPaid({
      matches: (u) => u.pathname.startsWith('/api/captions/'),
      handler: () =>
        jsonResponse({ error: { code: 'balance_exhausted', message: 'The balance is used up.' } }, 402),
    })
    renderAt('/videos/dQw4w9WgXcQ')
    await screen.findByText('The captions could not be loaded', {}, slow)
    expect(screen.getByText(/add funds in the service's account dashboard/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull()
  })

  it('/videos without an id opens any video link form, and refuses other links with a reason', async () => {
    watchPaid()
    const { user, router } = renderAt('/videos')
    const field = screen.getByRole('textbox', { name: 'Video link or id' })
    await user.type(field, 'https://www.youtube.com/channel/UCuAXFkgsw1L7xaCfnd5JJOw')
    await user.click(screen.getByRole('button', { name: 'Open captions' }))
    expect(screen.getByRole('alert').textContent).toMatch(/channel link, not a video/)
    await user.clear(field)
    await user.type(field, 'https://youtu.be/dQw4w9WgXcQ?t=1m5s')
    await user.click(screen.getByRole('button', { name: 'Open captions' }))
    expect(router.state.location.pathname).toBe('/videos/dQw4w9WgXcQ')
    expect(router.state.location.search).toBe('?t=65')
  })
})
