import { describe, expect, it } from 'vitest'
import { collectionPath, parseCorpusSearch } from './collections.ts'

describe('collection paths', () => {
  it('writes only what differs from the defaults and reads it back', () => {
    expect(collectionPath('c_1')).toBe('/collections/c_1')
    const path = collectionPath('c_1', { q: '"metro station" -bus', sort: 'after', match: 'substring' })
    expect(path).toBe('/collections/c_1?q=%22metro+station%22+-bus&sort=after&match=substring')
    const { state, problems } = parseCorpusSearch(new URL(path, 'http://x').searchParams)
    expect(state).toEqual({ q: '"metro station" -bus', sort: 'after', match: 'substring' })
    expect(problems).toEqual([])
  })
  it('names each bad value and keeps the defaults for it', () => {
    const { state, problems } = parseCorpusSearch(new URLSearchParams('q=x&sort=size&match=regex'))
    expect(state).toEqual({ q: 'x', sort: 'time', match: 'words' })
    expect(problems).toEqual([
      'Ignored sort=size: use one of time, video, before, after.',
      'Ignored match=regex: use one of words, substring.',
    ])
  })
})
