/** Search across the collection's transcripts: KWIC lines, the total counted apart, counts per video, the chart, the KWIC export. */
import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import type { CollectionVideo } from '#contract/collections.ts'
import type { CaptionMode } from '#contract/enums.ts'
import { exportUrls } from '#lib/collections/collections-api.ts'
import type { CorpusSearchState } from '#lib/urls/collections.ts'
import { videoPath } from '#lib/urls/videos.ts'
import { Button } from '#components/ui/button.tsx'
import { PAGE_SIZE } from '../api/corpus-search.ts'
import { useCorpusSearch } from '../hooks/use-corpus-search.ts'
import { useHitCounts } from '../hooks/use-hit-counts.ts'
import { useKwicCoding } from '../hooks/use-kwic-coding.ts'
import { countOverTime, countPerVideo } from '../lib/hit-counts.ts'
import { studioLink } from '../lib/studio-link.ts'
import { HitsChart } from './hits-chart.tsx'
import { KwicLines } from './kwic-lines.tsx'
import { NothingCollectedNote } from './nothing-collected-note.tsx'
import { QueryError } from './query-error.tsx'
import { SearchForm } from './search-form.tsx'

type Props = {
  collectionId: string
  mode: CaptionMode
  videos: readonly CollectionVideo[]
  search: CorpusSearchState
  onSearchChange: (next: CorpusSearchState) => void
}

export function CorpusSearchPanel({ collectionId, mode, videos, search, onSearchChange }: Props) {
  const coding = useKwicCoding(collectionId)
  const [pageOf, setPageOf] = useState({ key: '', page: 0 })
  const key = `${search.q}\u0000${search.sort}\u0000${search.match}`
  // A new search starts at its first page.
  const page = pageOf.key === key ? pageOf.page : 0
  const { lines, total, counting, countError } = useCorpusSearch(collectionId, search, page)
  const byId = useMemo(() => new Map(videos.map((v) => [v.videoId, v])), [videos])
  const titles = useMemo(() => new Map(videos.map((v) => [v.videoId, v.title ?? v.videoId])), [videos])
  const hasQuery = search.q.trim() !== ''
  const shown = lines.data?.hits ?? []

  return (
    <section aria-labelledby="corpus-search-h" className="flex flex-col gap-3">
      <h2 id="corpus-search-h" className="text-xl font-semibold">
        Search the transcripts
      </h2>
      <SearchForm
        q={search.q}
        match={search.match}
        onSearch={(q, match) => onSearchChange({ ...search, q, match })}
      />
      <QueryError title="The search failed" query={lines} />
      {hasQuery && lines.isPending && <p role="status">Searching…</p>}
      {hasQuery && lines.data?.note && (
        <NothingCollectedNote collectionId={collectionId} note={lines.data.note} />
      )}
      {hasQuery && lines.data && !lines.data.note && (
        <>
          <p role="status" aria-live="polite" data-testid="corpus-total">
            {counting
              ? `${shown.length ? `Lines ${page * PAGE_SIZE + 1}–${page * PAGE_SIZE + shown.length}` : 'No lines'} of … counting…`
              : countError
                ? 'The total could not be counted.'
                : total === 0
                  ? 'No hits.'
                  : `Lines ${page * PAGE_SIZE + 1}–${page * PAGE_SIZE + shown.length} of ${total} hits`}
          </p>
          {shown.length > 0 && (
            <KwicLines
              lines={shown}
              titles={titles}
              sort={search.sort}
              onSort={(sort) => onSearchChange({ ...search, sort })}
              collectionId={collectionId}
              mode={mode}
              coding={coding}
            />
          )}
          <div className="flex gap-2">
            <Button size="sm" disabled={page === 0} onClick={() => setPageOf({ key, page: page - 1 })}>
              Previous {PAGE_SIZE}
            </Button>
            <Button
              size="sm"
              disabled={shown.length < PAGE_SIZE}
              onClick={() => setPageOf({ key, page: page + 1 })}
            >
              Next {PAGE_SIZE}
            </Button>
            <a className="text-sky-800 underline" href={exportUrls.kwicCsv(collectionId, search)} download>
              KWIC lines as CSV
            </a>
            <a
              className="text-sky-800 underline"
              href={exportUrls.kwicProvenance(collectionId, search)}
              download
            >
              its provenance (JSON)
            </a>
          </div>
          <HitCounts collectionId={collectionId} mode={mode} search={search} byId={byId} />
        </>
      )}
    </section>
  )
}

/** A counted video opens like the collection's own list opens it (coding on when its track is collected). */
function linkOfCounted(
  videoId: string,
  byId: ReadonlyMap<string, CollectionVideo>,
  collection: { id: string; mode: CaptionMode },
): string {
  const video = byId.get(videoId)
  return video ? studioLink(video, collection) : videoPath(videoId)
}

function HitCounts({
  collectionId,
  mode,
  search,
  byId,
}: {
  collectionId: string
  mode: CaptionMode
  search: CorpusSearchState
  byId: ReadonlyMap<string, CollectionVideo>
}) {
  const counts = useHitCounts(collectionId, search)
  const perVideo = useMemo(
    () => (counts.data ? countPerVideo(counts.data.hits, byId) : []),
    [counts.data, byId],
  )
  const overTime = useMemo(() => countOverTime(perVideo), [perVideo])
  if (counts.isPending) return <p>Counting hits per video…</p>
  if (!counts.data) return <QueryError title="Hits per video could not be counted" query={counts} />
  return (
    <section aria-labelledby="hit-counts-h" className="flex flex-col gap-2">
      <h3 id="hit-counts-h" className="text-lg font-semibold">
        Hits per video
      </h3>
      {counts.data.truncated && (
        <p>Counted over the first part of the collection only: it is too large to count whole.</p>
      )}
      <HitsChart buckets={overTime.buckets} unit={overTime.unit} />
      <table className="text-sm">
        <caption className="sr-only">Hits per video, most first</caption>
        <thead>
          <tr>
            <th scope="col" className="text-left">
              Video
            </th>
            <th scope="col" className="text-left">
              Published
            </th>
            <th scope="col" className="text-right">
              Hits
            </th>
          </tr>
        </thead>
        <tbody>
          {perVideo.slice(0, 200).map((v) => (
            <tr key={v.videoId}>
              <td>
                <Link
                  className="text-sky-800 underline"
                  to={linkOfCounted(v.videoId, byId, { id: collectionId, mode })}
                >
                  {v.title}
                </Link>
              </td>
              <td>{v.publishedAt?.slice(0, 10) ?? '—'}</td>
              <td className="text-right">{v.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
