/** POST /api/caption-default-languages: what the function already knows of videos' default languages, never paid. */
import { expect, it } from 'vitest'
import { DefaultLanguagesAnswer } from '#contract/index.ts'
import { describeOnEngines } from '../testing/postgres-cluster.ts'
import { errorOf, serviceAnswer, spendHarness, testClock } from '../testing/spend-harness.ts'

const FRENCH = 'frfrfrfrfr1'
const BILINGUAL = 'bibibibibi1'
const COLLECTED = 'cocococoCo1'
const UNKNOWN = 'nonononono1'

const cue = (lang: string) => ({ text: lang, offset: 0, duration: 1, lang, wordCount: 1, speechRate: 60 })
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } })

/** A French default track, a bilingual one (German cue first) and English for the rest. */
function answer(req: Request): Response {
  const url = new URL(req.url)
  if (url.pathname === `/captions/${FRENCH}`) return json([cue('fr')])
  if (url.pathname === `/captions/${BILINGUAL}`) return json([cue('de'), cue('en')])
  return serviceAnswer(req)
}

const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
})

describeOnEngines('caption default languages', (engine) => {
  const harness = (now?: () => number, env: Record<string, string> = {}) =>
    engine.track(spendHarness({ answer, now, env: { ...engine.env(), COLLECT_LEASE_MS: '2000', ...env } }))

  const known = async (h: ReturnType<typeof harness>, videoIds: string[]) => {
    const res = await h.request('/api/caption-default-languages', post({ videoIds }))
    expect(res.status).toBe(200)
    return DefaultLanguagesAnswer.parse(await res.json()).known
  }

  it('names the language of a default track bought before, pays nothing, and leaves unknown videos out', async () => {
    const h = harness()
    expect(await known(h, [FRENCH, BILINGUAL, UNKNOWN])).toEqual({})
    for (const id of [FRENCH, BILINGUAL])
      expect((await h.request(`/api/captions/${id}`)).headers.get('X-Cache')).toBe('MISS')
    await h.flush()
    const ledgerRows = (await h.spend()).recent.length
    const calls = h.seen.length

    // French from the learned language; the bilingual track (cues disagree) from its cached answer's first cue.
    expect(await known(h, [FRENCH, BILINGUAL, UNKNOWN])).toEqual({ [FRENCH]: 'fr', [BILINGUAL]: 'de' })
    await h.flush()
    expect(h.seen).toHaveLength(calls)
    expect((await h.spend()).recent).toHaveLength(ledgerRows)
  })

  it('names the language of a track a collection collected, after the cache forgot it', async () => {
    const clock = testClock()
    const h = harness(clock.now)
    const created = (await (
      await h.request('/api/collections', post({ name: 'Known', videoIds: [COLLECTED] }))
    ).json()) as { id: string }
    expect((await h.request(`/api/collections/${created.id}/collect`, post({ maxUsd: 1 }))).status).toBe(202)
    for (let i = 0; ; i++) {
      const d = (await (await h.request(`/api/collections/${created.id}`)).json()) as {
        job: { state: string; running: number } | null
      }
      if (d.job && d.job.state !== 'running' && d.job.running === 0) break
      if (i > 400) throw new Error('the collect job did not end')
      await new Promise((r) => setTimeout(r, 50))
    }
    clock.advance((h.config.cacheTtlSeconds['GET /captions/{videoId}'] + 1) * 1000)
    const calls = h.seen.length
    expect(await known(h, [COLLECTED])).toEqual({ [COLLECTED]: 'en' })
    expect(h.seen).toHaveLength(calls)
  })

  it('refuses a bad video id with a 400 naming it, and a wrong method with 405', async () => {
    const h = harness()
    const res = await h.request('/api/caption-default-languages', post({ videoIds: [FRENCH, 'short'] }))
    expect(res.status).toBe(400)
    const error = await errorOf(res)
    expect(error).toMatchObject({ code: 'invalid_query', param: 'videoIds' })
    expect(error.message).toContain('videoIds[1]')
    expect((await h.request('/api/caption-default-languages')).status).toBe(405)
    expect(h.seen).toHaveLength(0)
  })

  it('asks for the session like every other /api route when a password is set', async () => {
    const h = harness(undefined, { DASHBOARD_PASSWORD: 'correct horse' })
    const res = await h.request('/api/caption-default-languages', post({ videoIds: [FRENCH] }))
    expect(res.status).toBe(401)
  })
})
