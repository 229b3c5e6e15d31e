import { useId, useState } from 'react'
import type { RepliesViewState } from '../lib/replies-url-state.ts'
import type { ReplySort } from '../lib/reply-tree.ts'

export type RepliesToolbarProps = {
  state: RepliesViewState
  onChange: (patch: Partial<RepliesViewState>, opts?: { replace?: boolean }) => void
  onCollapseAll?: () => void
  onExpandAll?: () => void
}

const SORT_LABELS: Record<ReplySort, string> = {
  oldest: 'Oldest first',
  newest: 'Newest first',
  liked: 'Most liked',
}

function Choice<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string
  name: string
  value: T
  options: [T, string][]
  onChange: (v: T) => void
}) {
  return (
    <fieldset className="flex items-center gap-1 text-sm">
      <legend className="sr-only">{legend}</legend>
      <span aria-hidden="true" className="mr-1 text-slate-600">
        {legend}:
      </span>
      {options.map(([v, label]) => (
        <label
          key={v}
          className="inline-flex cursor-pointer items-center gap-1 rounded border border-slate-300 px-2 py-1 has-[:checked]:border-sky-700 has-[:checked]:bg-sky-50 has-[:focus-visible]:ring-2"
        >
          <input
            type="radio"
            name={name}
            value={v}
            checked={value === v}
            onChange={() => onChange(v)}
            className="accent-sky-700"
          />
          {label}
        </label>
      ))}
    </fieldset>
  )
}

/** Text format, tree or flat, sort and search: every choice goes into the URL. */
export function RepliesToolbar({ state, onChange, onCollapseAll, onExpandAll }: RepliesToolbarProps) {
  const searchId = useId()
  const sortId = useId()
  const [query, setQuery] = useState(state.q)
  const [seenQ, setSeenQ] = useState(state.q)
  if (state.q !== seenQ) {
    // The URL changed from outside (back button, a link): follow it.
    setSeenQ(state.q)
    setQuery(state.q)
  }
  return (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-3 rounded-lg border border-slate-200 bg-white p-3">
      <Choice
        legend="Text"
        name="reply-format"
        value={state.format}
        options={[
          ['html', 'Formatted (html)'],
          ['plainText', 'Plain text'],
        ]}
        onChange={(format) => onChange({ format })}
      />
      <Choice
        legend="Layout"
        name="reply-view"
        value={state.view}
        options={[
          ['tree', 'Threads'],
          ['flat', 'Flat, in order'],
        ]}
        onChange={(view) => onChange({ view })}
      />
      <div className="flex items-center gap-2 text-sm">
        <label htmlFor={sortId} className="text-slate-600">
          Sort
        </label>
        <select
          id={sortId}
          value={state.sort}
          onChange={(e) => onChange({ sort: e.target.value as ReplySort })}
          className="rounded border border-slate-300 px-2 py-1"
        >
          {(Object.keys(SORT_LABELS) as ReplySort[]).map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-56 flex-1 items-center gap-2 text-sm">
        <label htmlFor={searchId} className="text-slate-600">
          Search loaded replies
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          maxLength={200}
          onChange={(e) => {
            setQuery(e.target.value)
            setSeenQ(e.target.value)
            onChange({ q: e.target.value }, { replace: true })
          }}
          placeholder="words or an author"
          className="min-w-0 flex-1 rounded border border-slate-300 px-2 py-1"
        />
      </div>
      {state.view === 'tree' && onCollapseAll && onExpandAll && (
        <div className="flex gap-1 text-sm">
          <button
            type="button"
            onClick={onCollapseAll}
            className="rounded px-2 py-1 text-sky-800 hover:bg-sky-50"
          >
            Collapse all
          </button>
          <button
            type="button"
            onClick={onExpandAll}
            className="rounded px-2 py-1 text-sky-800 hover:bg-sky-50"
          >
            Expand all
          </button>
        </div>
      )}
    </div>
  )
}
