/** /api/collections/:id/codes and /codings: a collection's code tree and the codings that apply it (docs/openapi.json). */
import { Hono } from 'hono'
import { CodeInput, CodePatch, CodingPatch, CodingsQuery, CreateCodingsBody } from '#contract/coding.ts'
import type { AppEnv } from '../../app-context.ts'
import type { Database } from '../../db/database.ts'
import { orUnavailable } from '../../db/storage-failure.ts'
import { ApiFailure } from '../../errors.ts'
import { BODY_LIMITS, limitBody } from '../../security/body-limit.ts'
import { validBody, validQuery } from '../../validation.ts'
import { createCodeStore, codeNotFound } from './code-store.ts'
import { existingCollection } from './collection-lock.ts'
import { createCodingStore } from './coding-store.ts'
import { codingExportRoutes } from './export-routes.ts'
import { codingWriters } from './exports/index.ts'

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A malformed id names no code or coding either: 404, as for an unknown one. */
function idParam(value: string, notFound: () => ApiFailure): string {
  if (!UUID_RE.test(value)) throw notFound()
  return value.toLowerCase()
}

const noStore = { 'Cache-Control': 'no-store' }

export function codingRoutes({ db, now }: { db: Database; now: () => number }) {
  const codes = createCodeStore({ db, now })
  const codings = createCodingStore({ db, now })
  const codeId = (id: string, raw: string) => idParam(raw, () => codeNotFound(id, raw))
  const codingId = (id: string, raw: string) =>
    idParam(
      raw,
      () =>
        new ApiFailure(404, 'not_found', `There is no coding ${JSON.stringify(raw)} in collection ${id}.`),
    )

  /** 404 for an unknown collection before its body is read, as the collections routes answer. */
  const known = (id: string) => orUnavailable(() => existingCollection(db, id))
  const codeBody = limitBody(
    BODY_LIMITS.code,
    'a code is a name, a colour and a description of at most 5,000 characters.',
  )
  const codingBody = limitBody(
    BODY_LIMITS.coding,
    'a coding carries one segment and a memo of at most 20,000 characters.',
  )

  return new Hono<AppEnv>()
    .get('/:id/codes', async (c) => {
      const list = await orUnavailable(() => codes.list(c.req.param('id')))
      return c.json({ codes: list }, 200, noStore)
    })
    .post('/:id/codes', codeBody, async (c) => {
      const id = await known(c.req.param('id'))
      const body = await validBody(c, CodeInput)
      return c.json(await orUnavailable(() => codes.create(id, body)), 201, noStore)
    })
    .patch('/:id/codes/:codeId', codeBody, async (c) => {
      const id = await known(c.req.param('id'))
      const code = codeId(id, c.req.param('codeId'))
      const patch = await validBody(c, CodePatch)
      return c.json(await orUnavailable(() => codes.update(id, code, patch)), 200, noStore)
    })
    .delete('/:id/codes/:codeId', async (c) => {
      const id = c.req.param('id')
      const code = codeId(id, c.req.param('codeId'))
      return c.json(await orUnavailable(() => codes.remove(id, code)), 200, noStore)
    })
    .get('/:id/codings', validQuery(CodingsQuery), async (c) => {
      const list = await orUnavailable(() => codings.list(c.req.param('id'), c.req.valid('query')))
      return c.json({ codings: list }, 200, noStore)
    })
    .post('/:id/codings', codingBody, async (c) => {
      const id = await known(c.req.param('id'))
      const body = await validBody(c, CreateCodingsBody)
      return c.json({ codings: await orUnavailable(() => codings.create(id, body)) }, 201, noStore)
    })
    .patch('/:id/codings/:codingId', codingBody, async (c) => {
      const id = await known(c.req.param('id'))
      const coding = codingId(id, c.req.param('codingId'))
      const patch = await validBody(c, CodingPatch)
      return c.json(await orUnavailable(() => codings.update(id, coding, patch)), 200, noStore)
    })
    .delete('/:id/codings/:codingId', async (c) => {
      const id = c.req.param('id')
      const coding = codingId(id, c.req.param('codingId'))
      await orUnavailable(() => codings.remove(id, coding))
      return c.body(null, 204, noStore)
    })
    .route('/', codingExportRoutes({ db, now, writers: codingWriters }))
}
