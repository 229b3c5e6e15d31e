import { CollectionsView } from '#features/collections/collections-view.tsx'
import { pageTitle } from '#lib/page-title.ts'

export function Component() {
  return (
    <>
      <title>{pageTitle('Collections')}</title>
      <CollectionsView />
    </>
  )
}
