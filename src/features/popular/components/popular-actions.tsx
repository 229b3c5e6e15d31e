import { Link } from 'react-router'
import type { FoundByInput } from '#contract/collections.ts'
import { ExportMenu, type ExportMenuProps } from '#components/export-menu.tsx'
import { AddToCollectionButton } from '#lib/collections/add-to-collection-button.tsx'
import { videoMetaOf } from '#lib/collections/video-meta.ts'
import { bulkPath } from '#lib/urls/bulk.ts'
import type { PopularRow } from '../lib/popular-rows.ts'

export type PopularActionsProps = {
  shown: readonly PopularRow[]
  loaded: number
  filtered: boolean
  foundBy: FoundByInput
  onExport: ExportMenuProps['onExport']
}

/** What can be done with the videos shown: export them, collect them, download their captions. */
export function PopularActions({ shown, loaded, filtered, foundBy, onExport }: PopularActionsProps) {
  const bulkIds = shown.map((r) => r.video.id)
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <ExportMenu
        onExport={onExport}
        disabled={shown.length === 0}
        count={shown.length}
        loaded={loaded}
        noun="videos"
      />
      {shown.length > 0 && (
        <AddToCollectionButton
          videos={shown.map((r) => videoMetaOf({ ...r.video, videoId: r.video.id }))}
          foundBy={foundBy}
          label={`Add all ${shown.length} shown to a collection`}
        />
      )}
      {bulkIds.length > 0 ? (
        <Link to={bulkPath({ ids: bulkIds })} className="text-sm font-medium text-sky-800 underline">
          Download captions… ({bulkIds.length} {filtered ? 'filtered' : 'loaded'} videos)
        </Link>
      ) : null}
    </div>
  )
}
