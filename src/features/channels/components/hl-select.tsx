import { useId, useMemo } from 'react'
import { formatUsd, priceOf, type HlCode } from '#contract/index.ts'
import { hlOptions } from '../lib/hl-options.ts'

export type HlSelectProps = { value: HlCode | undefined; onChange: (hl: HlCode | undefined) => void }

/** Language of the channel's localized title and description; kept in the URL (`hl=`). */
export function HlSelect({ value, onChange }: HlSelectProps) {
  const id = useId()
  const hintId = useId()
  const options = useMemo(() => hlOptions(), [])
  return (
    <div className="flex flex-col text-sm">
      <label htmlFor={id} className="font-medium">
        Language of localized data
      </label>
      <select
        id={id}
        value={value ?? ''}
        aria-describedby={hintId}
        onChange={(e) => onChange((e.target.value || undefined) as HlCode | undefined)}
        className="mt-1 max-w-[16rem] rounded border border-slate-300 px-2 py-1"
      >
        <option value="">Channel's default language</option>
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name} ({o.code})
          </option>
        ))}
      </select>
      <span id={hintId} className="mt-1 text-xs text-slate-600">
        A language not yet fetched is a new request ({formatUsd(priceOf('GET /channels'))}).
      </span>
    </div>
  )
}
