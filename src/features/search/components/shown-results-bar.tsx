import { Link } from 'react-router'
import type { FoundByInput, SearchItem } from '#contract/index.ts'
import { AddToCollectionButton } from '#lib/collections/add-to-collection-button.tsx'
import { videoMetaOf } from '#lib/collections/video-meta.ts'
import { bulkPath } from '#lib/urls/bulk.ts'

export type ShownResultsBarProps = {
  shown: readonly SearchItem[]
  loaded: number
  foundBy: FoundByInput
}

/** How many of the loaded videos are shown, and what can be done with them: collect them, download their captions. */
export function ShownResultsBar({ shown, loaded, foundBy }: ShownResultsBarProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p aria-live="polite">
        Showing {shown.length} of {loaded} loaded videos
        {shown.length !== loaded && ' (exports hold the videos shown, in this order)'}.
      </p>
      {shown.length > 0 && (
        <AddToCollectionButton
          videos={shown.map(videoMetaOf)}
          foundBy={foundBy}
          label={`Add all ${shown.length} shown to a collection`}
        />
      )}
      {shown.length > 0 && (
        <Link
          to={bulkPath({ ids: shown.map((i) => i.videoId) })}
          className="font-medium text-sky-800 underline"
        >
          Download captions… <span className="font-normal">({shown.length} videos)</span>
        </Link>
      )}
    </div>
  )
}
