import { useId } from 'react'
import { CAPTION_MODES, CAPTION_MODE_DESCRIPTIONS, type CaptionMode } from '#contract/index.ts'

export type ModePickerProps = { value: CaptionMode; onChange: (mode: CaptionMode) => void }

/** The service's four caption modes, each with its one-sentence meaning. */
export function ModePicker({ value, onChange }: ModePickerProps) {
  const baseId = useId()
  return (
    <fieldset className="space-y-2">
      <legend className="font-medium">Mode</legend>
      {CAPTION_MODES.map((mode) => (
        <div key={mode} className="flex items-baseline gap-2">
          <input
            id={`${baseId}-${mode}`}
            type="radio"
            name="bulk-mode"
            checked={value === mode}
            aria-describedby={`${baseId}-${mode}-hint`}
            onChange={() => onChange(mode)}
          />
          <div>
            <label htmlFor={`${baseId}-${mode}`} className="font-mono">
              {mode}
            </label>
            <p id={`${baseId}-${mode}-hint`} className="text-sm text-slate-600">
              {CAPTION_MODE_DESCRIPTIONS[mode]}
            </p>
          </div>
        </div>
      ))}
    </fieldset>
  )
}
