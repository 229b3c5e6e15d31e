import { HomeView } from '#features/home/home-view.tsx'

export function Component() {
  return <HomeView />
}
