import { useParams, useSearchParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { isVideoId } from '#contract/index.ts'
import { captionQueries } from '#features/videos/api/queries.ts'
import { VideosView } from '#features/videos/videos-view.tsx'
import { VideoPicker } from '#features/videos/components/video-picker.tsx'
import { pageTitle } from '#lib/page-title.ts'
import { studioSearch, parseStudioSearch } from '#lib/urls/videos.ts'
import { useVideoSummary } from '#lib/video-summaries.ts'
import { OpeningPriceGate } from '../opening-price-gate.tsx'
import { VideoIdentity } from '../video-identity.tsx'

/** `/videos` (pick a video) and `/videos/<videoId>?lang=&mode=&t=&q=` (its captions, behind their price). */
export function Component() {
  const { videoId } = useParams()
  if (!videoId || !isVideoId(videoId))
    return (
      <>
        <title>{pageTitle('Captions')}</title>
        <VideoPicker
          problem={
            videoId
              ? `"${videoId}" in the address is not a video id: ids are 11 letters, digits, - or _.`
              : undefined
          }
        />
      </>
    )
  return <VideoRoute key={videoId} videoId={videoId} />
}

function VideoRoute({ videoId }: { videoId: string }) {
  const [searchParams, setSearchParams] = useSearchParams()
  const queryClient = useQueryClient()
  const summary = useVideoSummary(videoId)
  const { state, problems } = parseStudioSearch(searchParams)
  // Already in this browser (persisted or seen this session): opening asks the service for nothing.
  const alreadyLoaded =
    queryClient.getQueryData(captionQueries.files(videoId).queryKey) !== undefined &&
    queryClient.getQueryData(captionQueries.track(videoId, state.lang, state.mode).queryKey) !== undefined
  return (
    <div className="space-y-4">
      <title>{pageTitle('Captions', summary?.title ?? videoId)}</title>
      <VideoIdentity videoId={videoId} summary={summary} />
      <OpeningPriceGate
        opening={{ kind: 'video', videoId, lang: state.lang, mode: state.mode }}
        label="Open captions"
        pays={`the list of caption files and the ${state.lang ? `${state.lang} ` : ''}captions (JSON) of ${videoId}`}
        alreadyLoaded={alreadyLoaded}
      >
        <VideosView
          videoId={videoId}
          state={state}
          problems={problems}
          onNavigate={(next, options) =>
            setSearchParams(new URLSearchParams(studioSearch(next)), { replace: options?.replace })
          }
        />
      </OpeningPriceGate>
    </div>
  )
}
