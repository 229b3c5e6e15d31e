/** Query option factories of the caption studio. */
import { queryOptions } from '@tanstack/react-query'
import { CaptionFileList, Health, type CaptionMode } from '#contract/index.ts'
import { getJson } from '#lib/api-client.ts'
import { captionFileListUrl, captionTrackUrl } from '#lib/captions/caption-request.ts'
import { captionTrackQueryKey } from '#lib/captions/known-default-language.ts'
import { paidFetch } from '#lib/paid-fetch.ts'
import { CaptionTrackItems } from './caption-items.ts'

export const captionQueries = {
  all: () => ['captions'] as const,
  /** Languages × formats the video offers. */
  files: (videoId: string) =>
    queryOptions({
      queryKey: [...captionQueries.all(), 'files', videoId],
      queryFn: ({ signal }) =>
        paidFetch(captionFileListUrl(videoId), { as: 'json', schema: CaptionFileList }, { signal }),
      staleTime: Infinity, // refetching costs money; the list rarely changes
    }),
  /** The JSON track the transcript shows; `lang` undefined = the video's default caption language. */
  track: (videoId: string, lang: string | undefined, mode: CaptionMode) =>
    queryOptions({
      queryKey: captionTrackQueryKey(videoId, lang, mode),
      queryFn: ({ signal }) =>
        paidFetch(
          captionTrackUrl({ videoId, lang, mode }),
          { as: 'json', schema: CaptionTrackItems },
          { signal },
        ),
      staleTime: Infinity, // a caption track does not change; refetching costs money
    }),
}

/** Same key as the shell's health query, so both read one cached answer. */
export const serviceModeQuery = () =>
  queryOptions({
    queryKey: ['health', 'status'],
    queryFn: ({ signal }) => getJson('/api/health', {}, Health, { signal }),
    staleTime: 60_000,
  })
