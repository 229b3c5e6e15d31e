/** The codes of one cue, as coloured bars in the transcript's margin (named for a screen reader and on hover). */
import { memo } from 'react'
import type { MarginMark } from '#lib/coding/coding-marks.ts'

export const CodeMarginMarks = memo(function CodeMarginMarks({
  marks,
}: {
  marks: readonly MarginMark[] | undefined
}) {
  // Always as wide, so coding a cue does not shift its text.
  return (
    <span className="flex w-3 shrink-0 gap-px self-stretch" data-testid="cue-code-marks">
      {marks?.map((m) => (
        <span
          key={m.codingId}
          className="w-1 rounded-sm"
          style={{ backgroundColor: m.color }}
          title={m.name}
          data-code={m.name}
        />
      ))}
      {marks && marks.length > 0 && (
        <span className="sr-only">Coded {marks.map((m) => m.name).join(', ')}.</span>
      )}
    </span>
  )
})
