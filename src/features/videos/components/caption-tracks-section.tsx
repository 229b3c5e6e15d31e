import type { CaptionFilesQuery } from '../hooks/use-caption-track.ts'
import { CAPTION_FILES_PRICE } from '../hooks/use-quotes.ts'
import type { CaptionLanguage } from '../lib/track-list.ts'
import { PaidRequestError } from './paid-request-error.tsx'
import { TrackList } from './track-picker.tsx'

export type CaptionTracksSectionProps = {
  files: CaptionFilesQuery
  languages: readonly CaptionLanguage[] | undefined
}

/** Every caption track the video offers, from its file list (a paid request of its own). */
export function CaptionTracksSection({ files, languages }: CaptionTracksSectionProps) {
  return (
    <section
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
      aria-labelledby="tracks-heading"
    >
      <h2 id="tracks-heading" className="font-semibold">
        Caption tracks
      </h2>
      {files.isPending && <p role="status">Loading the caption file list…</p>}
      {files.isError && (
        <PaidRequestError
          title="The caption file list could not be loaded"
          error={files.error}
          failedAt={files.errorUpdatedAt}
          onRetry={() => void files.refetch()}
          retryPriceUsd={CAPTION_FILES_PRICE}
          retrying={files.isFetching}
        />
      )}
      {languages && <TrackList languages={languages} />}
    </section>
  )
}
