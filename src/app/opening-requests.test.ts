import { describe, expect, it } from 'vitest'
import { captionFileListUrl, captionTrackUrl } from '#lib/captions/caption-request.ts'
import { channelApiUrl } from '#features/channels/api/queries.ts'
import { popularPageUrl } from '#features/popular/api/queries.ts'
import { replyQueries } from '#features/replies/api/queries.ts'
import { openingRequests } from '#lib/pricing/opening-requests.ts'

// What a link is priced at must be what its view asks for when it opens: the views' own builders, compared.
describe('opening requests are the views’ first requests', () => {
  it('video: the caption file list and the JSON track the studio loads', () => {
    expect(openingRequests({ kind: 'video', videoId: 'dQw4w9WgXcQ' }).map((r) => r.path)).toEqual([
      captionFileListUrl('dQw4w9WgXcQ'),
      captionTrackUrl({ videoId: 'dQw4w9WgXcQ', lang: undefined, mode: 'default' }),
    ])
    expect(
      openingRequests({ kind: 'video', videoId: 'dQw4w9WgXcQ', lang: 'fr', mode: 'fallback-whisper' })[1]!
        .path,
    ).toBe(captionTrackUrl({ videoId: 'dQw4w9WgXcQ', lang: 'fr', mode: 'fallback-whisper' }))
  })
  it('popular: its first page', () => {
    expect(openingRequests({ kind: 'popular' })).toEqual([{ path: popularPageUrl(), listPriceUsd: 0.00013 }])
    expect(openingRequests({ kind: 'popular', regionCode: 'FR', hl: 'fr' })).toEqual([
      { path: popularPageUrl(undefined, { regionCode: 'FR', hl: 'fr' }), listPriceUsd: 0.00013 },
    ])
  })
  it.each([
    [{ by: 'id', id: 'UCuAXFkgsw1L7xaCfnd5JJOw' }],
    [{ by: 'handle', handle: '@rickastleyyt' }],
    [{ by: 'username', username: 'RickAstleyVEVO' }],
  ] as const)('channel %j: the channels call', (ref) => {
    expect(openingRequests({ kind: 'channel', ref, hl: 'fr' })[0]!.path).toBe(channelApiUrl(ref, 'fr'))
  })
  it('replies: the first page', () => {
    const id = 'UgzoQVUwDeGW1IS5_uR4AaABAg'
    expect(openingRequests({ kind: 'replies', commentId: id })[0]!.path).toBe(replyQueries.pageUrl(id))
  })
})
