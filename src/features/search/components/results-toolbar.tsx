import { useId } from 'react'
import { SORT_KEYS, SORT_LABELS, type SortKey } from '../lib/search-url.ts'

export type ResultsToolbarProps = {
  q: string
  sort: SortKey
  /** Only what changed: the view builds it on any change still on its way to the URL (use-view-changes.ts). */
  onChange: (change: { q?: string; sort?: SortKey }) => void
}

/** Filter and sort what is loaded: free, kept in the URL. */
export function ResultsToolbar({ q, sort, onChange }: ResultsToolbarProps) {
  const filterId = useId()
  const sortId = useId()
  return (
    <div role="group" aria-label="Filter and sort loaded results" className="flex flex-wrap items-end gap-4">
      <div>
        <label htmlFor={filterId} className="block text-sm font-medium">
          Filter loaded results
        </label>
        <input
          id={filterId}
          type="search"
          value={q}
          onChange={(e) => onChange({ q: e.target.value })}
          placeholder="words in title, description or channel"
          className="mt-1 w-72 rounded border border-slate-300 px-2.5 py-1.5 text-sm"
        />
      </div>
      <div>
        <label htmlFor={sortId} className="block text-sm font-medium">
          Sort
        </label>
        <select
          id={sortId}
          value={sort}
          onChange={(e) => onChange({ sort: e.target.value as SortKey })}
          className="mt-1 rounded border border-slate-300 bg-white px-2 py-1.5 text-sm"
        >
          {SORT_KEYS.map((k) => (
            <option key={k} value={k}>
              {SORT_LABELS[k]}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}
