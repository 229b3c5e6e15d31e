import { useEffect, useMemo } from 'react'
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query'
import {
  LANGUAGE_CODES,
  RTL_LANGUAGES,
  type CaptionFileEntry,
  type CaptionMode,
  type LanguageCode,
} from '#contract/index.ts'
import type { CaptionItem } from '#contract/schemas.ts'
import { ApiError } from '#lib/api-client.ts'
import type { PaidJson } from '#lib/paid-fetch.ts'
import { captionQueries } from '../api/queries.ts'
import { buildTimeline } from '../lib/active-cue.ts'
import { prepareCues, trackDuration, type Cue } from '../lib/cues.ts'
import { groupCaptionFiles, type CaptionLanguage } from '../lib/track-list.ts'
import type { TrackState } from '../components/track-picker.tsx'

export type CaptionFilesQuery = UseQueryResult<PaidJson<CaptionFileEntry[]>>
export type CaptionTrackQuery = UseQueryResult<PaidJson<CaptionItem[]>>

const NO_CUES: readonly Cue[] = []

/** The default track is the track of its language: asking for that language by name reuses it, unpaid. */
export function useDefaultTrackReuse(
  videoId: string,
  lang: LanguageCode | undefined,
  mode: CaptionMode,
  track: PaidJson<CaptionItem[]> | undefined,
) {
  const queryClient = useQueryClient()
  useEffect(() => {
    const trackLang = track?.data[0]?.lang as LanguageCode | undefined
    if (lang !== undefined || !track || !trackLang || !LANGUAGE_CODES.includes(trackLang)) return
    const key = captionQueries.track(videoId, trackLang, mode).queryKey
    if (queryClient.getQueryData(key) === undefined)
      queryClient.setQueryData(key, { ...track, receipt: { ...track.receipt, costUsd: 0 } })
  }, [queryClient, track, lang, mode, videoId])
}

/** The file list grouped by language, and the track's cues with their timeline and length. */
export function useTrackCues(
  files: PaidJson<CaptionFileEntry[]> | undefined,
  track: PaidJson<CaptionItem[]> | undefined,
) {
  const languages = useMemo(() => (files ? groupCaptionFiles(files.data) : undefined), [files])
  const cues = useMemo(() => (track ? prepareCues(track.data) : NO_CUES), [track])
  const timeline = useMemo(() => buildTimeline(cues), [cues])
  const duration = useMemo(() => trackDuration(cues), [cues])
  return { languages, cues, timeline, duration }
}

/** What the view says about the track it asked for, in the header, the main column and the picker alike. */
export function describeTrack(
  track: CaptionTrackQuery,
  cues: readonly Cue[],
  asked: LanguageCode | undefined,
  languages: readonly CaptionLanguage[] | undefined,
) {
  const shownLang = cues[0]?.lang ?? asked ?? languages?.[0]?.code
  const rtl = !!shownLang && RTL_LANGUAGES.has(shownLang.split('-')[0]!)
  const unavailable = track.error instanceof ApiError && track.error.code === 'captions_unavailable'
  const trackState: TrackState = track.isPending
    ? 'loading'
    : track.isError
      ? unavailable
        ? 'unavailable'
        : 'failed'
      : cues.length === 0
        ? 'empty'
        : 'shown'
  return { shownLang, rtl, unavailable, trackState }
}
