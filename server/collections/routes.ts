/** /api/collections: collections, their videos, the price of collecting and the collect job (docs/openapi.json). */
import { Hono } from 'hono'
import {
  AddVideosBody,
  COLLECTION_LIMITS,
  CreateCollectionBody,
  StartCollectBody,
  type CollectionDetail,
} from '#contract/collections.ts'
import type { AppEnv } from '../app-context.ts'
import type { Database } from '../db/database.ts'
import { orUnavailable } from '../db/storage-failure.ts'
import { ApiFailure } from '../errors.ts'
import { BODY_LIMITS, limitBody } from '../security/body-limit.ts'
import { toMicro } from '../spend/money.ts'
import { COLLECTION_ID_RE } from './collection-id.ts'
import { priceOfCollecting } from './collect-price.ts'
import { createCollectionStore, notFound, type CollectionRow } from './collection-store.ts'
import { createJobStore } from './job-store.ts'
import { codingRoutes } from './coding/routes.ts'
import { corpusSearchRoutes } from './routes-search.ts'
import { validBody } from '../validation.ts'

export type CollectionsDeps = {
  db: Database
  /** The data source this function pays: collections of another one are read, never collected here. */
  source: string
  now: () => number
  /** Wakes this instance's job runner. */
  wake?: () => void
}

export function collectionsRoute({ db, source, now, wake }: CollectionsDeps) {
  const collections = createCollectionStore({ db, source, now })
  const jobs = createJobStore({ db, collections, now, onStart: wake })

  /** The collection named by :id, or 404 (a malformed id names no collection either). */
  const collectionOf = async (id: string) => {
    if (!COLLECTION_ID_RE.test(id)) throw notFound(id)
    return orUnavailable(() => collections.row(id))
  }

  /** The gateway pays this function's data source only: a collection made on another is read, not priced or collected. */
  const sameSource = (row: CollectionRow): CollectionRow => {
    if (row.source === source) return row
    throw new ApiFailure(
      409,
      'conflict',
      `This collection's tracks come from another data source (${row.source === 'demo' ? 'the demo simulator' : 'the live service'}) than this dashboard now uses; collect it where it was made.`,
    )
  }

  const noStore = { 'Cache-Control': 'no-store' }
  const videosBody = limitBody(
    BODY_LIMITS.videos,
    `split the videos into smaller calls (at most ${COLLECTION_LIMITS.idsPerCall.toLocaleString('en')} per call).`,
  )

  return new Hono<AppEnv>()
    .post('/', videosBody, async (c) => {
      const body = await validBody(c, CreateCollectionBody)
      return c.json(await orUnavailable(() => collections.create(body)), 201, noStore)
    })
    .get('/', async (c) =>
      c.json({ collections: await orUnavailable(() => collections.list()) }, 200, noStore),
    )
    .get('/:id', async (c) => {
      const { id } = await collectionOf(c.req.param('id'))
      const detail: CollectionDetail = await orUnavailable(async () => {
        // The job first: an item's end commits its video's state with it, so the videos read after are never behind the job.
        const job = await jobs.latest(id)
        return { ...(await collections.detail(id)), job }
      })
      return c.json(detail, 200, noStore)
    })
    .post('/:id/videos', videosBody, async (c) => {
      const { id } = await collectionOf(c.req.param('id'))
      const body = await validBody(c, AddVideosBody)
      return c.json(await orUnavailable(() => collections.addVideos(id, body)), 200, noStore)
    })
    .get('/:id/collect', async (c) => {
      const row = sameSource(await collectionOf(c.req.param('id')))
      return c.json(await orUnavailable(() => priceOfCollecting(db, c.var.gateway, row)), 200, noStore)
    })
    .post('/:id/collect', limitBody(BODY_LIMITS.small, 'send only {"maxUsd": …}.'), async (c) => {
      const row = await collectionOf(c.req.param('id'))
      const { maxUsd } = await validBody(c, StartCollectBody)
      sameSource(row)
      return c.json(await orUnavailable(() => jobs.start(row, toMicro(maxUsd))), 202, noStore)
    })
    .delete('/:id/collect', async (c) => {
      const { id } = await collectionOf(c.req.param('id'))
      const job = await orUnavailable(() => jobs.stop(id))
      if (!job)
        throw new ApiFailure(
          409,
          'conflict',
          'This collection has never been collected: there is no job to stop.',
        )
      return c.json(job, 200, noStore)
    })
    .route('/', corpusSearchRoutes({ db, now }))
    .route('/', codingRoutes({ db, now }))
}
