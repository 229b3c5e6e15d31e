/** The codes applied to one item (a reply, a KWIC hit), each with a button that removes that coding. */
import type { CodingChip } from '#lib/coding/use-coding.ts'
import { CodeSwatch } from './code-swatch.tsx'

type Props = { chips: readonly CodingChip[]; onRemove?: (codingId: string) => void; busy?: boolean }

export function CodingChips({ chips, onRemove, busy = false }: Props) {
  if (chips.length === 0) return null
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Codes applied">
      {chips.map((c) => (
        <li
          key={c.id}
          className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs ring-1 ring-slate-300"
          title={c.memo || undefined}
        >
          <CodeSwatch color={c.color} className="h-2.5 w-2.5 rounded-full" />
          <span>{c.name}</span>
          {c.memo && <span className="sr-only">, memo: {c.memo}</span>}
          {onRemove && (
            <button
              type="button"
              className="rounded px-0.5 text-slate-600 hover:bg-slate-200 hover:text-slate-900 disabled:opacity-50"
              aria-label={`Remove the code ${c.name}`}
              disabled={busy}
              onClick={() => onRemove(c.id)}
            >
              ×
            </button>
          )}
        </li>
      ))}
    </ul>
  )
}
