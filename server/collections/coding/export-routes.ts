/**
 * The coding exports of a collection, thin: load the project from the database, hand it to a writer, send its file.
 * `/:id/export/project.qdpx`, `codebook.qdc`, `transcripts.zip?format=`, `elan.zip`, `codings.csv`, `codings.provenance.json`.
 */
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { TRANSCRIPT_FORMATS } from '#contract/coding.ts'
import type { AppEnv } from '../../app-context.ts'
import type { Database } from '../../db/database.ts'
import { orUnavailable } from '../../db/storage-failure.ts'
import { validQuery } from '../../validation.ts'
import type { CodingProject, CodingWriters, ExportFile } from './exports/coding-project.ts'
import { loadCodingProject } from './load-coding-project.ts'

export const NoQuery = z.strictObject({})
export const TranscriptsQuery = z.strictObject({
  format: z.enum(TRANSCRIPT_FORMATS, {
    error: `format is required: one of ${TRANSCRIPT_FORMATS.join(', ')}.`,
  }),
})

export type CodingExportDeps = {
  db: Database
  now: () => number
  writers: CodingWriters
}

function send(c: Context, file: ExportFile): Response {
  const body = typeof file.body === 'string' ? file.body : new Uint8Array(file.body)
  return c.body(body, 200, {
    'Content-Type': file.contentType,
    // The writers name files with fileSlug: ASCII, no quotes.
    'Content-Disposition': `attachment; filename="${file.name}"`,
    'Cache-Control': 'no-store',
  })
}

export function codingExportRoutes({ db, now, writers }: CodingExportDeps) {
  const project = (c: Context, transcripts = true): Promise<CodingProject> =>
    orUnavailable(() => loadCodingProject(db, c.req.param('id')!, new Date(now()), { transcripts }))
  return new Hono<AppEnv>()
    .get('/:id/export/project.qdpx', validQuery(NoQuery), async (c) =>
      send(c, await writers.writeQdpx(await project(c))),
    )
    .get('/:id/export/codebook.qdc', validQuery(NoQuery), async (c) =>
      send(c, writers.writeQdc(await project(c, false))),
    )
    .get('/:id/export/transcripts.zip', validQuery(TranscriptsQuery), async (c) =>
      send(c, await writers.writeTranscriptsZip(await project(c), c.req.valid('query').format)),
    )
    .get('/:id/export/elan.zip', validQuery(NoQuery), async (c) =>
      send(c, await writers.writeElanZip(await project(c))),
    )
    .get('/:id/export/codings.csv', validQuery(NoQuery), async (c) =>
      send(c, writers.writeCodingsCsv(await project(c))),
    )
    .get('/:id/export/codings.provenance.json', validQuery(NoQuery), async (c) =>
      send(c, writers.codingsCsvProvenance(await project(c))),
    )
}
