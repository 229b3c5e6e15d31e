/** The replies as the view shows them: a tree of inferred answers, or a flat list; sorted within each level. */
import type { CommentReply } from '#contract/index.ts'
import type { ReplySort } from '#lib/urls/replies.ts'
import { chronological, type ThreadLink } from './thread-inference.ts'

/** The sorts are URL values: the route table owns them. */
export { type ReplySort } from '#lib/urls/replies.ts'

export type ReplyNode = {
  reply: CommentReply
  link: ThreadLink
  children: ReplyNode[]
  /** Shown only to give a search match its context; it does not match itself. */
  context?: boolean
}

const TOP: ThreadLink = { replyToId: null, depth: 0, via: 'none' }

/** Oldest/newest by publishedAt (ties in the service's order); most liked first, then oldest. */
function replyComparator(
  replies: readonly CommentReply[],
  sort: ReplySort,
): (a: CommentReply, b: CommentReply) => number {
  const order = new Map(chronological(replies).map((r, i) => [r.id, i]))
  const pos = (r: CommentReply) => order.get(r.id) ?? 0
  if (sort === 'newest') return (a, b) => pos(b) - pos(a)
  if (sort === 'liked') return (a, b) => b.likeCount - a.likeCount || pos(a) - pos(b)
  return (a, b) => pos(a) - pos(b)
}

export function buildReplyTree(
  replies: readonly CommentReply[],
  links: ReadonlyMap<string, ThreadLink>,
  sort: ReplySort,
): ReplyNode[] {
  const nodes = new Map(
    replies.map((r) => [r.id, { reply: r, link: links.get(r.id) ?? TOP, children: [] } as ReplyNode]),
  )
  const roots: ReplyNode[] = []
  for (const node of nodes.values()) {
    const parent = node.link.replyToId ? nodes.get(node.link.replyToId) : undefined
    ;(parent ? parent.children : roots).push(node)
  }
  const compare = replyComparator(replies, sort)
  const sortLevel = (level: ReplyNode[]) => {
    level.sort((a, b) => compare(a.reply, b.reply))
    level.forEach((n) => sortLevel(n.children))
  }
  sortLevel(roots)
  return roots
}

export function sortReplies(replies: readonly CommentReply[], sort: ReplySort): CommentReply[] {
  return [...replies].sort(replyComparator(replies, sort))
}

/** Keeps the matching replies and, as context, the replies they answer; drops the rest. */
export function filterTree(nodes: readonly ReplyNode[], matches: ReadonlySet<string>): ReplyNode[] {
  const out: ReplyNode[] = []
  for (const node of nodes) {
    const children = filterTree(node.children, matches)
    if (matches.has(node.reply.id)) out.push({ ...node, children })
    else if (children.length > 0) out.push({ ...node, children, context: true })
  }
  return out
}

/** The ids from the root down to `id` (exclusive), so a highlighted reply's branches can be opened. */
export function ancestorsOf(id: string, links: ReadonlyMap<string, ThreadLink>): string[] {
  const out: string[] = []
  const seen = new Set<string>()
  let at = links.get(id)?.replyToId ?? null
  while (at && !seen.has(at)) {
    seen.add(at)
    out.unshift(at)
    at = links.get(at)?.replyToId ?? null
  }
  return out
}

export function countDescendants(node: ReplyNode): number {
  return node.children.reduce((n, c) => n + 1 + countDescendants(c), 0)
}
