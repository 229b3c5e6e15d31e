import { useId } from 'react'
import { formatUsd } from '#contract/prices.ts'

export type ApprovalSelectProps = {
  valueUsd: number
  choicesUsd: readonly number[]
  defaultUsd: number
  onChange: (usd: number) => void
}

function label(usd: number, defaultUsd: number): string {
  if (usd === 0) return '$0 (always ask)'
  return `${formatUsd(usd)}${usd === defaultUsd ? ' (default)' : ''}`
}

/** Pages that cost at most this open by themselves; a dearer one shows its price and opens only when pressed. */
export function ApprovalSelect({ valueUsd, choicesUsd, defaultUsd, onChange }: ApprovalSelectProps) {
  const id = useId()
  const choices = choicesUsd.includes(valueUsd) ? choicesUsd : [...choicesUsd, valueUsd].sort((a, b) => a - b)
  return (
    <div className="flex items-baseline gap-1.5 whitespace-nowrap">
      <label htmlFor={id} className="text-slate-300">
        Ask me before opening anything that costs more than
      </label>
      <select
        id={id}
        value={String(valueUsd)}
        onChange={(e) => onChange(Number(e.target.value))}
        className="rounded border border-slate-600 bg-slate-800 px-1 py-0 text-xs text-white"
      >
        {choices.map((usd) => (
          <option key={usd} value={String(usd)}>
            {label(usd, defaultUsd)}
          </option>
        ))}
      </select>
    </div>
  )
}
