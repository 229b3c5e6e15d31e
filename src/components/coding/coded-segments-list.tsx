/** Coded segments grouped by code, each with where it is (a jump the view supplies), its text, memo, coder and time. */
import { useState, type ReactNode } from 'react'
import { Button } from '#components/ui/button.tsx'
import type { SegmentItem } from '#lib/coding/segment-groups.ts'
import { formatDate } from '#lib/format.ts'
import { CodeSwatch } from './code-swatch.tsx'
import { MemoEditor } from './memo-editor.tsx'

type SegmentGroup<T extends SegmentItem> = {
  code: { id: string; name: string; color: string }
  depth: number
  items: readonly T[]
}

type Props<T extends SegmentItem> = {
  groups: readonly SegmentGroup<T>[]
  /** The view's way to reach a segment: a button that seeks, a link that opens the studio. */
  renderJump: (item: T) => ReactNode
  onSaveMemo: (codingId: string, memo: string) => void
  onRemove: (codingId: string) => void
  busy?: boolean
  headingLevel?: 3 | 4
}

export function CodedSegmentsList<T extends SegmentItem>({
  groups,
  renderJump,
  onSaveMemo,
  onRemove,
  busy = false,
  headingLevel = 3,
}: Props<T>) {
  const [editing, setEditing] = useState<string>()
  const Heading = headingLevel === 3 ? 'h3' : 'h4'
  const coded = groups.filter((g) => g.items.length > 0)
  if (coded.length === 0) return <p className="text-sm text-slate-600">Nothing is coded yet.</p>
  return (
    <div className="flex flex-col gap-3" data-testid="coded-segments">
      {coded.map(({ code, depth, items }) => (
        <section
          key={code.id}
          aria-label={`${code.name}: ${items.length} coded ${items.length === 1 ? 'segment' : 'segments'}`}
          style={{ marginInlineStart: `${depth}rem` }}
        >
          <Heading className="flex items-center gap-2 font-medium">
            <CodeSwatch color={code.color} />
            {code.name} <span className="text-sm font-normal text-slate-600">({items.length})</span>
          </Heading>
          <ul className="mt-1 flex flex-col gap-2">
            {items.map((item) => (
              <li key={item.id} className="rounded border border-slate-200 p-2 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  {renderJump(item)}
                  <span className="text-xs text-slate-600">
                    by {item.coder}, {formatDate(new Date(item.createdAt).toISOString())}
                  </span>
                </div>
                <p className="mt-1 line-clamp-3 whitespace-pre-line">{item.text}</p>
                {editing === item.id ? (
                  <MemoEditor
                    initial={item.memo}
                    label={`Memo of ${code.name}, ${item.where}`}
                    saving={busy}
                    onCancel={() => setEditing(undefined)}
                    onSave={(memo) => {
                      onSaveMemo(item.id, memo)
                      setEditing(undefined)
                    }}
                  />
                ) : (
                  <>
                    {item.memo && (
                      <p className="mt-1 whitespace-pre-line text-slate-700">
                        <span className="font-medium">Memo:</span> {item.memo}
                      </p>
                    )}
                    <div className="mt-1 flex gap-2">
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`${item.memo ? 'Edit the memo' : 'Add a memo'} of ${code.name}, ${item.where}`}
                        onClick={() => setEditing(item.id)}
                      >
                        {item.memo ? 'Edit memo' : 'Add memo'}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={busy}
                        aria-label={`Remove ${code.name}, ${item.where}`}
                        onClick={() => onRemove(item.id)}
                      >
                        Remove
                      </Button>
                    </div>
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}
