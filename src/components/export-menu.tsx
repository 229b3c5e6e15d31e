import { useEffect, useState } from 'react'
import type { ExportedFile, ExportFormat } from '#lib/export/export-data.ts'
import { Button } from './ui/button.tsx'

export type ExportMenuProps = {
  /** What the press saved; a CSV's provenance comes back to be offered as its own link. */
  onExport: (format: ExportFormat) => void | ExportedFile | Promise<void | ExportedFile>
  disabled?: boolean
  /** How many rows the export holds: the ones shown. */
  count: number
  /** How many are loaded, when a filter shows fewer. */
  loaded?: number
  noun?: string
}

const FORMATS: { format: ExportFormat; label: string; title: string }[] = [
  { format: 'csv', label: 'CSV', title: 'Exact values; its .provenance.json is a link beside it once saved' },
  {
    format: 'excel-csv',
    label: 'For Excel',
    title:
      'A CSV where cells starting with = + - @ are made text with a leading apostrophe; its .provenance.json (a link beside it once saved) says which columns and how many cells changed',
  },
  { format: 'json', label: 'JSON', title: 'The items with their provenance' },
  { format: 'zip', label: 'ZIP', title: 'CSV, JSON and the provenance in one ZIP' },
]

type ProvenanceLink = { describes: string; name: string; url: string }

/** The last CSV's provenance as a link of its own, its object URL let go when replaced or unmounted. */
function useProvenanceLink() {
  const [link, setLink] = useState<ProvenanceLink>()
  useEffect(() => (link ? () => URL.revokeObjectURL(link.url) : undefined), [link])
  function offer(file: void | ExportedFile) {
    const p = file?.provenance
    setLink(p && file ? { describes: file.saved, name: p.name, url: URL.createObjectURL(p.blob) } : undefined)
  }
  return [link, offer] as const
}

/** Export buttons shared by every view; exporting costs nothing (it uses what is shown). One press, one file. */
export function ExportMenu({ onExport, disabled, count, loaded, noun = 'items' }: ExportMenuProps) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [provenance, offerProvenance] = useProvenanceLink()
  const what = loaded !== undefined && loaded !== count ? `${count} of ${loaded}` : `${count}`

  async function run(format: ExportFormat) {
    setBusy(true)
    setError(undefined)
    try {
      offerProvenance(await onExport(format))
    } catch (e) {
      offerProvenance(undefined)
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
      {provenance && (
        <a className="text-sm text-sky-800 underline" href={provenance.url} download={provenance.name}>
          Provenance of {provenance.describes} (JSON)
        </a>
      )}
      {error && (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}
