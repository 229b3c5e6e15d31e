import { useQuery } from '@tanstack/react-query'
import type { CaptionMode, LanguageCode } from '#contract/index.ts'
import { captionQueries, serviceModeQuery } from './api/queries.ts'
import { playerOrigin } from './lib/load-iframe-api.ts'
import type { StudioState } from './lib/studio-url.ts'
import { describeTrack, useDefaultTrackReuse, useTrackCues } from './hooks/use-caption-track.ts'
import { useCodingTarget } from './hooks/use-coding-target.ts'
import { usePaintedOnce } from './hooks/use-painted-once.ts'
import { useStudioPlayback } from './hooks/use-studio-playback.ts'
import { CaptionTracksSection } from './components/caption-tracks-section.tsx'
import { DownloadPanel } from './components/download-panel.tsx'
import { LinkProblems } from './components/link-problems.tsx'
import { PlaybackSourcePanel } from './components/playback-source-panel.tsx'
import { StudioHeader } from './components/studio-header.tsx'
import { STUDIO_CODING_ID } from './components/studio-coding-panel.tsx'
import { TrackPicker } from './components/track-picker.tsx'
import { TrackStatus } from './components/track-status.tsx'
import { TranscriptWorkspace } from './components/transcript-workspace.tsx'
import { VideoGone, videoGoneError } from './components/video-gone.tsx'

export type VideosViewProps = {
  videoId: string
  state: StudioState
  /** URL parameters that were not understood, each named with what is wrong. */
  problems: readonly string[]
  onNavigate: (next: StudioState, options?: { replace?: boolean }) => void
}

/** One video's captions: tracks, a transcript synced to playback, search, speech rate and downloads. */
export function VideosView({ videoId, state, problems, onNavigate }: VideosViewProps) {
  const files = useQuery(captionQueries.files(videoId))
  const track = useQuery(captionQueries.track(videoId, state.lang, state.mode))
  const health = useQuery(serviceModeQuery())
  const coding = useCodingTarget(videoId, state.collection)
  useDefaultTrackReuse(videoId, state.lang, state.mode, track.data)
  const { languages, cues, timeline, duration } = useTrackCues(files.data, track.data)
  const hasCues = track.isSuccess && cues.length > 0
  const transcriptPainted = usePaintedOnce(hasCues)
  const playback = useStudioPlayback(state.t, duration)

  const choose = (choice: { lang: LanguageCode | undefined; mode: CaptionMode }) =>
    onNavigate({ ...state, ...choice, t: undefined })
  const { shownLang, rtl, unavailable, trackState } = describeTrack(track, cues, state.lang, languages)
  const gone = videoGoneError(track.error, files.error)

  return (
    // Header and columns are positioned, so each paints as a layer of its own: a cue change repaints the
    // transcript's layer, and the browser reuses the rest of the page as recorded instead of walking it again.
    <div className="space-y-5">
      <StudioHeader
        videoId={videoId}
        shownLang={trackState === 'shown' ? shownLang : undefined}
        mode={state.mode}
        files={files}
        track={track}
        codingPanelId={coding && hasCues ? STUDIO_CODING_ID : undefined}
      />
      <LinkProblems problems={problems} />
      {gone ? (
        <VideoGone error={gone} />
      ) : (
        <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="relative min-w-0 space-y-4">
            <TrackStatus
              videoId={videoId}
              lang={state.lang}
              mode={state.mode}
              track={track}
              unavailable={unavailable}
              cueCount={cues.length}
              hasAnyTrack={languages ? languages.length > 0 : undefined}
              onChooseMode={(mode) => choose({ lang: state.lang, mode })}
            />
            {hasCues && (
              <>
                <PlaybackSourcePanel
                  videoId={videoId}
                  serviceMode={health.data?.mode}
                  playerAllowed={playback.playerAllowed}
                  onPlayerAllowedChange={playback.onPlayerAllowedChange}
                  playerOrigin={playerOrigin()}
                  playerFailure={playback.playerFailure}
                  startAt={playback.clock.getSnapshot().time}
                  fallbackDuration={duration}
                  onPlayerSource={playback.onPlayerSource}
                  onPlayerFailure={playback.onPlayerFailure}
                  usingPlayer={playback.usingPlayer}
                />
                <TranscriptWorkspace
                  key={`${state.lang ?? ''}:${state.mode}`}
                  cues={cues}
                  timeline={timeline}
                  duration={duration}
                  source={playback.source}
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
            <CaptionTracksSection files={files} languages={languages} />
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
      )}
    </div>
  )
}
