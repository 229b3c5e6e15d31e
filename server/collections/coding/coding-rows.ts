/** Database rows of codes and codings → the HTTP interface's shapes (contract/coding.ts). */
import type { Code, Coding, Segment } from '#contract/coding.ts'
import { num, type Row } from '../../db/database.ts'
import { json } from '../collection-rows.ts'

export const CODE_COLUMNS =
  'id, collection_id, parent_id, name, color, description, position, created_at, updated_at'

export function codeOf(r: Row): Code {
  return {
    id: String(r.id),
    collectionId: String(r.collection_id),
    parentId: r.parent_id === null || r.parent_id === undefined ? null : String(r.parent_id),
    name: String(r.name),
    color: String(r.color),
    description: String(r.description),
    position: num(r.position),
    createdAt: num(r.created_at),
    updatedAt: num(r.updated_at),
  }
}

export const CODING_COLUMNS = 'id, collection_id, code_id, segment, memo, coder, created_at, updated_at'

export function codingOf(r: Row): Coding {
  return {
    id: String(r.id),
    collectionId: String(r.collection_id),
    codeId: String(r.code_id),
    segment: json<Segment>(r.segment),
    memo: String(r.memo),
    coder: String(r.coder),
    createdAt: num(r.created_at),
    updatedAt: num(r.updated_at),
  }
}

/** Parents before their children, siblings by position then name: the order a code tree is read in. */
export function treeOrder(codes: readonly Code[]): Code[] {
  const children = new Map<string | null, Code[]>()
  for (const c of codes) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c])
  const out: Code[] = []
  const visit = (parent: string | null) => {
    const kids = (children.get(parent) ?? []).sort(
      (a, b) => a.position - b.position || a.name.localeCompare(b.name),
    )
    for (const k of kids) {
      out.push(k)
      visit(k.id)
    }
  }
  visit(null)
  return out
}
