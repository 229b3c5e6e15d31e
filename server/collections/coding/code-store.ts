/** The codes of a collection, a tree: create, list, change, delete; every change under the collection's lock, so checks and positions hold. */
import { randomUUID } from 'node:crypto'
import {
  CODING_LIMITS,
  DEFAULT_CODE_COLOR,
  type Code,
  type CodeInput,
  type CodePatch,
} from '#contract/coding.ts'
import { num, type Database, type Queryable } from '../../db/database.ts'
import { ApiFailure, invalidQuery } from '../../errors.ts'
import { CODE_COLUMNS, codeOf, treeOrder } from './coding-rows.ts'
import { existingCollection } from './collection-lock.ts'

export const codeNotFound = (collectionId: string, codeId: string, param?: string) =>
  new ApiFailure(
    404,
    'not_found',
    `There is no code ${JSON.stringify(codeId)} in collection ${collectionId}.`,
    {
      param,
    },
  )

async function codeRow(q: Queryable, collectionId: string, codeId: string, param?: string): Promise<Code> {
  const [r] = await q.query(`SELECT ${CODE_COLUMNS} FROM codes WHERE collection_id = $1 AND id = $2`, [
    collectionId,
    codeId,
  ])
  if (!r) throw codeNotFound(collectionId, codeId, param)
  return codeOf(r)
}

/** A parent named in a body: a code of this collection (400: the body is wrong, not the address). */
async function parentCode(q: Queryable, collectionId: string, parentId: string): Promise<Code> {
  const [r] = await q.query(`SELECT ${CODE_COLUMNS} FROM codes WHERE collection_id = $1 AND id = $2`, [
    collectionId,
    parentId,
  ])
  if (!r)
    throw invalidQuery('parentId', `parentId names no code of this collection: ${JSON.stringify(parentId)}.`)
  return codeOf(r)
}

/** 400 when the code would become its own ancestor. */
async function refuseCycle(q: Queryable, codeId: string, parentId: string): Promise<void> {
  const [r] = await q.query<{ found: boolean }>(
    `WITH RECURSIVE up(id, parent_id) AS (
       SELECT id, parent_id FROM codes WHERE id = $1
       UNION SELECT c.id, c.parent_id FROM codes c JOIN up ON c.id = up.parent_id)
     SELECT EXISTS (SELECT 1 FROM up WHERE id = $2) AS found`,
    [parentId, codeId],
  )
  if (r?.found)
    throw invalidQuery(
      'parentId',
      `parentId would make the code its own ancestor: ${JSON.stringify(parentId)} is the code or one of its descendants.`,
    )
}

/** 409 when a sibling (same parent) already has this name, whatever its case. */
async function refuseSiblingName(
  q: Queryable,
  collectionId: string,
  parentId: string | null,
  name: string,
  except: string | null,
): Promise<void> {
  const [r] = await q.query(
    `SELECT name FROM codes WHERE collection_id = $1 AND parent_id IS NOT DISTINCT FROM $2
       AND lower(name) = lower($3) AND id IS DISTINCT FROM $4`,
    [collectionId, parentId, name, except],
  )
  if (r)
    throw new ApiFailure(
      409,
      'conflict',
      `A code named ${JSON.stringify(String(r.name))} already exists ${parentId ? 'under this parent' : 'at the top level'}: sibling codes need different names.`,
      { param: 'name' },
    )
}

async function siblingCount(q: Queryable, collectionId: string, parentId: string | null): Promise<number> {
  const [r] = await q.query(
    'SELECT count(*)::int AS n FROM codes WHERE collection_id = $1 AND parent_id IS NOT DISTINCT FROM $2',
    [collectionId, parentId],
  )
  return num(r?.n)
}

/** Moves siblings at or after `from` by `by` places (making room, or closing a gap). */
async function shiftSiblings(
  q: Queryable,
  collectionId: string,
  parentId: string | null,
  from: number,
  by: 1 | -1,
): Promise<void> {
  await q.query(
    `UPDATE codes SET position = position + $4
     WHERE collection_id = $1 AND parent_id IS NOT DISTINCT FROM $2 AND position >= $3`,
    [collectionId, parentId, from, by],
  )
}

export function createCodeStore({ db, now }: { db: Database; now: () => number }) {
  return {
    async list(collectionId: string): Promise<Code[]> {
      await existingCollection(db, collectionId)
      const rows = await db.query(`SELECT ${CODE_COLUMNS} FROM codes WHERE collection_id = $1`, [
        collectionId,
      ])
      return treeOrder(rows.map(codeOf))
    },

    get: (collectionId: string, codeId: string) => codeRow(db, collectionId, codeId),

    async create(collectionId: string, input: CodeInput): Promise<Code> {
      return db.transaction(async (tx) => {
        await existingCollection(tx, collectionId, 'update')
        const [count] = await tx.query('SELECT count(*)::int AS n FROM codes WHERE collection_id = $1', [
          collectionId,
        ])
        if (num(count?.n) >= CODING_LIMITS.codesPerCollection)
          throw new ApiFailure(
            409,
            'conflict',
            `A collection holds at most ${CODING_LIMITS.codesPerCollection} codes; this one is full.`,
          )
        const parentId = input.parentId ?? null
        if (parentId) await parentCode(tx, collectionId, parentId)
        await refuseSiblingName(tx, collectionId, parentId, input.name, null)
        const last = await siblingCount(tx, collectionId, parentId)
        const position = Math.min(input.position ?? last, last)
        await shiftSiblings(tx, collectionId, parentId, position, 1)
        const t = now()
        const [r] = await tx.query(
          `INSERT INTO codes (id, collection_id, parent_id, name, color, description, position, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING ${CODE_COLUMNS}`,
          [
            randomUUID(),
            collectionId,
            parentId,
            input.name,
            input.color ?? DEFAULT_CODE_COLOR,
            input.description ?? '',
            position,
            t,
          ],
        )
        return codeOf(r!)
      })
    },

    async update(collectionId: string, codeId: string, patch: CodePatch): Promise<Code> {
      return db.transaction(async (tx) => {
        await existingCollection(tx, collectionId, 'update')
        const code = await codeRow(tx, collectionId, codeId)
        const parentId = patch.parentId === undefined ? code.parentId : patch.parentId
        if (parentId && parentId !== code.parentId) {
          await parentCode(tx, collectionId, parentId)
          await refuseCycle(tx, codeId, parentId)
        }
        const name = patch.name ?? code.name
        if (name !== code.name || parentId !== code.parentId)
          await refuseSiblingName(tx, collectionId, parentId, name, codeId)
        let position = code.position
        if (
          parentId !== code.parentId ||
          (patch.position !== undefined && patch.position !== code.position)
        ) {
          // Out of its place (closing the gap), then into the new one (making room).
          await tx.query('UPDATE codes SET position = -1 WHERE id = $1', [codeId])
          await shiftSiblings(tx, collectionId, code.parentId, code.position + 1, -1)
          const last = await siblingCount(tx, collectionId, parentId)
          position = Math.min(patch.position ?? last, last - (parentId === code.parentId ? 1 : 0))
          await shiftSiblings(tx, collectionId, parentId, position, 1)
        }
        const [r] = await tx.query(
          `UPDATE codes SET parent_id = $3, name = $4, color = $5, description = $6, position = $7, updated_at = $8
           WHERE collection_id = $1 AND id = $2 RETURNING ${CODE_COLUMNS}`,
          [
            collectionId,
            codeId,
            parentId,
            name,
            patch.color ?? code.color,
            patch.description ?? code.description,
            position,
            now(),
          ],
        )
        return codeOf(r!)
      })
    },

    /** Deletes a code without children, and its codings (the foreign key cascades). */
    async remove(collectionId: string, codeId: string): Promise<{ deletedCodings: number }> {
      return db.transaction(async (tx) => {
        await existingCollection(tx, collectionId, 'update')
        const code = await codeRow(tx, collectionId, codeId)
        const [kids] = await tx.query('SELECT count(*)::int AS n FROM codes WHERE parent_id = $1', [codeId])
        if (num(kids?.n) > 0)
          throw new ApiFailure(
            409,
            'conflict',
            `The code ${JSON.stringify(code.name)} has ${num(kids?.n)} child code(s): delete or move them first.`,
          )
        const [codings] = await tx.query('SELECT count(*)::int AS n FROM codings WHERE code_id = $1', [
          codeId,
        ])
        await tx.query('DELETE FROM codes WHERE id = $1', [codeId])
        await shiftSiblings(tx, collectionId, code.parentId, code.position + 1, -1)
        return { deletedCodings: num(codings?.n) }
      })
    },
  }
}
