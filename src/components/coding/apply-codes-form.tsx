/** Codes to apply to one item (a KWIC hit, a reply) with a memo; Escape closes it. */
import { useState } from 'react'
import { Button } from '#components/ui/button.tsx'
import type { OrderedCode } from '#lib/coding/code-tree.ts'
import { CodePicker, type PickableCode } from './code-picker.tsx'

type Props = {
  codes: readonly OrderedCode<PickableCode>[]
  /** Names the item: "the hit at 0:12 in …", "the reply by Ann". */
  item: string
  /** Said when applying is not possible yet (no coder name). */
  blocked: string | undefined
  /** The last attempt's failure, said as it is. */
  failure: string | undefined
  pending: boolean
  submitLabel: string
  onApply: (codeIds: string[], memo: string) => void
  onClose: () => void
}

export function ApplyCodesForm({
  codes,
  item,
  blocked,
  failure,
  pending,
  submitLabel,
  onApply,
  onClose,
}: Props) {
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set())
  const [memo, setMemo] = useState('')
  return (
    <form
      aria-label={`Code ${item}`}
      className="flex flex-col gap-2 rounded border border-slate-200 bg-slate-50 p-2 font-sans"
      onSubmit={(e) => {
        e.preventDefault()
        onApply([...checked], memo)
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose()
      }}
    >
      <CodePicker
        codes={codes}
        checked={checked}
        legend={`Codes for ${item}`}
        onToggle={(id) =>
          setChecked((prev) => {
            const next = new Set(prev)
            if (next.has(id)) next.delete(id)
            else next.add(id)
            return next
          })
        }
      />
      <label className="flex flex-col text-sm">
        Memo (optional)
        <textarea
          className="rounded border border-slate-300 p-1"
          value={memo}
          onChange={(e) => setMemo(e.target.value)}
        />
      </label>
      {blocked && (
        <p role="alert" className="text-sm text-red-800">
          {blocked}
        </p>
      )}
      {failure && (
        <p role="alert" className="text-sm text-red-800">
          Not coded: {failure}
        </p>
      )}
      <div className="flex gap-2">
        <Button
          type="submit"
          size="sm"
          variant="primary"
          disabled={checked.size === 0 || !!blocked || pending}
        >
          {pending ? 'Applying…' : submitLabel}
        </Button>
        <Button size="sm" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
