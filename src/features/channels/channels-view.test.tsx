// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { jsonResponse, overrideRoute, stubApi } from '#testing/api-stub.ts'
import { receiptHeaders } from '#testing/receipt-headers.ts'
import { appRoutes, renderRoute } from '#testing/render-route.tsx'

const channelsRoutes = await appRoutes('channels')

const RICK = 'UCuAXFkgsw1L7xaCfnd5JJOw'
const SLOW = { timeout: 15_000 }

function setup(url: string) {
  return renderRoute([...channelsRoutes, { path: '*', element: <p>elsewhere</p> }], { at: url })
}

describe('channel page on demo data', () => {
  it('shows every part of a channel opened by handle, and what fetching it cost', async () => {
    setup('/channels/@rickastleyyt')
    expect((await screen.findByRole('heading', { level: 1, name: 'Rick Astley' }, SLOW)).textContent).toBe(
      'Rick Astley',
    )
    expect(screen.getByTestId('fetch-receipt').textContent).toMatch(/Fetched for \$0\.00013|cache · free/)
    const keywords = screen.getByRole('list', { name: 'Keywords' })
    expect(
      within(keywords)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'rick astley',
      'never gonna give you up',
      'together forever',
      'pop',
      '80s',
      'official music video',
    ])
    expect(screen.getByRole('link', { name: 'Pop music' }).getAttribute('href')).toBe(
      'https://en.wikipedia.org/wiki/Pop_music',
    )
    expect(screen.getByRole('link', { name: 'https://www.rickastley.co.uk' })).toBeTruthy()
    expect(screen.getByRole('link', { name: /Captions of the trailer/ }).getAttribute('href')).toBe(
      '/videos/dQw4w9WgXcQ',
    )
    expect(screen.getByText(/Empty: the channel shares no liked-videos playlist/)).toBeTruthy()
    expect(screen.getByTitle(`${new Intl.NumberFormat().format(4210000)} subscribers`)).toBeTruthy()
  })

  it('opens a legacy username and switches to localized text with hl, kept in the URL', async () => {
    const { user, router } = setup('/channels/user/RickAstleyVEVO')
    await screen.findByRole('heading', { level: 1, name: 'Rick Astley' }, SLOW)
    await user.selectOptions(screen.getByLabelText('Language of localized data'), 'ja')
    expect(await screen.findByRole('heading', { level: 1, name: 'リック・アストリー' }, SLOW)).toBeTruthy()
    expect(router.state.location.search).toBe('?hl=ja')
    expect(screen.getByRole('heading', { level: 1 }).getAttribute('lang')).toBe('ja')
  })

  it('says "hidden" for a hidden subscriber count', async () => {
    stubApi(
      overrideRoute(
        (req) => globalThis.__poixInProcessApi!(req),
        (u) => u.pathname === '/api/channels',
        () =>
          jsonResponse(
            {
              totalResults: 1,
              data: [
                {
                  id: RICK,
                  title: 'Quiet channel',
                  subscriberCount: '1234',
                  hiddenSubscriberCount: true,
                  viewCount: '10',
                  videoCount: '2',
                },
              ],
            },
            200,
            receiptHeaders('0', 'HIT'),
          ),
      ),
    )
    setup(`/channels/${RICK}`)
    await screen.findByRole('heading', { level: 1, name: 'Quiet channel' }, SLOW)
    const counts = screen.getByLabelText('Counts')
    expect(within(counts).getByText('hidden')).toBeTruthy()
    expect(screen.getByTestId('fetch-receipt').textContent).toContain("From the dashboard's cache · free")
  })

  it('gives a missing channel a not-found page with the lookup box and the other reading of the name', async () => {
    setup('/channels/@no_such_channel_here')
    expect(await screen.findByRole('heading', { name: 'Channel not found' }, SLOW)).toBeTruthy()
    expect(screen.getByText(/no channel for the handle @no_such_channel_here/)).toBeTruthy()
    expect(screen.getByRole('link', { name: /as a legacy username instead/ }).getAttribute('href')).toBe(
      '/channels/user/no_such_channel_here',
    )
    expect(screen.getByLabelText('Channel URL, id, handle or username')).toBeTruthy()
  })

  it('compares channels side by side, asking only for the compared fields', async () => {
    const asked: string[] = []
    stubApi((req) => {
      asked.push(req.url)
      return globalThis.__poixInProcessApi!(req)
    })
    setup(`/channels?ids=${RICK},UCaaaaaaaaaaaaaaaaaaaaaa`)
    expect(await screen.findByRole('heading', { name: 'Comparing 1 channels' }, SLOW)).toBeTruthy()
    const table = screen.getByRole('table')
    expect(within(table).getByRole('columnheader', { name: 'Rick Astley' })).toBeTruthy()
    expect(within(table).getByRole('rowheader', { name: 'Subscribers' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toContain('UCaaaaaaaaaaaaaaaaaaaaaa')
    const url = new URL(asked.find((u) => u.includes('/api/channels'))!)
    expect(url.searchParams.get('fields')).toContain('subscriberCount')
    expect(url.searchParams.get('fields')).not.toContain('description')
  })

  it('explains an address that names no channel', async () => {
    setup('/channels/not-a-channel')
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'This address names no channel' })).toBeTruthy(),
    )
    expect(screen.getByRole('alert').textContent).toContain('"not-a-channel" is neither a channel id')
  })
})
