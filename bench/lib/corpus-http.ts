/**
 * The corpus search as the browser waits for it: the function (createRuntime, every middleware) built over the
 * database the bench already holds open, asked in-process with app.request — routing, validation, the search, JSON
 * serialisation and reading the body, without a socket. The view asks two requests at once (use-corpus-search.ts):
 * the first page with count=none and the exact total with limit=1; the answer has arrived when both have.
 */
import type { Database } from '#server/db/database.ts'
import { loadConfig } from '#server/config.ts'
import { createRuntime } from '#server/runtime.ts'
import type { HitKey } from './corpus-memory-scan.ts'

export type HttpTiming = {
  key: string
  /** Both requests, asked together, until the second body is read. */
  bothMs: number[]
  /** The page's request alone (asked beside the count). */
  pageMs: number[]
  total: number
  page: HitKey[]
}

type SearchBody = { total: number | null; hits: HitKey[] }

const searchPath = (collectionId: string, params: Record<string, string | number>) =>
  `/api/collections/${encodeURIComponent(collectionId)}/search?${new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, String(v)]),
  ).toString()}`

export async function timeHttpSearch(
  db: Database,
  collectionId: string,
  probes: readonly { key: string; q: string }[],
  opts: { warmUp: number; runs: number; limit: number },
): Promise<HttpTiming[]> {
  // No vector worker: the bench's database is already complete, and nothing is collected while it runs.
  const config = loadConfig({ DATA_DIR: ':memory:', COLLECT_VECTOR_WORKER: 'off' })
  const runtime = createRuntime({ config, db, log: () => undefined })
  await runtime.ready
  const ask = async (path: string, into: number[] | undefined, t0: number): Promise<SearchBody> => {
    const res = await runtime.app.request(path)
    const body = await res.text()
    into?.push(performance.now() - t0)
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${body.slice(0, 300)}`)
    return JSON.parse(body) as SearchBody
  }
  try {
    const out: HttpTiming[] = []
    for (const probe of probes) {
      const common = { q: probe.q, sort: 'time', match: 'words' }
      const pagePath = searchPath(collectionId, { ...common, limit: opts.limit, offset: 0, count: 'none' })
      const countPath = searchPath(collectionId, { ...common, limit: 1, offset: 0, count: 'exact' })
      const t: HttpTiming = { key: probe.key, bothMs: [], pageMs: [], total: Number.NaN, page: [] }
      for (let run = -opts.warmUp; run < opts.runs; run++) {
        const keep = run >= 0
        const t0 = performance.now()
        const [page, counted] = await Promise.all([
          ask(pagePath, keep ? t.pageMs : undefined, t0),
          ask(countPath, undefined, t0),
        ])
        if (keep) t.bothMs.push(performance.now() - t0)
        t.total = counted.total ?? Number.NaN
        t.page = page.hits.map((h) => ({ videoId: h.videoId, seq: h.seq }))
      }
      out.push(t)
    }
    return out
  } finally {
    await runtime.dispose()
  }
}
