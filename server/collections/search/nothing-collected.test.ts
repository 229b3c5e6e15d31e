import { beforeEach, expect, it } from 'vitest'
import type { Database } from '#server/db/database.ts'
import { describeOnEngines } from '#server/testing/postgres-cluster.ts'
import { createCollection, openCorpusDatabase } from './testing/corpus-fixture.ts'
import { corpusApp, type CorpusApp } from './testing/known-corpus.ts'

const EMPTY = 'c_empty'
const NOTHING = /^Nothing is collected in this collection yet/

// A fresh database: no track stored anywhere, so no text-search configuration exists yet.
describeOnEngines('corpus routes on a collection with nothing collected', (engine) => {
  let db: Database
  let app: CorpusApp
  beforeEach(async () => {
    db = await openCorpusDatabase(engine)
    await createCollection(db, EMPTY, [{ videoId: 'dQw4w9WgXcQ' }])
    app = corpusApp(db)
  })

  async function get(path: string): Promise<Response> {
    const res = await app.request(`/api/collections/${EMPTY}/${path}`)
    expect(res.status, await res.clone().text()).toBe(200)
    return res
  }

  it('searches: 200, no hits, and a line saying nothing is collected yet', async () => {
    for (const q of ['metro', '"metro station" -bus', 'run*', '[music] metro']) {
      const body = (await (await get(`search?${new URLSearchParams({ q })}`)).json()) as Record<
        string,
        unknown
      >
      expect(body).toMatchObject({ total: 0, hits: [], note: expect.stringMatching(NOTHING) })
    }
    const substring = await get(`search?${new URLSearchParams({ q: 'metro', match: 'substring' })}`)
    expect(await substring.json()).toMatchObject({ total: 0, hits: [], note: expect.stringMatching(NOTHING) })
  })

  it('word statistics, with and without a search: 200, nothing counted, the same line', async () => {
    expect(await (await get('stats?q=metro')).json()).toMatchObject({
      terms: [],
      collocates: [],
      videos: [],
      cues: 0,
      note: expect.stringMatching(NOTHING),
    })
    expect(await (await get('stats')).json()).toMatchObject({
      terms: [],
      cues: 0,
      note: expect.stringMatching(NOTHING),
    })
  })

  it('exports the KWIC lines: a header only, and a provenance that says why', async () => {
    const csv = await (await get('export/kwic.csv?q=metro')).text()
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(1)
    const provenance = (await (await get('export/kwic.provenance.json?q=metro')).json()) as {
      lines: number
      notes: string[]
    }
    expect(provenance.lines).toBe(0)
    expect(provenance.notes.some((n) => NOTHING.test(n))).toBe(true)
  })
})
