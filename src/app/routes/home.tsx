import { HomeView } from '#features/home/home-view.tsx'
import { pageTitle } from '#lib/page-title.ts'

export function Component() {
  return (
    <>
      <title>{pageTitle('Home')}</title>
      <HomeView />
    </>
  )
}
