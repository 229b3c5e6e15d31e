import { describe, expect, it } from 'vitest'
import { ChannelPage } from '#contract/index.ts'
import { ANCHOR_CHANNEL } from './data/anchors.ts'
import { CHANNEL_WITH_EMPTY_LIKES_INDEX, CHANNEL_WITH_HIDDEN_SUBSCRIBERS_INDEX } from './data/channels.ts'
import { getDataset } from './data/dataset.ts'
import { okJson, status, testSimulator } from './testing/test-client.ts'
import { CHANNEL_FIELDS } from './wire.ts'

const sim = testSimulator()
const data = getDataset()
const channels = async (query: string) => ChannelPage.parse(await okJson(sim, `/channels?${query}`))

describe('GET /channels', () => {
  it('finds the anchor channel by id, handle (with or without @, any case) and username', async () => {
    for (const query of [
      `ids=${ANCHOR_CHANNEL.id}`,
      'forHandle=@rickastleyyt',
      'forHandle=RickAstleyYT',
      'forHandle=%40RICKASTLEYYT',
      'forUsername=RickAstleyVEVO',
      'forUsername=rickastleyvevo',
    ]) {
      const page = await channels(query)
      expect(page.totalResults).toBe(1)
      expect(page.data[0]!.id).toBe(ANCHOR_CHANNEL.id)
    }
  })

  it('writes every channel field, counts as numeric text', async () => {
    const [ch] = (await channels(`ids=${ANCHOR_CHANNEL.id}`)).data
    expect(Object.keys(ch!)).toEqual([...CHANNEL_FIELDS])
    expect(ch).toMatchObject({
      customUrl: '@rickastleyyt',
      country: 'GB',
      unsubscribedTrailer: 'dQw4w9WgXcQ',
      relatedPlaylists: { likes: '', uploads: 'UUuAXFkgsw1L7xaCfnd5JJOw' },
    })
    expect(ch!.subscriberCount).toMatch(/^\d+$/)
    expect(Object.keys(ch!.thumbnails!)).toEqual(['default', 'medium', 'high'])
  })

  it('keeps subscriberCount as numeric text when the count is hidden, and may have no likes playlist', async () => {
    const hidden = data.channels[CHANNEL_WITH_HIDDEN_SUBSCRIBERS_INDEX]!
    const noLikes = data.channels[CHANNEL_WITH_EMPTY_LIKES_INDEX]!
    const page = await channels(`ids=${hidden.id},${noLikes.id}`)
    expect(page.data[0]).toMatchObject({
      id: hidden.id,
      hiddenSubscriberCount: true,
      subscriberCount: expect.stringMatching(/^\d+$/),
    })
    expect(page.data[1]!.relatedPlaylists!.likes).toBe('')
  })

  it('takes ids comma-separated and repeated, in the order asked, and skips unknown ones', async () => {
    const [a, b, c] = data.channels.slice(3, 6)
    const page = await channels(`ids=${a!.id},${b!.id}&ids=${c!.id}&ids=UCxxxxxxxxxxxxxxxxxxxxxx`)
    expect(page.data.map((d) => d.id)).toEqual([a!.id, b!.id, c!.id])
    expect(page.totalResults).toBe(3)
  })

  it('returns the union of ids, handle and username without duplicates', async () => {
    const other = data.channels[7]!
    const page = await channels(
      `ids=${ANCHOR_CHANNEL.id}&forHandle=rickastleyyt&forUsername=${other.username}`,
    )
    expect(page.data.map((d) => d.id)).toEqual([ANCHOR_CHANNEL.id, other.id])
  })

  it('answers an empty page (200) for channels it does not know', async () => {
    expect(await channels('forHandle=@nobody_here_at_all')).toEqual({ totalResults: 0, data: [] })
    expect(await channels('forUsername=nobodyAtAll')).toEqual({ totalResults: 0, data: [] })
  })

  it('finds handles in non-Latin scripts', async () => {
    const ch = data.channels.find((c) => /[^ -~]/.test(c.customUrl))!
    const page = await channels(`forHandle=${encodeURIComponent(ch.customUrl.slice(1))}`)
    expect(page.data[0]!.id).toBe(ch.id)
  })

  it('localizes title and description with hl, falling back to the default text', async () => {
    const ja = (await channels(`ids=${ANCHOR_CHANNEL.id}&hl=ja`)).data[0]!
    expect(ja.title).toBe('リック・アストリー')
    expect(ja.description).toMatch(/公式チャンネル/)
    const latam = (await channels(`ids=${ANCHOR_CHANNEL.id}&hl=es-419`)).data[0]!
    expect(latam.description).toMatch(/Canal oficial/)
    const swahili = (await channels(`ids=${ANCHOR_CHANNEL.id}&hl=sw`)).data[0]!
    const plain = (await channels(`ids=${ANCHOR_CHANNEL.id}`)).data[0]!
    expect(swahili.title).toBe('Rick Astley')
    expect(swahili.description).toBe(plain.description)
  })

  it('trims channels to the requested fields plus id', async () => {
    const page = await channels(`forHandle=rickastleyyt&fields=title,subscriberCount, customUrl`)
    expect(page.data).toEqual([
      {
        id: ANCHOR_CHANNEL.id,
        title: 'Rick Astley',
        customUrl: '@rickastleyyt',
        subscriberCount: expect.any(String),
      },
    ])
  })

  it.each([
    ['', /ids, forHandle or forUsername/],
    ['ids=', /ids, forHandle or forUsername/],
    [`ids=${ANCHOR_CHANNEL.id}&hl=xx`, /hl "xx"/],
    [`ids=${ANCHOR_CHANNEL.id}&hl=zh`, /hl "zh"/],
    [`ids=${ANCHOR_CHANNEL.id}&fields=title,nonsense`, /unknown field nonsense/],
    ['forHandle=@a b', /not a handle/],
    [`ids=${Array.from({ length: 51 }, () => ANCHOR_CHANNEL.id).join(',')}`, /at most 50/],
  ])('400 with a message: %s', async (query, message) => {
    const res = await status(sim, `/channels?${query}`)
    expect(res.status).toBe(400)
    expect(JSON.parse(res.body).message).toMatch(message)
  })
})
