import { BulkView } from '#features/bulk/bulk-view.tsx'
import { useBulkUrlState } from '#features/bulk/hooks/use-bulk-url-state.ts'
import { pageTitle } from '#lib/page-title.ts'

/** `/bulk?ids=<id,id,…>&formats=&langs=&mode=&parallel=&off=`: bulk caption downloads. */
export function Component() {
  const { state, problems, update } = useBulkUrlState()
  const count = state.ids.length
  return (
    <>
      <title>
        {pageTitle('Bulk download', count ? `${count} video${count === 1 ? '' : 's'}` : undefined)}
      </title>
      <BulkView state={state} problems={problems} onStateChange={update} />
    </>
  )
}
