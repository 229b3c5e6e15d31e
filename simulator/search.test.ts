import { describe, expect, it } from 'vitest'
import { distanceKm, parseRadius, SearchPage } from '#contract/index.ts'
import { PARIS } from './data/anchors.ts'
import { getDataset } from './data/dataset.ts'
import { encodePageToken } from './page-token.ts'
import { estimateTotal, SEARCH_AREA_SLACK, SEARCH_PAGE_SIZE, SEARCH_RESULT_CAP } from './routes/search.ts'
import { okJson, status, testSimulator } from './testing/test-client.ts'

const sim = testSimulator()
const data = getDataset()
const q = (lat: number, lng: number, radius: string, pageToken?: string) =>
  `/search?location=${lat},${lng}&locationRadius=${radius}&type=video${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ''}`

async function allPages(lat: number, lng: number, radius: string) {
  const pages: SearchPage[] = []
  let token: string | undefined
  do {
    const page = SearchPage.parse(await okJson(sim, q(lat, lng, radius, token)))
    pages.push(page)
    token = page.nextPageToken
  } while (token && pages.length < 20)
  return pages
}

describe('GET /search', () => {
  it('answers the contract schema, with youtube#video items and the nearest region', async () => {
    const page = SearchPage.parse(await okJson(sim, q(PARIS.lat, PARIS.lng, '25km')))
    expect(page.regionCode).toBe('FR')
    expect(page.data.length).toBeGreaterThanOrEqual(6)
    expect(page.resultsPerPage).toBe(page.data.length)
    for (const item of page.data) {
      expect(item.kind).toBe('youtube#video')
      expect(Object.keys(item.thumbnails)).toEqual(['default', 'medium', 'high'])
      expect(item.thumbnails.default!.url).toBe(`https://i.ytimg.com/vi/${item.videoId}/default.jpg`)
    }
  })

  it.each([
    ['Paris', PARIS.lat, PARIS.lng, '25km'],
    ['Tokyo', 35.6762, 139.6503, '8000m'],
    ['New York', 40.7128, -74.006, '20mi'],
    ['Nairobi', -1.2921, 36.8219, '15km'],
    ['São Paulo', -23.5558, -46.6396, '60000ft'],
    ['Sydney', -33.8688, 151.2093, '40km'],
  ])('%s: returns exactly the videos within radius × 1.1, nearest first', async (_name, lat, lng, radius) => {
    const km = (parseRadius(radius) as { ok: true; value: { km: number } }).value.km
    const ids = (await allPages(lat, lng, radius)).flatMap((p) => p.data.map((d) => d.videoId))
    const expected = data.videos
      .filter((v) => distanceKm({ lat, lng }, v) <= km * SEARCH_AREA_SLACK)
      .map((v) => v.id)
    expect(ids.length).toBeGreaterThan(0)
    expect(new Set(ids)).toEqual(new Set(expected))
    const kms = ids.map((id) => distanceKm({ lat, lng }, data.video(id)!))
    for (let i = 1; i < kms.length; i++) expect(kms[i]!).toBeGreaterThanOrEqual(kms[i - 1]!)
    for (const d of kms) expect(d).toBeLessThanOrEqual(km * SEARCH_AREA_SLACK)
  })

  it('includes videos a little beyond the radius ("a somewhat larger area"), none beyond × 1.1', async () => {
    const kms = (await allPages(PARIS.lat, PARIS.lng, '5km')).flatMap((p) =>
      p.data.map((d) => distanceKm(PARIS, data.video(d.videoId)!)),
    )
    expect(kms.filter((km) => km > 5).length).toBeGreaterThan(0)
    expect(Math.max(...kms)).toBeLessThanOrEqual(5.5)
  })

  it('finds nothing in the middle of the Pacific', async () => {
    const page = SearchPage.parse(await okJson(sim, q(-15, -140, '1000km')))
    expect(page.data).toEqual([])
    expect(page.totalResults).toBe(0)
    expect(page.nextPageToken).toBeUndefined()
  })

  it('pages 50 at a time and stops near 500 results, with an estimated total', async () => {
    const pages = await allPages(PARIS.lat, PARIS.lng, '1000km')
    const ids = pages.flatMap((p) => p.data.map((d) => d.videoId))
    expect(pages).toHaveLength(SEARCH_RESULT_CAP / SEARCH_PAGE_SIZE)
    expect(pages.slice(0, -1).every((p) => p.data.length === 50 && p.nextPageToken)).toBe(true)
    expect(pages.at(-1)!.nextPageToken).toBeUndefined()
    expect(new Set(ids).size).toBe(SEARCH_RESULT_CAP)
    expect(pages[0]!.totalResults).toBeGreaterThan(SEARCH_RESULT_CAP)
    for (const p of pages) expect(p.nextPageToken ?? 'CDIQAA').toMatch(/^[A-Za-z0-9_-]{4,12}$/)
  })

  it('estimates totals by rounding up, never below the real count', () => {
    expect(estimateTotal(0)).toBe(0)
    expect(estimateTotal(68)).toBe(68)
    expect(estimateTotal(587)).toBe(590)
    expect(estimateTotal(1201)).toBe(1300)
  })

  it('refuses forged, altered and borrowed page tokens with 400', async () => {
    const first = SearchPage.parse(await okJson(sim, q(PARIS.lat, PARIS.lng, '25km')))
    const token = first.nextPageToken!
    const altered = (token[0] === 'A' ? 'B' : 'A') + token.slice(1)
    for (const bad of ['CDIQAA', altered, 'x', encodePageToken('search|0,0|25', 50)]) {
      const res = await status(sim, q(PARIS.lat, PARIS.lng, '25km', bad))
      expect(res.status).toBe(400)
      expect(JSON.parse(res.body).message).toMatch(/pageToken/)
    }
    expect((await status(sim, q(PARIS.lat, PARIS.lng, '30km', token))).status).toBe(400)
  })

  it.each([
    ['/search?type=video', /location and locationRadius/],
    ['/search?location=48.8566,2.3522&type=video', /locationRadius is required/],
    ['/search?locationRadius=25km&type=video', /location is required/],
    ['/search?location=48.8566,2.3522&locationRadius=25km', /type is required/],
    ['/search?location=48.8566,2.3522&locationRadius=25km&type=channel', /type "channel"/],
    ['/search?location=48.8566,2.3522&locationRadius=25yd&type=video', /unit "yd"/],
    ['/search?location=48.8566,2.3522&locationRadius=1001km&type=video', /at most 1000 km/],
    ['/search?location=48.8566,2.3522&locationRadius=700mi&type=video', /at most 1000 km/],
    ['/search?location=91,2&locationRadius=25km&type=video', /Latitude/],
    ['/search?location=paris&locationRadius=25km&type=video', /location must be/],
  ])('400 with a message naming the problem: %s', async (path, message) => {
    const res = await status(sim, path)
    expect(res.status).toBe(400)
    expect(JSON.parse(res.body).message).toMatch(message)
  })

  it('accepts every documented radius unit', async () => {
    for (const radius of ['25km', '25000m', '15mi', '80000ft'])
      expect((await status(sim, q(PARIS.lat, PARIS.lng, radius))).status).toBe(200)
  })
})
