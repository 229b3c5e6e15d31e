/** /collections/:id: its videos, collecting their captions, searching them (KWIC), word statistics and exports. */
import { useCallback, useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { formatUsd } from '#contract/prices.ts'
import { collectionQueries } from '#lib/collections/collections-api.ts'
import { useAddToCollection } from '#lib/collections/use-add-to-collection.ts'
import { pageTitle } from '#lib/page-title.ts'
import { collectionsPath, type CorpusSearchState } from '#lib/urls/collections.ts'
import type { CollectionVideo } from '#contract/collections.ts'
import { CodesSection } from './components/codes-section.tsx'
import { CollectPanel } from './components/collect-panel.tsx'
import { CorpusSearchPanel } from './components/corpus-search-panel.tsx'
import { ExportsPanel } from './components/exports-panel.tsx'
import { PasteVideos } from './components/paste-videos.tsx'
import { QueryError } from './components/query-error.tsx'
import { VideosTable } from './components/videos-table.tsx'
import { WordStats } from './components/word-stats.tsx'
import { useFreshCorpusReads } from './hooks/use-fresh-corpus-reads.ts'
import { studioLink } from './lib/studio-link.ts'

type Props = {
  collectionId: string
  search: CorpusSearchState
  problems: readonly string[]
  onSearchChange: (next: CorpusSearchState) => void
}

export function CollectionView({ collectionId, search, problems, onSearchChange }: Props) {
  const detail = useQuery(collectionQueries.detail(collectionId))
  const adder = useAddToCollection(false)
  const c = detail.data
  useFreshCorpusReads(collectionId, c?.tracks.collected, c?.job?.state === 'running')
  const videos = useMemo(() => c?.videos ?? [], [c])
  const mode = c?.mode
  const linkOf = useCallback(
    (v: CollectionVideo) => studioLink(v, { id: collectionId, mode }),
    [mode, collectionId],
  )
  return (
    <div className="flex flex-col gap-6 p-4">
      <title>{pageTitle(c?.name ?? 'Collection', search.q ? `“${search.q}”` : undefined)}</title>
      <p>
        <Link className="text-sky-800 underline" to={collectionsPath()}>
          All collections
        </Link>
      </p>
      <QueryError title="The collection could not be loaded" query={detail} />
      {detail.isPending && <p role="status">Loading the collection…</p>}
      {problems.length > 0 && (
        <ul className="text-amber-800">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {c && (
        <>
          <header>
            <h1 className="text-2xl font-semibold">{c.name}</h1>
            {c.description && <p className="text-slate-700">{c.description}</p>}
            <p className="text-sm text-slate-700" data-testid="collection-summary">
              {c.videoCount} videos · {c.tracks.collected} of {c.videoCount} tracks collected
              {c.tracks.unavailable ? ` · ${c.tracks.unavailable} unavailable` : ''}
              {c.tracks.failed ? ` · ${c.tracks.failed} failed` : ''} · captions{' '}
              {c.lang ?? "in each video's default language"} ({c.mode}) · cost so far {formatUsd(c.costUsd)}
            </p>
          </header>
          <CollectPanel collectionId={collectionId} job={c.job} />
          <section aria-labelledby="videos-h" className="flex flex-col gap-2">
            <h2 id="videos-h" className="text-xl font-semibold">
              Videos
            </h2>
            <VideosTable videos={videos} linkOf={linkOf} />
            <PasteVideos collectionId={collectionId} adder={adder} />
          </section>
          <CorpusSearchPanel
            collectionId={collectionId}
            mode={c.mode}
            videos={videos}
            search={search}
            onSearchChange={onSearchChange}
          />
          <WordStats collectionId={collectionId} search={search} />
          <ExportsPanel collectionId={collectionId} />
          <CodesSection collection={c} />
        </>
      )}
    </div>
  )
}
