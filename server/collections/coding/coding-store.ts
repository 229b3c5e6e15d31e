/** Codings of a collection: one segment, one code, a memo, who and when. Applying several codes to a selection makes one coding per code. */
import { randomUUID } from 'node:crypto'
import type { Coding, CodingPatch, CodingsQuery, SegmentInput } from '#contract/coding.ts'
import type { Database, Queryable } from '../../db/database.ts'
import { ApiFailure } from '../../errors.ts'
import { codeNotFound } from './code-store.ts'
import { CODING_COLUMNS, codingOf } from './coding-rows.ts'
import { existingCollection } from './collection-lock.ts'
import { resolveSegment } from './resolve-segment.ts'

export type NewCodings = { codeIds: string[]; segment: SegmentInput; memo?: string; coder: string }

const codingNotFound = (collectionId: string, codingId: string) =>
  new ApiFailure(
    404,
    'not_found',
    `There is no coding ${JSON.stringify(codingId)} in collection ${collectionId}.`,
  )

/** Codings in reading order: by the video's place in the collection, then time; replies after. */
const LIST_SQL = `
SELECT k.*
FROM codings k LEFT JOIN collection_videos cv ON cv.collection_id = k.collection_id AND cv.video_id = k.video_id
WHERE k.collection_id = $1 AND ($2::text IS NULL OR k.video_id = $2) AND ($3::text IS NULL OR k.code_id = $3)
ORDER BY k.kind, cv.position NULLS LAST, k.video_id, k.start_s, k.created_at, k.id`

/** The codes named, each a code of this collection, kept from change until the transaction ends (404 naming the first unknown). */
async function lockCodes(
  q: Queryable,
  collectionId: string,
  codeIds: readonly string[],
  param: 'codeIds' | 'codeId',
): Promise<void> {
  const rows = await q.query<{ id: string }>(
    'SELECT id FROM codes WHERE collection_id = $1 AND id = ANY($2::text[]) FOR SHARE',
    [collectionId, codeIds],
  )
  const found = new Set(rows.map((r) => r.id))
  const missing = codeIds.find((id) => !found.has(id))
  if (missing) throw codeNotFound(collectionId, missing, param)
}

async function codingRow(
  q: Queryable,
  collectionId: string,
  codingId: string,
  lock = false,
): Promise<Coding> {
  const [r] = await q.query(
    `SELECT ${CODING_COLUMNS} FROM codings WHERE collection_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
    [collectionId, codingId],
  )
  if (!r) throw codingNotFound(collectionId, codingId)
  return codingOf(r)
}

export function createCodingStore({ db, now }: { db: Database; now: () => number }) {
  return {
    async list(collectionId: string, filter: CodingsQuery): Promise<Coding[]> {
      await existingCollection(db, collectionId)
      if (filter.codeId) await lockCodes(db, collectionId, [filter.codeId], 'codeId')
      const rows = await db.query(LIST_SQL, [collectionId, filter.videoId ?? null, filter.codeId ?? null])
      return rows.map(codingOf)
    },

    /** One coding per code; a code already applied to the same segment answers its existing coding, unchanged. */
    async create(collectionId: string, input: NewCodings): Promise<Coding[]> {
      const codeIds = [...new Set(input.codeIds)]
      return db.transaction(async (tx) => {
        await existingCollection(tx, collectionId, 'share')
        await lockCodes(tx, collectionId, codeIds, 'codeIds')
        const resolved = await resolveSegment(tx, collectionId, input.segment)
        const t = now()
        await tx.query(
          `INSERT INTO codings (id, collection_id, code_id, kind, video_id, start_s, segment_key, segment, memo, coder,
             created_at, updated_at)
           SELECT gen.id, $1, gen.code_id, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $11
           FROM unnest($2::text[], $3::text[]) AS gen(id, code_id)
           ON CONFLICT (code_id, segment_key) DO NOTHING`,
          [
            collectionId,
            codeIds.map(() => randomUUID()),
            codeIds,
            resolved.segment.kind,
            resolved.videoId,
            resolved.start,
            resolved.key,
            JSON.stringify(resolved.segment),
            input.memo ?? '',
            input.coder,
            t,
          ],
        )
        const rows = await tx.query(
          `SELECT ${CODING_COLUMNS} FROM codings WHERE code_id = ANY($1::text[]) AND segment_key = $2`,
          [codeIds, resolved.key],
        )
        const byCode = new Map(rows.map((r) => [String(r.code_id), codingOf(r)]))
        return codeIds.map((id) => byCode.get(id)!)
      })
    },

    async update(collectionId: string, codingId: string, patch: CodingPatch): Promise<Coding> {
      return db.transaction(async (tx) => {
        await existingCollection(tx, collectionId, 'share')
        const coding = await codingRow(tx, collectionId, codingId, true)
        if (patch.codeId && patch.codeId !== coding.codeId) {
          await lockCodes(tx, collectionId, [patch.codeId], 'codeId')
          const [twin] = await tx.query(
            `SELECT id FROM codings WHERE code_id = $1
               AND segment_key = (SELECT segment_key FROM codings WHERE id = $2)`,
            [patch.codeId, codingId],
          )
          if (twin)
            throw new ApiFailure(
              409,
              'conflict',
              `That code is already applied to this segment (coding ${String(twin.id)}).`,
              { param: 'codeId' },
            )
        }
        const [r] = await tx.query(
          `UPDATE codings SET code_id = $3, memo = $4, updated_at = $5
           WHERE collection_id = $1 AND id = $2 RETURNING ${CODING_COLUMNS}`,
          [collectionId, codingId, patch.codeId ?? coding.codeId, patch.memo ?? coding.memo, now()],
        )
        return codingOf(r!)
      })
    },

    async remove(collectionId: string, codingId: string): Promise<void> {
      await existingCollection(db, collectionId)
      const rows = await db.query('DELETE FROM codings WHERE collection_id = $1 AND id = $2 RETURNING id', [
        collectionId,
        codingId,
      ])
      if (!rows.length) throw codingNotFound(collectionId, codingId)
    },
  }
}
