import type { ExportFormat } from '#lib/export/export-data.ts'
import { Button } from './ui/button.tsx'

export type ExportMenuProps = {
  onExport: (format: ExportFormat) => void
  disabled?: boolean
  count: number
  noun?: string
}

/** Export buttons shared by every view; exporting costs nothing (it uses what is loaded). */
export function ExportMenu({ onExport, disabled, count, noun = 'items' }: ExportMenuProps) {
  return (
    <div
      role="group"
      aria-label={`Export ${count} loaded ${noun}`}
      className="flex flex-wrap items-center gap-2"
    >
      <span className="text-sm text-slate-600">
        Export {count} loaded {noun}:
      </span>
      <Button size="sm" disabled={disabled} onClick={() => onExport('csv')}>
        CSV
      </Button>
      <Button size="sm" disabled={disabled} onClick={() => onExport('json')}>
        JSON
      </Button>
      <Button
        size="sm"
        disabled={disabled}
        onClick={() => onExport('zip')}
        title="CSV, JSON and provenance.json in one ZIP"
      >
        ZIP
      </Button>
    </div>
  )
}
