import { useId } from 'react'
import { LANGUAGE_CODES, type LanguageCode } from '#contract/index.ts'
import type { LanguageChoice } from '#lib/caption-archive/plan.ts'

const names = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' })
  } catch {
    return undefined
  }
})()

function languageLabel(code: string): string {
  try {
    const name = names?.of(code)
    return name && name !== code ? `${code} — ${name}` : code
  } catch {
    return code
  }
}

export type LanguagePickerProps = { value: LanguageChoice; onChange: (choice: LanguageChoice) => void }

/** Each video's own default caption language, or chosen codes (one request per video, code and format). */
export function LanguagePicker({ value, onChange }: LanguagePickerProps) {
  const selectId = useId()
  const hintId = useId()
  const codes = value === 'default' ? [] : value
  return (
    <fieldset className="space-y-2">
      <legend className="font-medium">Languages</legend>
      <label className="flex items-baseline gap-2">
        <input
          type="radio"
          name="bulk-languages"
          checked={value === 'default'}
          onChange={() => onChange('default')}
        />
        <span>Default language of each video</span>
      </label>
      <label className="flex items-baseline gap-2">
        <input
          type="radio"
          name="bulk-languages"
          checked={value !== 'default'}
          onChange={() => onChange(codes.length ? codes : ['en'])}
        />
        <span>Choose languages</span>
      </label>
      {value !== 'default' && (
        <div className="space-y-1 pl-6">
          <label htmlFor={selectId} className="block text-sm font-medium">
            Languages to download ({codes.length} chosen{codes.length ? `: ${codes.join(', ')}` : ''})
          </label>
          <select
            id={selectId}
            multiple
            size={8}
            aria-describedby={hintId}
            value={[...codes]}
            onChange={(e) => onChange(Array.from(e.target.selectedOptions, (o) => o.value as LanguageCode))}
            className="w-full max-w-sm rounded border border-slate-300 p-1"
          >
            {LANGUAGE_CODES.map((code) => (
              <option key={code} value={code}>
                {languageLabel(code)}
              </option>
            ))}
          </select>
          <p id={hintId} className="text-sm text-slate-600">
            Ctrl or ⌘ + click (or Shift + arrows) to choose several. A language a video lacks is reported, not
            charged twice.
          </p>
        </div>
      )}
    </fieldset>
  )
}
