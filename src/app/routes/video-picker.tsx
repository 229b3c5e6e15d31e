import { VideoPicker } from '#features/videos/components/video-picker.tsx'
import { pageTitle } from '#lib/page-title.ts'

/** `/videos`: pick a video. Its own lazy route, so the picker does not load the caption studio (docs/decisions/0101). */
export function Component() {
  return (
    <>
      <title>{pageTitle('Captions')}</title>
      <VideoPicker />
    </>
  )
}
