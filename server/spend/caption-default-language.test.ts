import { describe, expect, it } from 'vitest'
import { describeOnEngines } from '../testing/postgres-cluster.ts'
import { lastingStorage, serviceAnswer, spendHarness, type HarnessOptions } from '../testing/spend-harness.ts'
import { trackLanguage } from './caption-default-language.ts'

const VIDEO = 'dQw4w9WgXcQ'
const lasting = lastingStorage()

const cue = (text: string, lang: string) => ({
  text,
  offset: 0,
  duration: 1,
  lang,
  wordCount: 1,
  speechRate: 60,
})
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } })

/** A service whose default track has cues in two languages (a bilingual video). */
function bilingual(req: Request): Response {
  const url = new URL(req.url)
  if (url.pathname.startsWith('/captions/') && (url.searchParams.get('format') ?? 'json') === 'json')
    return json([cue('hello', 'en'), cue('hola', 'es')])
  return serviceAnswer(req)
}

const askedLang = (req: Request) => new URL(req.url).searchParams.get('lang')
const quoteOf = async (h: ReturnType<typeof spendHarness>, path: string) =>
  (await (await h.request(`/api/quote?path=${encodeURIComponent(path)}`)).json()) as { cached: boolean }

describeOnEngines('one purchase per caption track', (engine) => {
  const harness = ({ env, ...options }: HarnessOptions = {}) =>
    engine.track(spendHarness({ ...options, env: { ...engine.env(), ...env } }))

  it('the default track, the same track by its language and the bulk spelling cost one paid call', async () => {
    const h = harness()
    const view = await h.request(`/api/captions/${VIDEO}?mode=default`)
    expect(view.headers.get('X-Cache')).toBe('MISS')
    const body = await view.text()
    expect(await quoteOf(h, `/api/captions/${VIDEO}?format=json&lang=en`)).toMatchObject({ cached: true })
    const download = await h.request(`/api/captions/${VIDEO}?format=json&lang=en`)
    const bulk = await h.request(`/api/captions/${VIDEO}?format=json`)
    for (const res of [download, bulk]) {
      expect(res.headers.get('X-Cache')).toBe('HIT')
      expect(res.headers.get('X-Cost-USD')).toBe('0')
      expect(await res.text()).toBe(body)
    }
    expect(h.seen).toHaveLength(1)
    await h.flush()
    const { recent } = await h.spend()
    expect(recent.filter((r) => r.cache === 'MISS')).toHaveLength(h.seen.length)
  })

  it('a later request without lang, in any format, is asked and cached with the learned language', async () => {
    const h = harness()
    await h.request(`/api/captions/${VIDEO}`)
    expect(await quoteOf(h, `/api/captions/${VIDEO}?format=srt`)).toMatchObject({ cached: false })
    const srt = await h.request(`/api/captions/${VIDEO}?format=srt`)
    expect(srt.status).toBe(200)
    expect(h.seen).toHaveLength(2)
    expect(askedLang(h.seen[1]!)).toBe('en')
    expect(await quoteOf(h, `/api/captions/${VIDEO}?format=srt`)).toMatchObject({ cached: true })
    const again = await h.request(`/api/captions/${VIDEO}?format=srt&lang=en`)
    expect(again.headers.get('X-Cache')).toBe('HIT')
    expect(h.seen).toHaveLength(2)
    // Another mode is another question: its default language is not assumed.
    await h.request(`/api/captions/${VIDEO}?format=srt&mode=force-whisper`)
    expect(askedLang(h.seen[2]!)).toBeNull()
    await h.flush()
    const { recent } = await h.spend()
    expect(recent.filter((r) => r.cache === 'MISS')).toHaveLength(h.seen.length)
    expect(recent.find((r) => r.params.format === 'srt' && r.params.mode === 'default')?.params.lang).toBe(
      'en',
    )
  })

  it('a video whose cues disagree on their language is not aliased', async () => {
    const h = harness({ answer: bilingual })
    await h.request(`/api/captions/${VIDEO}`)
    expect(await quoteOf(h, `/api/captions/${VIDEO}?format=json&lang=en`)).toMatchObject({ cached: false })
    const en = await h.request(`/api/captions/${VIDEO}?format=json&lang=en`)
    expect(en.headers.get('X-Cache')).toBe('MISS')
    await h.request(`/api/captions/${VIDEO}?format=vtt`)
    expect(h.seen.map(askedLang)).toEqual([null, 'en', null])
  })

  it('what one instance learned, the next one on the same database uses', async () => {
    const env = lasting(engine)
    const first = engine.track(spendHarness({ env }))
    await first.request(`/api/captions/${VIDEO}`)
    expect(first.seen).toHaveLength(1)
    await first.dispose() // one process owns an embedded folder at a time

    const second = engine.track(spendHarness({ env }))
    const hit = await second.request(`/api/captions/${VIDEO}?format=json&lang=en`)
    expect(hit.headers.get('X-Cache')).toBe('HIT')
    await second.request(`/api/captions/${VIDEO}?format=ttml`)
    expect(second.seen.map(askedLang)).toEqual(['en'])
  })
})

describe('the language of a JSON track', () => {
  it('is the one every cue names, and nothing when they disagree, are none, or name no known code', () => {
    expect(trackLanguage(JSON.stringify([cue('a', 'fr'), cue('b', 'fr')]))).toBe('fr')
    expect(trackLanguage(JSON.stringify([cue('a', 'fr'), cue('b', 'de')]))).toBeUndefined()
    expect(trackLanguage('[]')).toBeUndefined()
    expect(trackLanguage(JSON.stringify([cue('a', 'klingon')]))).toBeUndefined()
    expect(trackLanguage('not json')).toBeUndefined()
  })
})
