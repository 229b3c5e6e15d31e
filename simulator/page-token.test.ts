import { describe, expect, it } from 'vitest'
import { decodePageToken, encodePageToken } from './page-token.ts'

describe('page tokens', () => {
  it('are short base64 strings that decode to their offset for the same query', () => {
    const token = encodePageToken('search|48.8566,2.3522|25', 50)
    expect(token).toMatch(/^[A-Za-z0-9_-]{8}$/)
    expect(decodePageToken('search|48.8566,2.3522|25', token)).toBe(50)
  })

  it('refuse a token of another query, an altered token and garbage', () => {
    const token = encodePageToken('replies|A', 100)
    expect(decodePageToken('replies|B', token)).toBeUndefined()
    const altered = (token[0] === 'A' ? 'B' : 'A') + token.slice(1)
    expect(decodePageToken('replies|A', altered)).toBeUndefined()
    for (const junk of ['', 'CDIQAA', 'not a token', '%%%%', 'AAAAAAAAAAAA'])
      expect(decodePageToken('replies|A', junk)).toBeUndefined()
  })
})
