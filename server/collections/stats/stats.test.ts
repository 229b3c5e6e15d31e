import { expect, it } from 'vitest'
import { describeOnEngines } from '#server/testing/postgres-cluster.ts'
import { KNOWN, knownCorpusPerTest } from '../search/testing/known-corpus.ts'
import type { StatsResult } from './collection-stats.ts'
import { stopWordsFor } from './stop-words.ts'

describeOnEngines('corpus word statistics', (engine) => {
  const corpus = knownCorpusPerTest(engine)

  async function stats(query: Record<string, string>): Promise<StatsResult> {
    const res = await corpus.app().request(`/api/collections/${KNOWN}/stats?${new URLSearchParams(query)}`)
    expect(res.status, await res.clone().text()).toBe(200)
    return (await res.json()) as StatsResult
  }
  const counts = (r: StatsResult) => Object.fromEntries(r.terms.map((t) => [t.term, t.count]))

  it('counts the most frequent words of the collection, stop words dropped, each with the search that finds it', async () => {
    const result = await stats({})
    expect(result.cues).toBe(11)
    expect(result.truncated).toBe(false)
    // Japanese has no stop list: its particle の counts like any word.
    expect(result.terms.slice(0, 3)).toEqual([
      { term: 'metro', count: 2, search: { q: 'metro', match: 'words' } },
      { term: 'の', count: 2, search: { q: 'の', match: 'substring' } },
      { term: '地下鉄', count: 2, search: { q: '地下鉄', match: 'substring' } },
    ])
    const en = stopWordsFor('en')!
    expect(result.terms.filter((t) => en.has(t.term))).toEqual([])
    // Sound markers are not words, and the rolling track's repeated words count once.
    expect(counts(result)).not.toHaveProperty('music')
    expect(counts(result).today).toBe(1)
  })

  it('keeps stop words when asked', async () => {
    const c = counts(await stats({ stopwords: 'keep' }))
    expect(c.the).toBe(4)
    expect(c.to).toBe(3)
  })

  it('counts 2- and 3-grams within a cue, never across a sound marker', async () => {
    const bigrams = await stats({ n: '2', stopwords: 'keep', limit: '1000' })
    expect(bigrams.terms.find((t) => t.term === 'metro station')).toEqual({
      term: 'metro station',
      count: 1,
      search: { q: '"metro station"', match: 'words' },
    })
    expect(counts(bigrams)['strangers to']).toBe(1)
    expect(counts(bigrams)).not.toHaveProperty('to love')
    const dropped = await stats({ n: '2', limit: '1000' })
    expect(counts(dropped)).not.toHaveProperty('strangers to')
    expect(counts(dropped)['metro station']).toBe(1)
    const trigrams = await stats({ n: '3', stopwords: 'keep', limit: '1000' })
    expect(counts(trigrams)['running to the']).toBe(1)
    expect(trigrams.terms.every((t) => t.term.split(' ').length === 3)).toBe(true)
  })

  it('counts the words of a search’s hits and the collocates of its term within five words', async () => {
    const result = await stats({ q: 'metro' })
    expect(result.cues).toBe(2)
    expect(result.videos).toEqual([{ videoId: 'vidEnglish0', count: 2 }])
    expect(counts(result)).toMatchObject({ metro: 2, station: 1, running: 1, run: 1 })
    const station = result.collocates!.find((c) => c.term === 'station')
    expect(station).toEqual({
      term: 'station',
      count: 1,
      before: 0,
      after: 1,
      search: { q: 'metro station', match: 'words' },
    })
    const collocates = Object.fromEntries(result.collocates!.map((c) => [c.term, [c.before, c.after]]))
    expect(collocates).toMatchObject({
      running: [1, 0],
      run: [1, 0],
      near: [1, 0],
      bus: [0, 1],
      love: [0, 1],
    })
    // Six words away from the hit: outside the window.
    expect(collocates).not.toHaveProperty('was')
    expect(collocates).not.toHaveProperty('the')
  })

  it('counts hits per video in the collection’s order', async () => {
    const result = await stats({ q: 'metro*' })
    expect(result.videos).toEqual([
      { videoId: 'vidEnglish0', count: 2 },
      { videoId: 'vidRolling0', count: 1 },
    ])
    expect((await stats({})).videos).toBeUndefined()
  })

  it('answers 404 for an unknown collection and 400 naming the parameter for bad input', async () => {
    expect((await corpus.app().request('/api/collections/c_nothere/stats')).status).toBe(404)
    const refusals: [string, string][] = [
      ['n=4', 'n'],
      ['stopwords=some', 'stopwords'],
      ['limit=0', 'limit'],
      ['limit=1001', 'limit'],
      ['q=', 'q'],
      ['q=%22open', 'q'],
      ['top=5', 'top'],
    ]
    for (const [query, param] of refusals) {
      const res = await corpus.app().request(`/api/collections/${KNOWN}/stats?${query}`)
      expect(res.status, query).toBe(400)
      expect(await res.json(), query).toMatchObject({ error: { code: 'invalid_query', param } })
    }
  })
})
