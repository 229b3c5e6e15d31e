import { useId, useState } from 'react'

export type MinutesInputProps = {
  label: string
  value: number | undefined
  onCommit: (v: number | undefined) => void
}

/** A number of minutes typed freely: only valid values reach the URL, a wrong one is named beside the box. */
export function MinutesInput({ label, value, onCommit }: MinutesInputProps) {
  const id = useId()
  const errorId = useId()
  const [draft, setDraft] = useState(value === undefined ? '' : String(value))
  const [synced, setSynced] = useState(value)
  if (value !== synced) {
    // The URL changed from outside (back button, clear filters): show its value.
    setSynced(value)
    setDraft(value === undefined ? '' : String(value))
  }
  const n = Number(draft)
  const invalid = draft.trim() !== '' && (!Number.isFinite(n) || n < 0)
  return (
    <div className="flex flex-col text-sm">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        id={id}
        inputMode="decimal"
        value={draft}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(e) => {
          const text = e.target.value
          setDraft(text)
          const v = Number(text)
          if (text.trim() === '') {
            setSynced(undefined)
            onCommit(undefined)
          } else if (Number.isFinite(v) && v >= 0) {
            setSynced(v)
            onCommit(v)
          }
        }}
        className="mt-1 w-24 rounded border border-slate-300 px-2 py-1 tabular-nums"
        autoComplete="off"
      />
      {invalid && (
        <span id={errorId} className="mt-1 text-xs text-red-700">
          “{draft}” is not a number of minutes.
        </span>
      )}
    </div>
  )
}
