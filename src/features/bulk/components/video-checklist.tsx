import { Button } from '#components/ui/button.tsx'
import { AddToCollectionButton } from '#lib/collections/add-to-collection-button.tsx'
import { useFoundBy } from '#lib/collections/use-found-by.ts'
import { videoPath } from '#lib/urls/videos.ts'
import { PricedLink } from '#components/pricing/priced-link.tsx'
import { useOpeningPrice } from '#lib/pricing/use-opening-price.ts'

export type VideoChecklistProps = {
  ids: readonly string[]
  excluded: readonly string[]
  disabled?: boolean
  onExcludedChange: (excluded: string[]) => void
  onClear: () => void
}

/** Which listed videos to download, with select all / none. */
/** One listed video's captions, with what opening them costs. */
function CaptionsLink({ videoId }: { videoId: string }) {
  const price = useOpeningPrice({ kind: 'video', videoId })
  return (
    <PricedLink
      to={videoPath(videoId)}
      className="text-sm text-sky-800 underline"
      price={price}
      priceClassName="text-slate-600"
    >
      captions<span className="sr-only"> of {videoId}</span>
    </PricedLink>
  )
}

export function VideoChecklist({ ids, excluded, disabled, onExcludedChange, onClear }: VideoChecklistProps) {
  const off = new Set(excluded)
  const selectedIds = ids.filter((id) => !off.has(id))
  const selected = selectedIds.length
  const foundBy = useFoundBy('bulk', 'Bulk download list')
  if (ids.length === 0) {
    return (
      <p className="text-slate-600">
        No videos listed yet: paste links above, or come here from a location search or the popular feed.
      </p>
    )
  }
  return (
    <fieldset disabled={disabled} className="space-y-2">
      <legend className="font-medium">
        Videos ({selected} of {ids.length} selected)
      </legend>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => onExcludedChange([])} disabled={selected === ids.length}>
          Select all
        </Button>
        <Button size="sm" onClick={() => onExcludedChange([...ids])} disabled={selected === 0}>
          Select none
        </Button>
        <Button size="sm" variant="ghost" onClick={onClear}>
          Clear the list
        </Button>
        <AddToCollectionButton
          videos={selectedIds.map((videoId) => ({ videoId }))}
          foundBy={foundBy}
          label={`Add all ${selected} selected to a collection`}
        />
      </div>
      <ul
        aria-label="Listed videos"
        className="max-h-72 space-y-1 overflow-auto rounded border border-slate-200 bg-white p-2"
      >
        {ids.map((id) => (
          <li key={id} className="flex items-center gap-3">
            <label className="flex items-center gap-2 font-mono text-sm">
              <input
                type="checkbox"
                checked={!off.has(id)}
                onChange={(e) =>
                  onExcludedChange(e.target.checked ? excluded.filter((x) => x !== id) : [...excluded, id])
                }
              />
              {id}
            </label>
            <CaptionsLink videoId={id} />
          </li>
        ))}
      </ul>
    </fieldset>
  )
}
