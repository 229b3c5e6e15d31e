import type { ReplyFormat } from '../lib/reply-search.ts'
import { countDescendants, type ReplyNode } from '../lib/reply-tree.ts'
import { cn } from '#lib/cn.ts'
import { ReplyCard } from './reply-card.tsx'

type TreeShared = {
  format: ReplyFormat
  pattern: RegExp | undefined
  highlightedId: string | undefined
  permalinkOf: (replyId: string) => string
  collapsed: ReadonlySet<string>
  onToggle: (replyId: string) => void
}

export type ReplyTreeListProps = TreeShared & { nodes: readonly ReplyNode[] }

/** Indentation stops growing after this depth so deep threads stay readable on narrow screens. */
const MAX_INDENT_DEPTH = 6

function ReplyBranch({ node, depth, ...shared }: TreeShared & { node: ReplyNode; depth: number }) {
  const { reply, children } = node
  const expanded = !shared.collapsed.has(reply.id)
  const total = countDescendants(node)
  const listId = `replies-to-${reply.id}`
  return (
    <li>
      <ReplyCard
        reply={reply}
        format={shared.format}
        pattern={shared.pattern}
        permalink={shared.permalinkOf(reply.id)}
        highlighted={shared.highlightedId === reply.id}
        context={node.context}
      />
      {children.length > 0 && (
        <div
          className={cn(
            depth < MAX_INDENT_DEPTH
              ? 'ml-5 border-l-2 border-slate-200 pl-3'
              : 'border-l-2 border-slate-200 pl-1',
          )}
        >
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => shared.onToggle(reply.id)}
            className="my-1 rounded px-1.5 py-0.5 text-xs font-medium text-sky-800 hover:bg-sky-50"
          >
            <span aria-hidden="true">{expanded ? '▾ ' : '▸ '}</span>
            {total} {total === 1 ? 'reply' : 'replies'} to {reply.authorDisplayName}
          </button>
          <ol id={listId} hidden={!expanded} className="space-y-1">
            {expanded &&
              children.map((c) => <ReplyBranch key={c.reply.id} node={c} depth={depth + 1} {...shared} />)}
          </ol>
        </div>
      )}
    </li>
  )
}

/** Replies as conversations: each answer indented under the reply it answers; branches fold. */
export function ReplyTreeList({ nodes, ...shared }: ReplyTreeListProps) {
  return (
    <ol className="space-y-2">
      {nodes.map((n) => (
        <ReplyBranch key={n.reply.id} node={n} depth={0} {...shared} />
      ))}
    </ol>
  )
}
