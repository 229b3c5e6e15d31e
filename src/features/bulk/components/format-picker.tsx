import { useId } from 'react'
import { CAPTION_EXTENSIONS, CAPTION_FORMATS, type CaptionFormat } from '#contract/index.ts'
import { Button } from '#components/ui/button.tsx'

const FORMAT_HINTS: Record<CaptionFormat, string> = {
  json: 'caption items with timings, word counts and speech rate',
  text: 'plain text',
  csv: 'a table of cues',
  xml: 'XML cues',
  srt: 'SubRip subtitles',
  vtt: 'WebVTT subtitles',
  ttml: 'Timed Text Markup Language',
  srv1: 'platform XML, seconds',
  srv2: 'platform XML, milliseconds',
  srv3: 'platform XML with word timings',
  json3: 'platform JSON with word timings',
}

export type FormatPickerProps = {
  value: readonly CaptionFormat[]
  onChange: (formats: CaptionFormat[]) => void
}

/** Any of the 11 caption formats; each is one request per video and language. */
export function FormatPicker({ value, onChange }: FormatPickerProps) {
  const hintId = useId()
  const chosen = new Set(value)
  return (
    <fieldset className="space-y-2">
      <legend className="font-medium">
        Formats ({value.length} of {CAPTION_FORMATS.length})
      </legend>
      <div className="flex gap-2">
        <Button
          size="sm"
          onClick={() => onChange([...CAPTION_FORMATS])}
          disabled={value.length === CAPTION_FORMATS.length}
        >
          All formats
        </Button>
        <Button size="sm" onClick={() => onChange([])} disabled={value.length === 0}>
          No format
        </Button>
      </div>
      <div className="grid gap-1 sm:grid-cols-2">
        {CAPTION_FORMATS.map((f) => (
          <div key={f} className="flex items-baseline gap-2">
            <label className="flex items-baseline gap-2">
              <input
                type="checkbox"
                checked={chosen.has(f)}
                aria-describedby={`${hintId}-${f}`}
                onChange={(e) => onChange(e.target.checked ? [...value, f] : value.filter((x) => x !== f))}
              />
              <span className="font-mono">{f}</span>
            </label>
            <span id={`${hintId}-${f}`} className="text-sm text-slate-600">
              .{CAPTION_EXTENSIONS[f]} · {FORMAT_HINTS[f]}
            </span>
          </div>
        ))}
      </div>
    </fieldset>
  )
}
