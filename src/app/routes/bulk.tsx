import { BulkView } from '#features/bulk/bulk-view.tsx'
import { useBulkUrlState } from '#features/bulk/hooks/use-bulk-url-state.ts'

/** `/bulk?ids=<id,id,…>&formats=&langs=&mode=&parallel=&off=`: bulk caption downloads. */
export function Component() {
  const { state, problems, update } = useBulkUrlState()
  return <BulkView state={state} problems={problems} onStateChange={update} />
}
