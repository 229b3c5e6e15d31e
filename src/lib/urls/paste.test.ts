import { describe, expect, it } from 'vitest'
import { pasteTargetUrl } from './paste.ts'

describe('pasteTargetUrl', () => {
  it('routes every kind of target to its view', () => {
    expect(pasteTargetUrl({ kind: 'video', videoId: 'dQw4w9WgXcQ', t: 43 })).toBe('/videos/dQw4w9WgXcQ?t=43')
    expect(pasteTargetUrl({ kind: 'channel', by: 'handle', handle: '@abc' })).toBe('/channels/@abc')
    expect(pasteTargetUrl({ kind: 'channel', by: 'handle', handle: '@東京' })).toBe(
      '/channels/@%E6%9D%B1%E4%BA%AC',
    )
    expect(pasteTargetUrl({ kind: 'channel', by: 'username', username: 'Rick' })).toBe('/channels/user/Rick')
    expect(pasteTargetUrl({ kind: 'comment', parentId: 'P', replyId: 'P.x' })).toBe('/replies/P?reply=P.x')
    // A comment link's video travels with it, so a coded reply can name its video.
    expect(pasteTargetUrl({ kind: 'comment', parentId: 'P', videoId: 'dQw4w9WgXcQ' })).toBe(
      '/replies/P?video=dQw4w9WgXcQ',
    )
    expect(pasteTargetUrl({ kind: 'location', lat: 1, lng: 2 })).toBe(
      '/search?location=1,2&radius=10&unit=km',
    )
  })
})
