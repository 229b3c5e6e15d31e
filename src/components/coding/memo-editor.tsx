/** A coding's memo: a text area with Save and Cancel; Escape cancels, Ctrl+Enter saves. */
import { useId, useState } from 'react'
import { Button } from '#components/ui/button.tsx'

const MEMO_MAX = 10_000

type Props = {
  initial: string
  /** Names what the memo belongs to, e.g. "Memo of nostalgia at 1:02". */
  label: string
  onSave: (memo: string) => void
  onCancel: () => void
  saving?: boolean
}

export function MemoEditor({ initial, label, onSave, onCancel, saving = false }: Props) {
  const id = useId()
  const [memo, setMemo] = useState(initial)
  const tooLong = memo.length > MEMO_MAX
  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(e) => {
        e.preventDefault()
        if (!tooLong) onSave(memo)
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        className="min-h-16 rounded border border-slate-300 p-1 text-sm"
        value={memo}
        // Opened by the reader's own press, to type at once.
        autoFocus
        aria-invalid={tooLong || undefined}
        onChange={(e) => setMemo(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel()
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !tooLong) onSave(memo)
        }}
      />
      {tooLong && (
        <p role="alert" className="text-sm text-red-800">
          A memo is at most {MEMO_MAX.toLocaleString()} characters.
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" variant="primary" disabled={saving || tooLong}>
          {saving ? 'Saving…' : 'Save memo'}
        </Button>
        <Button size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
