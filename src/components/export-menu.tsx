import { useState } from 'react'
import type { ExportFormat } from '#lib/export/export-data.ts'
import { Button } from './ui/button.tsx'

export type ExportMenuProps = {
  onExport: (format: ExportFormat) => void | Promise<void>
  disabled?: boolean
  /** How many rows the export holds: the ones shown. */
  count: number
  /** How many are loaded, when a filter shows fewer. */
  loaded?: number
  noun?: string
}

const FORMATS: { format: ExportFormat; label: string; title: string }[] = [
  { format: 'csv', label: 'CSV', title: 'Exact values, with a .provenance.json file beside it' },
  {
    format: 'excel-csv',
    label: 'For Excel',
    title:
      'A CSV where cells starting with = + - @ are made text with a leading apostrophe; its .provenance.json says which columns and how many cells changed',
  },
  { format: 'json', label: 'JSON', title: 'The items with their provenance' },
  { format: 'zip', label: 'ZIP', title: 'CSV, JSON and the provenance in one ZIP' },
]

/** Export buttons shared by every view; exporting costs nothing (it uses what is shown). */
export function ExportMenu({ onExport, disabled, count, loaded, noun = 'items' }: ExportMenuProps) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const what = loaded !== undefined && loaded !== count ? `${count} of ${loaded}` : `${count}`

  async function run(format: ExportFormat) {
    setBusy(true)
    setError(undefined)
    try {
      await onExport(format)
    } catch (e) {
      setError(`The export failed: ${e instanceof Error ? e.message : String(e)}`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div
      role="group"
      aria-label={`Export ${what} loaded ${noun}`}
      className="flex flex-wrap items-center gap-2"
    >
      <span className="text-sm text-slate-600">
        Export {what} loaded {noun}:
      </span>
      {FORMATS.map((f) => (
        <Button
          key={f.format}
          size="sm"
          disabled={disabled || busy}
          onClick={() => void run(f.format)}
          title={f.title}
        >
          {f.label}
        </Button>
      ))}
      {error && (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}
