import { expect, it } from 'vitest'
import { describeOnEngines } from '../testing/postgres-cluster.ts'
import { errorOf, serviceAnswer, spendHarness } from '../testing/spend-harness.ts'

const VTT = '/api/captions/dQw4w9WgXcQ?format=vtt&lang=en'
const CAPTIONS_PRICE = 0.00053

describeOnEngines(
  'answers the function refuses are paid as the service charged them and never cached',
  (engine) => {
    it('a JSON body labelled text/vtt: 502 upstream_invalid, charged, and the next request asks the service again', async () => {
      const h = engine.track(
        spendHarness({
          env: engine.env(),
          answer: (req) =>
            new URL(req.url).searchParams.get('format') === 'vtt'
              ? new Response('[{"text":"not a vtt"}]', { headers: { 'Content-Type': 'text/vtt' } })
              : serviceAnswer(req),
        }),
      )
      const first = await h.request(VTT)
      expect(first.status).toBe(502)
      expect((await errorOf(first)).code).toBe('upstream_invalid')
      expect(first.headers.get('X-Cost-USD')).toBe(String(CAPTIONS_PRICE))
      const second = await h.request(VTT)
      expect(second.status).toBe(502)
      expect(second.headers.get('X-Cache')).toBe('MISS')
      expect(h.seen).toHaveLength(2)
      const report = await h.spend()
      expect(report.recent.map((e) => [e.state, e.code, e.costUsd])).toEqual([
        ['charged failure', 'upstream_invalid', CAPTIONS_PRICE],
        ['charged failure', 'upstream_invalid', CAPTIONS_PRICE],
      ])
      expect(
        await h.db.query(
          "SELECT count(*)::int AS n FROM cache_entries WHERE operation = 'GET /captions/{videoId}'",
        ),
      ).toEqual([{ n: 0 }])
    })

    it('an answer over UPSTREAM_MAX_BYTES: 502 upstream_too_large, charged, nothing cached', async () => {
      const big = JSON.stringify([{ text: 'x'.repeat(4000), offset: 0, duration: 1, lang: 'en' }])
      const h = engine.track(
        spendHarness({
          env: { ...engine.env(), UPSTREAM_MAX_BYTES: '2048' },
          answer: () => new Response(big, { headers: { 'Content-Type': 'application/json' } }),
        }),
      )
      const res = await h.request('/api/captions/dQw4w9WgXcQ?lang=en')
      expect(res.status).toBe(502)
      expect((await errorOf(res)).code).toBe('upstream_too_large')
      expect((await h.request('/api/captions/dQw4w9WgXcQ?lang=en')).headers.get('X-Cache')).toBe('MISS')
      expect(h.seen).toHaveLength(2)
      expect(await h.db.query('SELECT count(*)::int AS n FROM cache_entries')).toEqual([{ n: 0 }])
      expect((await h.spend()).totals).toMatchObject({
        paidCalls: 2,
        failedCalls: 2,
        spentUsd: 2 * CAPTIONS_PRICE,
      })
    })
  },
)
