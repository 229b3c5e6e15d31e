/** Coding in the studio: who codes, what is selected, the codes to apply (1–9 by keyboard), this video's coded segments. */
import { useId, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '#components/ui/button.tsx'
import { CodedSegmentsList } from '#components/coding/coded-segments-list.tsx'
import { CodePicker } from '#components/coding/code-picker.tsx'
import { CoderNameSetting } from '#components/coding/coder-name-setting.tsx'
import { errorMessage } from '#lib/api-client.ts'
import { selectionBounds, selectionSize } from '#lib/coding/cue-selection.ts'
import { groupCodings } from '#lib/coding/segment-groups.ts'
import { segmentEditing } from '#lib/coding/use-coding.ts'
import { formatClock } from '#lib/format.ts'
import { collectionPath } from '#lib/urls/collections.ts'
import type { StudioCoding } from '../hooks/use-studio-coding.ts'
import type { Cue } from '../lib/cues.ts'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
const applyLabel = (codes: number, cues: number) =>
  codes === 0 || cues === 0
    ? 'Apply the ticked codes to the selected cues'
    : `Apply ${plural(codes, 'code', 'codes')} to ${plural(cues, 'cue', 'cues')}`

type Props = {
  collectionId: string
  collectionName: string | undefined
  coding: StudioCoding
  cues: readonly Cue[]
  onJump: (seconds: number) => void
}

/** The panel's element id: the studio header's "Code this video" link leads here. */
export const STUDIO_CODING_ID = 'studio-coding'

export function StudioCodingPanel({ collectionId, collectionName, coding, cues, onJump }: Props) {
  const id = useId()
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set())
  const [memo, setMemo] = useState('')
  const { codebook, codings, changes, selection } = coding
  const groups = useMemo(
    () => groupCodings(codebook.ordered, codings.data ?? []),
    [codebook.ordered, codings.data],
  )
  const n = selectionSize(selection)
  const bounds = selection ? selectionBounds(selection) : undefined
  const span = bounds ? `${formatClock(cues[bounds[0]]!.start)}–${formatClock(cues[bounds[1]]!.end)}` : ''
  const toggle = (codeId: string) =>
    setChecked((prev) => {
      const next = new Set(prev)
      if (next.has(codeId)) next.delete(codeId)
      else next.add(codeId)
      return next
    })

  return (
    <section
      id={STUDIO_CODING_ID}
      // Focusable by script only: the header's link moves the focus here, past the transcript.
      tabIndex={-1}
      aria-labelledby={`${id}-h`}
      className="scroll-mt-4 space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      data-testid="studio-coding"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-h`} className="font-semibold">
          Coding
        </h2>
        <Link className="text-sm text-sky-800 underline" to={collectionPath(collectionId)}>
          Codes of {collectionName ?? 'the collection'}
        </Link>
      </div>
      <CoderNameSetting name={coding.coder} onChange={coding.setCoder} />
      <p role="status" aria-live="polite" className="text-sm" data-testid="coding-selection">
        {n > 0
          ? `${n} ${n === 1 ? 'cue' : 'cues'} selected (${span}). Press a code's number, or tick codes and apply them. Escape clears.`
          : 'No cues selected: click a cue (Shift+click extends), or focus a cue’s time and press Shift+↓ or Shift+↑.'}
      </p>
      {codebook.query.isError && (
        <p role="alert" className="text-sm text-red-800">
          The codes could not be loaded: {errorMessage(codebook.query.error)}
        </p>
      )}
      <form
        className="space-y-2"
        aria-label="Apply codes to the selected cues"
        onSubmit={(e) => {
          e.preventDefault()
          coding.apply([...checked], memo)
          setMemo('')
        }}
      >
        <CodePicker codes={codebook.ordered} checked={checked} onToggle={toggle} legend="Codes" numbered />
        <label className="flex flex-col text-sm">
          Memo (optional, saved with each code applied)
          <textarea
            className="min-h-12 rounded border border-slate-300 p-1"
            value={memo}
            onChange={(e) => setMemo(e.target.value)}
          />
        </label>
        <Button
          type="submit"
          size="sm"
          variant="primary"
          disabled={n === 0 || checked.size === 0 || changes.apply.isPending}
        >
          {changes.apply.isPending ? 'Applying…' : applyLabel(checked.size, n)}
        </Button>
      </form>
      {coding.status && (
        <p
          role={coding.status.error ? 'alert' : 'status'}
          className={coding.status.error ? 'text-sm text-red-800' : 'text-sm text-emerald-800'}
        >
          {coding.status.text}
        </p>
      )}
      <section aria-labelledby={`${id}-segments`} className="space-y-2">
        <h3 id={`${id}-segments`} className="font-medium">
          Coded segments of this video
        </h3>
        {codings.isPending && <p role="status">Loading the codings…</p>}
        {codings.isError && (
          <p role="alert" className="text-sm text-red-800">
            The codings could not be loaded: {errorMessage(codings.error)}
          </p>
        )}
        {codings.data && (
          <CodedSegmentsList
            groups={groups}
            headingLevel={4}
            {...segmentEditing(changes)}
            renderJump={(item) => (
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Jump to ${item.where}`}
                onClick={() => item.coding.segment.kind === 'cues' && onJump(item.coding.segment.start)}
              >
                {item.where}
              </Button>
            )}
          />
        )}
      </section>
    </section>
  )
}
