import { describe, expect, it } from 'vitest'
import { StorageUnavailable, type Database } from '#server/db/database.ts'
import { describeOnEngines } from '#server/testing/postgres-cluster.ts'
import type { KwicHit, SearchResult } from './search-collection.ts'
import { createCollection } from './testing/corpus-fixture.ts'
import { corpusApp, KNOWN, KNOWN_VIDEOS, knownCorpusPerTest } from './testing/known-corpus.ts'

describeOnEngines('corpus search', (engine) => {
  const corpus = knownCorpusPerTest(engine)

  async function search(query: Record<string, string>, id = KNOWN): Promise<SearchResult> {
    const res = await corpus.app().request(`/api/collections/${id}/search?${new URLSearchParams(query)}`)
    expect(res.status, await res.clone().text()).toBe(200)
    return (await res.json()) as SearchResult
  }
  const where = (hits: KwicHit[]) => hits.map((h) => `${h.videoId}#${h.seq}`)

  it('finds a word with its KWIC line: the hit, the words before and after from the cue and its neighbours', async () => {
    const { total, hits } = await search({ q: 'metro' })
    expect(total).toBe(2)
    expect(where(hits)).toEqual(['vidEnglish0#1', 'vidEnglish0#3'])
    expect(hits[0]).toEqual({
      videoId: 'vidEnglish0',
      lang: 'en',
      offset: 5,
      duration: 3,
      text: 'we were running to the metro station',
      before: '[Music] we were running to the',
      hit: 'metro',
      after: 'station the bus was late I run every',
      seq: 1,
    })
    // "metropolis" is another word: the full-text index does not take it for "metro".
    expect(hits.every((h) => h.videoId !== 'vidRolling0')).toBe(true)
  })

  it('stems English: "running" finds "run" and "running", and "run" finds both', async () => {
    for (const q of ['running', 'run']) {
      const { hits } = await search({ q })
      expect(where(hits)).toEqual(['vidEnglish0#1', 'vidEnglish0#3'])
      expect(hits.map((h) => h.hit)).toEqual(['running', 'run'])
    }
  })

  it('finds a phrase only in its order, and excludes what follows a minus', async () => {
    expect(where((await search({ q: '"metro station"' })).hits)).toEqual(['vidEnglish0#1'])
    expect((await search({ q: '"metro station"' })).hits[0]!.hit).toBe('metro station')
    expect((await search({ q: '"station metro"' })).total).toBe(0)
    expect(where((await search({ q: 'metro -station' })).hits)).toEqual(['vidEnglish0#3'])
    expect(where((await search({ q: 'metro -"metro station"' })).hits)).toEqual(['vidEnglish0#3'])
  })

  it('matches a prefix', async () => {
    expect(where((await search({ q: 'metrop*' })).hits)).toEqual(['vidRolling0#2'])
    const all = await search({ q: 'metro*' })
    expect(all.total).toBe(3)
    expect(all.hits.map((h) => h.hit)).toEqual(['metro', 'metro', 'metropolis'])
  })

  it('finds sound markers apart: [music] finds the marker, the word music does not', async () => {
    const music = await search({ q: '[music]' })
    expect(where(music.hits)).toEqual(['vidEnglish0#0'])
    expect(music.hits[0]!.hit).toBe('[Music]')
    expect((await search({ q: 'music' })).total).toBe(0)
    expect((await search({ q: 'applause' })).total).toBe(0)
    const applause = await search({ q: '[Applause] love' })
    expect(where(applause.hits)).toEqual(['vidEnglish0#4'])
    expect(applause.hits[0]!.hit).toBe('love')
    expect((await search({ q: 'strangers -[applause]' })).total).toBe(0)
  })

  it('searches the decoded text: a doubled escape is an apostrophe', async () => {
    const { hits } = await search({ q: 'strangers' })
    expect(hits[0]!.text).toBe("we're no strangers to [Applause] love")
    expect(hits[0]!.before).toBe("run every day near the metro we're no")
  })

  it('searches rolling tracks once: the repeated words are one cue with its own timing', async () => {
    const today = await search({ q: 'today' })
    expect(today.total).toBe(1)
    const going = await search({ q: 'going' })
    expect(going.hits.map((h) => [h.text, h.offset, h.duration, h.before, h.after])).toEqual([
      ['are going', 2, 2, 'so today we are', 'to the metropolis'],
    ])
  })

  it('finds Japanese and Chinese by exact substring, case-insensitive for other scripts', async () => {
    const ja = await search({ q: '地下鉄', match: 'substring' })
    expect(where(ja.hits)).toEqual(['vidJapanes0#0', 'vidJapanes0#1'])
    expect(ja.hits[0]).toMatchObject({ before: '東京の', hit: '地下鉄', after: 'に乗りました 地下鉄の駅' })
    const zh = await search({ q: '地铁', match: 'substring' })
    expect(zh.hits).toEqual([
      expect.objectContaining({
        videoId: 'vidChinese0',
        lang: 'zh-Hans',
        offset: 1.5,
        hit: '地铁',
        after: '去公园',
      }),
    ])
    const upper = await search({ q: 'METRO', match: 'substring' })
    expect(upper.hits.map((h) => h.hit)).toEqual(['metro', 'metro', 'metro'])
    expect(upper.total).toBe(3)
  })

  it('ignores case beyond ASCII on every engine (a C-locale server folds ASCII only), words and substrings', async () => {
    await createCollection(corpus.db(), 'c_cases', [
      {
        videoId: 'vidFrench00',
        track: { lang: 'fr', cues: [{ text: "L'ÉCOLE d'Ärger", offset: 0, duration: 1 }] },
      },
      {
        videoId: 'vidRussian0',
        track: { lang: 'ru', cues: [{ text: 'Москва зовёт', offset: 2, duration: 1 }] },
      },
    ])
    expect((await search({ q: 'école d’', match: 'substring' }, 'c_cases')).total).toBe(0)
    const substring = await search({ q: "école d'ä", match: 'substring' }, 'c_cases')
    expect(substring.hits.map((h) => h.hit)).toEqual(["ÉCOLE d'Ä"])
    const russian = await search({ q: 'москва' }, 'c_cases')
    expect(russian.hits.map((h) => [h.videoId, h.hit])).toEqual([['vidRussian0', 'Москва']])
    const french = await search({ q: 'école' }, 'c_cases')
    expect(french.hits.map((h) => [h.videoId, h.hit])).toEqual([['vidFrench00', 'ÉCOLE']])
  })

  it('places every hit inside its cue: the offset and duration are the cue’s own and its text holds the hit', async () => {
    const cues = KNOWN_VIDEOS.flatMap((v) => (v.track?.cues ?? []).map((c) => ({ ...c, videoId: v.videoId })))
    const queries: Record<string, string>[] = [
      { q: 'metro*' },
      { q: 'run' },
      { q: '[music]' },
      { q: 'the' },
      { q: '地下鉄', match: 'substring' },
      { q: 'e', match: 'substring' },
    ]
    for (const query of queries) {
      for (const hit of (await search(query)).hits) {
        const cue = cues.find((c) => c.videoId === hit.videoId && c.offset === hit.offset)
        expect(cue, JSON.stringify(hit)).toBeDefined()
        expect(hit.duration).toBe(cue!.duration)
        expect(hit.text).toContain(hit.hit)
        expect(hit.hit.length).toBeGreaterThan(0)
      }
    }
  })

  it('sorts by time, video, the words before or after; pages with limit and offset; counts on request', async () => {
    expect(where((await search({ q: 'metro', sort: 'after' })).hits)).toEqual([
      'vidEnglish0#1',
      'vidEnglish0#3',
    ])
    // Before, read from the hit outwards: "the near day…" comes before "the to running…".
    expect(where((await search({ q: 'metro', sort: 'before' })).hits)).toEqual([
      'vidEnglish0#3',
      'vidEnglish0#1',
    ])
    expect(where((await search({ q: 'metro*', sort: 'video' })).hits)).toEqual([
      'vidRolling0#2',
      'vidEnglish0#1',
      'vidEnglish0#3',
    ])
    const page = await search({ q: 'metro*', limit: '1', offset: '1', count: 'none' })
    expect(page).toEqual({ total: null, hits: [expect.objectContaining({ videoId: 'vidEnglish0', seq: 3 })] })
    const sortedPage = await search({ q: 'metro*', sort: 'before', limit: '1', offset: '2' })
    expect(sortedPage.total).toBe(3)
    expect(where(sortedPage.hits)).toEqual(['vidEnglish0#1'])
  })

  it('searches only the tracks of the collection', async () => {
    const other = await search({ q: 'metro' }, 'c_other')
    expect(where(other.hits)).toEqual(['vidOtherCo0#0'])
    const known = await search({ q: 'here' })
    expect(known.total).toBe(0)
  })

  it('answers 404 for an unknown collection', async () => {
    const res = await corpus.app().request('/api/collections/c_nothere/search?q=metro')
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } })
  })

  it.each([
    ['', 'q'],
    ['q=', 'q'],
    ['q=%22metro', 'q'],
    ['q=-metro', 'q'],
    ['q=met*ro', 'q'],
    ['q=metro&limit=0', 'limit'],
    ['q=metro&limit=501', 'limit'],
    ['q=metro&limit=ten', 'limit'],
    ['q=metro&offset=-1', 'offset'],
    ['q=metro&sort=rank', 'sort'],
    ['q=metro&match=regex', 'match'],
    ['q=metro&count=some', 'count'],
    ['q=metro&page=2', 'page'],
    ['q=%20%20&match=substring', 'q'],
  ])('refuses ?%s with 400 naming %s', async (query, param) => {
    const res = await corpus.app().request(`/api/collections/${KNOWN}/search?${query}`)
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: { code: string; param: string; message: string } }
    expect(body.error).toMatchObject({ code: 'invalid_query', param })
    expect(body.error.message.length).toBeGreaterThan(10)
  })
})

describe('when the database fails', () => {
  it('answers 503 storage_unavailable on every corpus route', async () => {
    const down = new StorageUnavailable('the database did not answer a query within 5000 ms')
    const db = { query: () => Promise.reject(down) } as unknown as Database
    const app = corpusApp(db)
    for (const path of ['search?q=metro', 'stats', 'export/kwic.csv?q=metro', 'export/corpus.zip']) {
      const res = await app.request(`/api/collections/${KNOWN}/${path}`)
      expect(res.status, path).toBe(503)
      expect(await res.json(), path).toMatchObject({ error: { code: 'storage_unavailable' } })
    }
  })
})
