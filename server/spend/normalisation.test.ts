import { describe, expect, it } from 'vitest'
import { describeOnEngines } from '../testing/postgres-cluster.ts'
import { cacheKeyOf, normaliseCall } from './cache-key.ts'
import { spendHarness } from '../testing/spend-harness.ts'

const SAME: [string, string, string][] = [
  [
    'a radius in m or km',
    '/api/search?location=48.8566,2.3522&locationRadius=25km&type=video',
    '/api/search?location=48.8566,2.3522&locationRadius=25000m&type=video',
  ],
  [
    'parameters in another order',
    '/api/search?location=48.8566,2.3522&locationRadius=25km&type=video',
    '/api/search?type=video&locationRadius=25km&location=48.8566,2.3522',
  ],
  [
    'coordinates with trailing zeros',
    '/api/search?location=48.8566,2.3522&locationRadius=2km&type=video',
    '/api/search?location=48.85660,2.35220&locationRadius=2km&type=video',
  ],
  [
    'a handle with or without @',
    '/api/channels?forHandle=@rickastleyyt',
    '/api/channels?forHandle=rickastleyyt',
  ],
  [
    'channel ids in any order',
    '/api/channels?ids=UCuAXFkgsw1L7xaCfnd5JJOw,UC0000000000000000000000',
    '/api/channels?ids=UC0000000000000000000000&ids=UCuAXFkgsw1L7xaCfnd5JJOw',
  ],
  [
    'channel fields in any order',
    '/api/channels?forUsername=RickAstleyVEVO&fields=title,country',
    '/api/channels?fields=country,title&forUsername=RickAstleyVEVO',
  ],
  [
    'captions format=json or the default',
    '/api/captions/dQw4w9WgXcQ?lang=en&format=json',
    '/api/captions/dQw4w9WgXcQ?lang=en',
  ],
  [
    'captions mode=default or the default',
    '/api/captions/dQw4w9WgXcQ?mode=default&lang=en',
    '/api/captions/dQw4w9WgXcQ?lang=en',
  ],
  [
    'replies format=html or the default',
    '/api/commentReplies?parentCommentId=UgzoQVUwDeGW1IS5_uR4AaABAg&format=html',
    '/api/commentReplies?parentCommentId=UgzoQVUwDeGW1IS5_uR4AaABAg',
  ],
  [
    'the default language, then the language its cues named (decision 0128)',
    '/api/captions/dQw4w9WgXcQ',
    '/api/captions/dQw4w9WgXcQ?lang=en',
  ],
  [
    'a download of a cached track',
    '/api/captions/dQw4w9WgXcQ?lang=en&format=srt',
    '/api/captions/dQw4w9WgXcQ?format=srt&lang=en&download=1',
  ],
]

const DIFFERENT: [string, string, string][] = [
  [
    'another radius',
    '/api/search?location=48.8566,2.3522&locationRadius=25km&type=video',
    '/api/search?location=48.8566,2.3522&locationRadius=26km&type=video',
  ],
  [
    'another page',
    '/api/search?location=48.8566,2.3522&locationRadius=25km&type=video',
    '/api/search?location=48.8566,2.3522&locationRadius=25km&type=video&pageToken=CDIQAA',
  ],
  ['another language', '/api/captions/dQw4w9WgXcQ?lang=en', '/api/captions/dQw4w9WgXcQ?lang=fr'],
  ['another video', '/api/captions/dQw4w9WgXcQ?lang=en', '/api/captions/9bZkp7q19f0?lang=en'],
  [
    'an explicit language, then the default one (which that answer cannot tell)',
    '/api/captions/dQw4w9WgXcQ?lang=en',
    '/api/captions/dQw4w9WgXcQ',
  ],
  [
    'plain text vs html replies',
    '/api/commentReplies?parentCommentId=UgzoQVUwDeGW1IS5_uR4AaABAg&format=plainText',
    '/api/commentReplies?parentCommentId=UgzoQVUwDeGW1IS5_uR4AaABAg',
  ],
  [
    'a caption file list for one format',
    '/api/files/captions/dQw4w9WgXcQ',
    '/api/files/captions/dQw4w9WgXcQ?format=srt',
  ],
]

describeOnEngines('the same question written two ways is paid once', (engine) => {
  it.each(SAME)('%s', async (_name, a, b) => {
    const h = engine.track(spendHarness({ env: engine.env() }))
    expect((await h.request(a)).headers.get('X-Cache')).toBe('MISS')
    h.cache.forgetMemory() // the stored row is found under the same key, not only this instance's memory
    const second = await h.request(b)
    expect(second.status).toBe(200)
    expect(second.headers.get('X-Cache')).toBe('HIT')
    expect(second.headers.get('X-Cost-USD')).toBe('0')
    expect(h.seen).toHaveLength(1)
  })

  it.each(DIFFERENT)('%s is a different question', async (_name, a, b) => {
    const h = engine.track(spendHarness({ env: engine.env() }))
    await h.request(a)
    expect((await h.request(b)).headers.get('X-Cache')).toBe('MISS')
    expect(h.seen).toHaveLength(2)
  })
})

describe('normaliseCall', () => {
  it('fills in defaults, sorts sets and keys, and leaves out absent values', () => {
    const n = normaliseCall({
      operation: 'GET /channels',
      path: '/channels',
      query: { ids: 'UCb,UCa,UCb', fields: 'title', hl: undefined },
    })
    expect(n.params).toEqual({ fields: 'title', ids: 'UCa,UCb' })
    expect(
      Object.keys(
        normaliseCall({ operation: 'GET /captions/{videoId}', path: '/captions/x', query: { lang: 'en' } })
          .params,
      ),
    ).toEqual(['format', 'lang', 'mode'])
  })

  it('keeps the path in the key: two videos never share an answer', () => {
    const a = cacheKeyOf(
      normaliseCall({ operation: 'GET /captions/{videoId}', path: '/captions/aaaaaaaaaaa', query: {} }),
    )
    const b = cacheKeyOf(
      normaliseCall({ operation: 'GET /captions/{videoId}', path: '/captions/bbbbbbbbbbb', query: {} }),
    )
    expect(a).not.toBe(b)
    expect(a).toMatch(/^cache:[0-9a-f]{2}:[0-9a-f]{64}$/)
  })

  it('does not let a value forge another parameter (the canonical form is structured, not concatenated)', () => {
    const a = cacheKeyOf(
      normaliseCall({
        operation: 'GET /search',
        path: '/search',
        query: { location: '1,1&type=video', type: undefined },
      }),
    )
    const b = cacheKeyOf(
      normaliseCall({ operation: 'GET /search', path: '/search', query: { location: '1,1', type: 'video' } }),
    )
    expect(a).not.toBe(b)
  })
})
