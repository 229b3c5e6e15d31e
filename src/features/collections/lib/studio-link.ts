/** Where a collection's video opens: a collected one in the studio with its collected track and the collection's codes (coding on). */
import type { CollectionVideo } from '#contract/collections.ts'
import type { CaptionMode, LanguageCode } from '#contract/enums.ts'
import { videoPath } from '#lib/urls/videos.ts'

export function studioLink(
  video: Pick<CollectionVideo, 'videoId' | 'track'>,
  collection: { id: string; mode: CaptionMode | undefined },
): string {
  if (video.track.state !== 'collected') return videoPath(video.videoId)
  return videoPath(video.videoId, {
    lang: (video.track.lang ?? undefined) as LanguageCode | undefined,
    mode: collection.mode,
    collection: collection.id,
  })
}
