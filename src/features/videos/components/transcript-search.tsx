import { useId, useState, type KeyboardEvent } from 'react'
import { Button } from '#components/ui/button.tsx'
import { formatClock } from '#lib/format.ts'
import type { Cue } from '../lib/cues.ts'
import type { TranscriptMatch } from '../lib/transcript-search.ts'

export type TranscriptSearchProps = {
  query: string
  onQueryChange: (q: string) => void
  matches: readonly TranscriptMatch[]
  truncated: boolean
  current: number
  onStep: (direction: 1 | -1) => void
  onSelect: (index: number) => void
  cues: readonly Cue[]
}

/** Matches listed with their timestamps; long lists show this many, the count says how many there are. */
const LISTED = 200

function context(cue: Cue | undefined, m: TranscriptMatch): string {
  if (!cue) return ''
  const from = Math.max(0, m.start - 30)
  const to = Math.min(cue.text.length, m.end + 30)
  return `${from > 0 ? '…' : ''}${cue.text.slice(from, to)}${to < cue.text.length ? '…' : ''}`
}

/** Search within the transcript: count, next/previous (Enter / Shift+Enter), and each match's moment. */
export function TranscriptSearch({
  query,
  onQueryChange,
  matches,
  truncated,
  current,
  onStep,
  onSelect,
  cues,
}: TranscriptSearchProps) {
  const inputId = useId()
  const [draft, setDraft] = useState(query)
  // The URL may change the query (back button); the field follows it.
  const [lastQuery, setLastQuery] = useState(query)
  if (query !== lastQuery) {
    setLastQuery(query)
    setDraft(query)
  }
  const count = matches.length
  const step = onStep

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter') {
      e.preventDefault()
      if (draft !== query) onQueryChange(draft)
      else step(e.shiftKey ? -1 : 1)
    } else if (e.key === 'Escape' && draft) {
      setDraft('')
      onQueryChange('')
    }
  }

  const summary = !query.trim()
    ? ''
    : count === 0
      ? `No matches for “${query}”.`
      : `${current >= 0 ? `${current + 1} of ` : ''}${count}${truncated ? '+' : ''} ${count === 1 ? 'match' : 'matches'}`
  return (
    <section aria-label="Search within the transcript" className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={inputId} className="text-sm font-medium">
          Search the transcript
        </label>
        <input
          id={inputId}
          type="search"
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value)
            onQueryChange(e.target.value)
          }}
          onKeyDown={onKeyDown}
          placeholder="a word or phrase"
          className="min-w-0 flex-1 rounded border border-slate-300 px-3 py-1.5"
          autoComplete="off"
        />
        <Button size="sm" onClick={() => step(-1)} disabled={count === 0} aria-keyshortcuts="Shift+Enter">
          Previous match
        </Button>
        <Button size="sm" onClick={() => step(1)} disabled={count === 0} aria-keyshortcuts="Enter">
          Next match
        </Button>
        <span role="status" className="text-sm text-slate-700" data-testid="match-count">
          {summary}
        </span>
      </div>
      {count > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-sky-800">
            {count > LISTED
              ? `First ${LISTED} of ${count}${truncated ? '+' : ''} matches with their moments`
              : `Matches with their moments (${count})`}
          </summary>
          <ol className="mt-1 max-h-48 space-y-0.5 overflow-y-auto" aria-label="Matches">
            {matches.slice(0, LISTED).map((m, i) => (
              <li key={`${m.cueIndex}:${m.start}`}>
                <button
                  type="button"
                  aria-current={i === current ? 'true' : undefined}
                  onClick={() => onSelect(i)}
                  className="w-full rounded px-2 py-0.5 text-left hover:bg-sky-50 aria-[current=true]:bg-orange-100"
                >
                  <span className="mr-2 font-mono tabular-nums text-sky-800">{formatClock(m.time)}</span>
                  <span className="text-slate-700">{context(cues[m.cueIndex], m)}</span>
                </button>
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  )
}
