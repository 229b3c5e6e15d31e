import { useParams, useSearchParams } from 'react-router'
import { isVideoId } from '#contract/index.ts'
import { CaptionStudio } from '#features/captions/captions-view.tsx'
import { VideoPicker } from '#features/captions/components/video-picker.tsx'
import { studioSearch } from '#lib/paths/videos.ts'
import { parseStudioSearch } from '#lib/paths-parse/videos.ts'

/** `/videos` (pick a video) and `/videos/<videoId>?lang=&mode=&t=&q=` (its captions). */
export function Component() {
  const { videoId } = useParams()
  const [searchParams, setSearchParams] = useSearchParams()
  if (!videoId) return <VideoPicker />
  if (!isVideoId(videoId))
    return (
      <VideoPicker
        problem={`"${videoId}" in the address is not a video id: ids are 11 letters, digits, - or _.`}
      />
    )
  const { state, problems } = parseStudioSearch(searchParams)
  return (
    <CaptionStudio
      key={videoId}
      videoId={videoId}
      state={state}
      problems={problems}
      onNavigate={(next, options) =>
        setSearchParams(new URLSearchParams(studioSearch(next)), { replace: options?.replace })
      }
    />
  )
}
