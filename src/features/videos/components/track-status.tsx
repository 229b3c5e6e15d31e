import type { CaptionMode, LanguageCode } from '#contract/index.ts'
import { errorMessage } from '#lib/api-client.ts'
import type { CaptionTrackQuery } from '../hooks/use-caption-track.ts'
import { CAPTION_PRICE } from '../hooks/use-quotes.ts'
import { CaptionsUnavailable } from './captions-unavailable.tsx'
import { PaidRequestError } from './paid-request-error.tsx'

export type TrackStatusProps = {
  videoId: string
  lang: LanguageCode | undefined
  mode: CaptionMode
  track: CaptionTrackQuery
  /** The service has no track in this language and mode. */
  unavailable: boolean
  cueCount: number
  /** False when the file list says the video has no captions at all. */
  hasAnyTrack: boolean | undefined
  onChooseMode: (mode: CaptionMode) => void
}

/** What stands in the transcript's place while there is none: loading, unavailable, failed or empty. */
export function TrackStatus({
  videoId,
  lang,
  mode,
  track,
  unavailable,
  cueCount,
  hasAnyTrack,
  onChooseMode,
}: TrackStatusProps) {
  return (
    <>
      {track.isPending && <p role="status">Loading captions…</p>}
      {unavailable && (
        <CaptionsUnavailable
          videoId={videoId}
          lang={lang}
          mode={mode}
          message={errorMessage(track.error)}
          hasAnyTrack={hasAnyTrack}
          onChooseMode={onChooseMode}
        />
      )}
      {track.isError && !unavailable && (
        <PaidRequestError
          title="The captions could not be loaded"
          error={track.error}
          failedAt={track.errorUpdatedAt}
          onRetry={() => void track.refetch()}
          retryPriceUsd={CAPTION_PRICE}
          retrying={track.isFetching}
        />
      )}
      {track.isSuccess && cueCount === 0 && (
        <p className="rounded border border-slate-200 bg-white p-4">
          This track has no captions in it (the service answered with an empty list).
        </p>
      )}
    </>
  )
}
