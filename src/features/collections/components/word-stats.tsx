/** Word statistics: frequent words and 2–3-grams, stop words kept or dropped, collocates of the searched term; each count opens its KWIC lines. */
import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { collectionPath, type CorpusSearchState } from '#lib/urls/collections.ts'
import { DEFAULT_STATS, wordStatsQuery } from '../api/word-stats.ts'
import { NothingCollectedNote } from './nothing-collected-note.tsx'
import { QueryError } from './query-error.tsx'

type Props = { collectionId: string; search: CorpusSearchState }

type TermSearch = { q: string; match: 'words' | 'substring' }

/** A term's KWIC search: the one the function gave, else the word or the n-gram as a phrase. */
const termSearch = (term: string, given?: TermSearch): TermSearch =>
  given ?? { q: term.includes(' ') ? `"${term}"` : term, match: 'words' }

export function WordStats({ collectionId, search }: Props) {
  const id = useId()
  const [n, setN] = useState<1 | 2 | 3>(DEFAULT_STATS.n)
  const [stopwords, setStopwords] = useState<'keep' | 'drop'>(DEFAULT_STATS.stopwords)
  const q = search.q.trim() || undefined
  const stats = useQuery(
    wordStatsQuery(collectionId, { q, n, stopwords, match: search.match, limit: DEFAULT_STATS.limit }),
  )
  const link = (term: string, given?: TermSearch) =>
    collectionPath(collectionId, { ...termSearch(term, given), sort: search.sort })
  return (
    <section aria-labelledby={`${id}-h`} className="flex flex-col gap-2">
      <h2 id={`${id}-h`} className="text-xl font-semibold">
        Word statistics{q ? ` in the lines with ${q}` : ''}
      </h2>
      <div className="flex flex-wrap gap-3">
        <label className="flex items-center gap-1">
          Words per term
          <select
            className="rounded border px-1"
            value={n}
            onChange={(e) => setN(Number(e.target.value) as 1 | 2 | 3)}
          >
            <option value={1}>1 (words)</option>
            <option value={2}>2 (bigrams)</option>
            <option value={3}>3 (trigrams)</option>
          </select>
        </label>
        <label className="flex items-center gap-1">
          <input
            type="checkbox"
            checked={stopwords === 'drop'}
            onChange={(e) => setStopwords(e.target.checked ? 'drop' : 'keep')}
          />
          Leave out stop words (the, and, of…)
        </label>
      </div>
      <QueryError title="The statistics could not be computed" query={stats} />
      {stats.isPending && <p role="status">Counting words…</p>}
      {stats.data?.note && <NothingCollectedNote collectionId={collectionId} note={stats.data.note} />}
      {stats.data && !stats.data.note && (
        <div className="flex flex-wrap gap-8">
          <TermList title="Most frequent" terms={stats.data.terms} link={link} />
          {stats.data.collocates && (
            <TermList
              title={`Collocates of ${q}`}
              terms={stats.data.collocates.map((c) => ({
                ...c,
                note: `${c.before} before, ${c.after} after`,
              }))}
              link={link}
            />
          )}
        </div>
      )}
    </section>
  )
}

function TermList({
  title,
  terms,
  link,
}: {
  title: string
  terms: readonly { term: string; count: number; note?: string; search?: TermSearch }[]
  link: (term: string, given?: TermSearch) => string
}) {
  return (
    <table className="text-sm">
      <caption className="text-left font-semibold">{title}</caption>
      <thead>
        <tr>
          <th scope="col" className="text-left">
            Term
          </th>
          <th scope="col" className="text-right">
            Count
          </th>
        </tr>
      </thead>
      <tbody>
        {terms.length === 0 && (
          <tr>
            <td colSpan={2}>None.</td>
          </tr>
        )}
        {terms.map((t) => (
          <tr key={t.term}>
            <td>{t.term}</td>
            <td className="text-right">
              <Link
                className="text-sky-800 underline"
                to={link(t.term, t.search)}
                aria-label={`${t.count} of ${t.term}: show its lines`}
                title={t.note}
              >
                {t.count}
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
