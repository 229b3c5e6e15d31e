import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { collectionQueries } from '#lib/collections/collections-api.ts'
import { LANGUAGE_CODES, RTL_LANGUAGES, type CaptionMode, type LanguageCode } from '#contract/index.ts'
import { ApiError, errorMessage } from '#lib/api-client.ts'
import { captionQueries, serviceModeQuery } from './api/queries.ts'
import { buildTimeline } from './lib/active-cue.ts'
import { prepareCues, trackDuration, type Cue } from './lib/cues.ts'
import { playerOrigin } from './lib/load-iframe-api.ts'
import type { PlayerSource } from './lib/player-source.ts'
import type { StudioState } from './lib/studio-url.ts'
import { createTranscriptClock } from './lib/transcript-clock.ts'
import { groupCaptionFiles } from './lib/track-list.ts'
import type { TimeSource } from './lib/time-source.ts'
import { languageName } from './lib/language-names.ts'
import { CAPTION_FILES_PRICE, CAPTION_PRICE } from './hooks/use-quotes.ts'
import { usePaintedOnce } from './hooks/use-painted-once.ts'
import { usePlayerPreference } from './hooks/use-player-preference.ts'
import { CaptionsUnavailable } from './components/captions-unavailable.tsx'
import { DownloadPanel } from './components/download-panel.tsx'
import { OpeningCosts } from './components/opening-costs.tsx'
import { PaidRequestError } from './components/paid-request-error.tsx'
import { PlaybackSourcePanel } from './components/playback-source-panel.tsx'
import { TrackList, TrackPicker, type TrackState } from './components/track-picker.tsx'
import { TranscriptWorkspace } from './components/transcript-workspace.tsx'

export type CaptionStudioProps = {
  videoId: string
  state: StudioState
  /** URL parameters that were not understood, each named with what is wrong. */
  problems: readonly string[]
  onNavigate: (next: StudioState, options?: { replace?: boolean }) => void
}

const NO_CUES: readonly Cue[] = []

/** One video's captions: tracks, a transcript synced to playback, search, speech rate and downloads. */
export function CaptionStudio({ videoId, state, problems, onNavigate }: CaptionStudioProps) {
  const files = useQuery(captionQueries.files(videoId))
  const track = useQuery(captionQueries.track(videoId, state.lang, state.mode))
  const health = useQuery(serviceModeQuery())
  // Coding mode names its collection; the list is small, the detail holds every video.
  const collections = useQuery({ ...collectionQueries.list(), enabled: !!state.collection })
  const coding = useMemo(
    () =>
      state.collection
        ? {
            collectionId: state.collection,
            videoId,
            collectionName: collections.data?.collections.find((c) => c.id === state.collection)?.name,
          }
        : undefined,
    [state.collection, videoId, collections.data],
  )
  const queryClient = useQueryClient()
  // The default track is the track of its language: asking for that language by name reuses it, unpaid.
  useEffect(() => {
    const lang = track.data?.data[0]?.lang as LanguageCode | undefined
    if (state.lang !== undefined || !track.data || !lang || !LANGUAGE_CODES.includes(lang)) return
    const key = captionQueries.track(videoId, lang, state.mode).queryKey
    if (queryClient.getQueryData(key) === undefined)
      queryClient.setQueryData(key, { ...track.data, receipt: { ...track.data.receipt, costUsd: 0 } })
  }, [queryClient, track.data, state.lang, state.mode, videoId])
  const languages = useMemo(() => (files.data ? groupCaptionFiles(files.data.data) : undefined), [files.data])
  const cues = useMemo(() => (track.data ? prepareCues(track.data.data) : NO_CUES), [track.data])
  const timeline = useMemo(() => buildTimeline(cues), [cues])
  const duration = useMemo(() => trackDuration(cues), [cues])
  const hasCues = track.isSuccess && cues.length > 0
  const transcriptPainted = usePaintedOnce(hasCues)

  const [clock] = useState(() => createTranscriptClock({ duration: 0, start: state.t ?? 0 }))
  const [playerAllowed, setPlayerAllowed] = usePlayerPreference()
  const [playerSource, setPlayerSource] = useState<PlayerSource>()
  const [playerFailure, setPlayerFailure] = useState<string>()
  const playerRef = useRef<PlayerSource | undefined>(undefined)
  const source: TimeSource = playerSource ?? clock

  useEffect(() => () => clock.dispose(), [clock])
  useEffect(() => {
    if (duration > 0) clock.setDuration(duration)
  }, [clock, duration])

  // A t= that arrives later (another moment link opened on this page) moves playback there.
  const appliedT = useRef(state.t)
  useEffect(() => {
    if (state.t !== undefined && state.t !== appliedT.current) source.seek(state.t)
    appliedT.current = state.t
  }, [state.t, source])

  const onPlayerSource = useCallback(
    (next: PlayerSource | undefined) => {
      // Handing back to the clock keeps the moment the player was at.
      if (!next && playerRef.current) clock.seek(playerRef.current.getSnapshot().time)
      if (next) {
        clock.pause()
        next.seek(clock.getSnapshot().time)
      }
      playerRef.current = next
      setPlayerSource(next)
    },
    [clock],
  )

  const choose = (choice: { lang: LanguageCode | undefined; mode: CaptionMode }) =>
    onNavigate({ ...state, ...choice, t: undefined })
  const shownLang = cues[0]?.lang ?? state.lang ?? languages?.[0]?.code
  const rtl = !!shownLang && RTL_LANGUAGES.has(shownLang.split('-')[0]!)
  const unavailable = track.error instanceof ApiError && track.error.code === 'captions_unavailable'
  // One state of the track, said the same way in the header, the main column and the picker.
  const trackState: TrackState = track.isPending
    ? 'loading'
    : track.isError
      ? unavailable
        ? 'unavailable'
        : 'failed'
      : cues.length === 0
        ? 'empty'
        : 'shown'

  return (
    // Header and columns are positioned, so each paints as a layer of its own: a cue change repaints the
    // transcript's layer, and the browser reuses the rest of the page as recorded instead of walking it again.
    <div className="space-y-5">
      <header className="relative space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">
          Captions of <span className="font-mono">{videoId}</span>
        </h1>
        <p className="text-sm text-slate-700">
          <a
            className="text-sky-800 underline"
            href={`https://www.youtube.com/watch?v=${videoId}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            Watch on the platform
          </a>
          {trackState === 'shown' &&
            shownLang &&
            ` · showing ${languageName(shownLang)} (${shownLang}), ${state.mode} mode`}
        </p>
        <OpeningCosts files={files} track={track} />
      </header>

      {problems.length > 0 && (
        <div role="alert" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-medium">Part of this link was not understood:</p>
          <ul className="ml-5 list-disc">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}

      <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="relative min-w-0 space-y-4">
          {track.isPending && <p role="status">Loading captions…</p>}
          {unavailable && (
            <CaptionsUnavailable
              videoId={videoId}
              lang={state.lang}
              mode={state.mode}
              message={errorMessage(track.error)}
              hasAnyTrack={languages ? languages.length > 0 : undefined}
              onChooseMode={(mode) => choose({ lang: state.lang, mode })}
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
          {track.isSuccess && cues.length === 0 && (
            <p className="rounded border border-slate-200 bg-white p-4">
              This track has no captions in it (the service answered with an empty list).
            </p>
          )}
          {hasCues && (
            <>
              <PlaybackSourcePanel
                videoId={videoId}
                serviceMode={health.data?.mode}
                playerAllowed={playerAllowed}
                onPlayerAllowedChange={(on) => {
                  setPlayerAllowed(on)
                  setPlayerFailure(undefined)
                }}
                playerOrigin={playerOrigin()}
                playerFailure={playerFailure}
                startAt={clock.getSnapshot().time}
                fallbackDuration={duration}
                onPlayerSource={onPlayerSource}
                onPlayerFailure={setPlayerFailure}
                usingPlayer={!!playerSource}
              />
              <TranscriptWorkspace
                key={`${state.lang ?? ''}:${state.mode}`}
                cues={cues}
                timeline={timeline}
                duration={duration}
                source={source}
                lang={shownLang ?? ''}
                rtl={rtl}
                query={state.q}
                onQueryChange={(q) => onNavigate({ ...state, q }, { replace: true })}
                coding={coding}
              />
            </>
          )}
        </div>

        <aside className="relative min-w-0 space-y-4" aria-label="Tracks and downloads">
          <TrackPicker
            videoId={videoId}
            languages={languages}
            lang={state.lang}
            mode={state.mode}
            trackState={trackState}
            onChoose={choose}
          />
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
          {/* After the transcript is on screen: its quotes are a dozen requests and a render of their own. */}
          {hasCues && transcriptPainted && shownLang && (
            <DownloadPanel
              videoId={videoId}
              lang={shownLang}
              requestLang={state.lang}
              mode={state.mode}
              items={track.data.data}
              languageCodes={languages?.map((l) => l.code) ?? []}
            />
          )}
        </aside>
      </div>
    </div>
  )
}
