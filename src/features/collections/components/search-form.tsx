/** The corpus search box: words, phrases, -exclusion, prefix*, and exact substrings for scripts without spaces. */
import { useEffect, useId, useState, type FormEvent } from 'react'
import type { CorpusMatch } from '#lib/urls/collections.ts'
import { Button } from '#components/ui/button.tsx'

type Props = { q: string; match: CorpusMatch; onSearch: (q: string, match: CorpusMatch) => void }

export function SearchForm({ q, match, onSearch }: Props) {
  const id = useId()
  const [draft, setDraft] = useState(q)
  // A new URL (back button, a word statistic's link) shows its query in the box.
  useEffect(() => setDraft(q), [q])
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSearch(draft.trim(), match)
  }
  return (
    <form role="search" aria-label="Search the corpus" onSubmit={submit} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-2">
        <label htmlFor={`${id}-q`} className="flex flex-col">
          Words to find
          <input
            id={`${id}-q`}
            type="search"
            className="w-80 rounded border border-slate-300 px-2 py-1"
            value={draft}
            aria-describedby={`${id}-help`}
            onChange={(e) => setDraft(e.target.value)}
          />
        </label>
        <Button type="submit" variant="primary">
          Search
        </Button>
        <label className="flex items-center gap-1">
          <input
            type="checkbox"
            checked={match === 'substring'}
            onChange={(e) => onSearch(draft.trim(), e.target.checked ? 'substring' : 'words')}
          />
          Exact substring (for Japanese, Chinese: scripts without spaces)
        </label>
      </div>
      <details id={`${id}-help`} className="text-sm text-slate-700">
        <summary>How to search</summary>
        <ul className="list-disc pl-5">
          <li>
            <code>metro station</code>: cues with both words (stemmed in the track&apos;s language:{' '}
            <code>station</code> finds <code>stations</code>).
          </li>
          <li>
            <code>&quot;metro station&quot;</code>: the phrase, words in that order.
          </li>
          <li>
            <code>metro -bus</code>: cues with metro and without bus.
          </li>
          <li>
            <code>metro*</code>: words starting with metro (metropolis, metros).
          </li>
          <li>
            <code>[music]</code>: a sound marker; exact substring mode finds text as written, for ja and zh.
          </li>
        </ul>
      </details>
    </form>
  )
}
