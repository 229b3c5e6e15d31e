import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CaptionFilesQuery, CaptionQuery, ChannelsQuery, PopularQuery, RepliesQuery, SearchQuery, VideoIdParam } from './validation.ts'

const value = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.array(fc.string({ maxLength: 20 }), { maxLength: 4 }),
  fc.constantFrom('48.8566,2.3522', '1000km', '1e309km', 'video', '@rickastleyyt', 'UCuAXFkgsw1L7xaCfnd5JJOw', '<script>', "' OR '1'='1", '__proto__'),
)
const query = fc.dictionary(fc.oneof(fc.constantFrom('location', 'locationRadius', 'type', 'pageToken', 'parentCommentId', 'format', 'lang', 'mode', 'ids', 'forHandle', 'forUsername', 'hl', 'fields', 'download', 'videoId', '__proto__', 'constructor'), fc.string({ maxLength: 10 })), value, { maxKeys: 6 })

describe('the function validators answer every input with success or issues, never a throw', () => {
  it.each([
    ['search', SearchQuery],
    ['popularVideos', PopularQuery],
    ['captions', CaptionQuery],
    ['caption files', CaptionFilesQuery],
    ['commentReplies', RepliesQuery],
    ['channels', ChannelsQuery],
    ['videoId', VideoIdParam],
  ] as const)('%s', (_name, schema) => {
    fc.assert(
      fc.property(query, (q) => {
        const r = schema.safeParse(q)
        if (!r.success) expect(r.error.issues.length).toBeGreaterThan(0)
      }),
      { numRuns: 1500 },
    )
  })

  it('whatever search accepts is what the service may be asked: in range, in km, type video', () => {
    fc.assert(
      fc.property(query, (q) => {
        const r = SearchQuery.safeParse(q)
        if (!r.success) return
        const [lat, lng] = r.data.location.split(',').map(Number)
        expect(Math.abs(lat!)).toBeLessThanOrEqual(90)
        expect(Math.abs(lng!)).toBeLessThanOrEqual(180)
        expect(r.data.locationRadius).toMatch(/^\d+(\.\d+)?km$/)
        expect(r.data.type).toBe('video')
      }),
      { numRuns: 1500 },
    )
  })
})
