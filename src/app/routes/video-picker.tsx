import { VideoPicker } from '#features/captions/components/video-picker.tsx'

/** `/videos`: pick a video. Its own lazy route, so the picker does not load the caption studio (docs/decisions/0101). */
export function Component() {
  return <VideoPicker />
}
