/**
 * The corpus routes of one collection, a sub-app the collections routes mount at `/collections`:
 * `/:id/search`, `/:id/stats`, `/:id/export/kwic.csv`, `/:id/export/kwic.provenance.json`, `/:id/export/corpus.zip`.
 */
import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../app-context.ts'
import type { Database } from '../db/database.ts'
import { orUnavailable } from '../db/storage-failure.ts'
import { validQuery } from '../validation.ts'
import { CORPUS_FORMATS, corpusZip } from './exports/corpus-zip.ts'
import { corpusZipName, kwicBaseName } from './exports/export-names.ts'
import { kwicCsv, kwicProvenance } from './exports/kwic-export.ts'
import { searchCollection } from './search/search-collection.ts'
import { collectionStats } from './stats/collection-stats.ts'

const SEARCH_LIMIT_MAX = 500
const SEARCH_LIMIT_DEFAULT = 50
const STATS_LIMIT_MAX = 1000
const STATS_LIMIT_DEFAULT = 100

/** A whole number from min to max, given as text. */
const whole = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, `${name} must be a whole number from ${min} to ${max}.`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, `${name} must be a whole number from ${min} to ${max}.`)
        .max(max, `${name} must be a whole number from ${min} to ${max}.`),
    )

const oneOf = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: `${name} must be one of ${values.join(', ')}.` })

const q = z.string({ error: 'q is required: the words to find.' }).min(1, 'q is required: the words to find.')
const match = oneOf('match', ['words', 'substring']).default('words')
const sort = oneOf('sort', ['time', 'video', 'before', 'after']).default('time')
const flag = (name: string) =>
  oneOf(name, ['0', '1'])
    .default('0')
    .transform((v) => v === '1')

export const CorpusSearchQuery = z.strictObject({
  q,
  match,
  sort,
  limit: whole('limit', 1, SEARCH_LIMIT_MAX).default(SEARCH_LIMIT_DEFAULT),
  offset: whole('offset', 0, 1_000_000).default(0),
  count: oneOf('count', ['exact', 'none']).default('exact'),
})

export const CorpusStatsQuery = z.strictObject({
  q: q.optional(),
  match,
  n: oneOf('n', ['1', '2', '3'])
    .default('1')
    .transform((v) => Number(v) as 1 | 2 | 3),
  stopwords: oneOf('stopwords', ['keep', 'drop']).default('drop'),
  limit: whole('limit', 1, STATS_LIMIT_MAX).default(STATS_LIMIT_DEFAULT),
})

export const KwicExportQuery = z.strictObject({ q, match, sort })

export const CorpusZipQuery = z.strictObject({
  format: oneOf('format', CORPUS_FORMATS).default('text'),
  timestamps: flag('timestamps'),
  plain: flag('plain'),
})

export type CorpusRouteDeps = {
  db: Database
  /** The clock of exports' provenance (tests fix it). */
  now?: () => number
}

const attachment = (name: string) => `attachment; filename="${name}"`

export function corpusSearchRoutes({ db, now = Date.now }: CorpusRouteDeps) {
  const date = () => new Date(now())
  return new Hono<AppEnv>()
    .get('/:id/search', validQuery(CorpusSearchQuery), async (c) => {
      const result = await orUnavailable(() => searchCollection(db, c.req.param('id'), c.req.valid('query')))
      c.header('Cache-Control', 'no-store')
      return c.json(result)
    })
    .get('/:id/stats', validQuery(CorpusStatsQuery), async (c) => {
      const result = await orUnavailable(() => collectionStats(db, c.req.param('id'), c.req.valid('query')))
      c.header('Cache-Control', 'no-store')
      return c.json(result)
    })
    .get('/:id/export/kwic.csv', validQuery(KwicExportQuery), async (c) => {
      const id = c.req.param('id')
      const query = c.req.valid('query')
      const csv = await orUnavailable(() => kwicCsv(db, id, query))
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': attachment(`${kwicBaseName(id, query, date())}.csv`),
        'Cache-Control': 'no-store',
      })
    })
    .get('/:id/export/kwic.provenance.json', validQuery(KwicExportQuery), async (c) => {
      const id = c.req.param('id')
      const query = c.req.valid('query')
      const now = date()
      const name = kwicBaseName(id, query, now)
      const provenance = await orUnavailable(() => kwicProvenance(db, id, query, now, `${name}.csv`))
      return c.body(`${JSON.stringify(provenance, null, 2)}\n`, 200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': attachment(`${name}.provenance.json`),
        'Cache-Control': 'no-store',
      })
    })
    .get('/:id/export/corpus.zip', validQuery(CorpusZipQuery), async (c) => {
      const id = c.req.param('id')
      const params = c.req.valid('query')
      const now = date()
      const zip = await orUnavailable(() => corpusZip(db, id, params, now))
      const kind = params.plain ? 'plain' : params.format
      return new Response(zip.body, {
        headers: {
          'Content-Type': 'application/zip',
          'Content-Disposition': attachment(corpusZipName(id, kind, params.timestamps, now)),
          'Cache-Control': 'no-store',
        },
      })
    })
}
