import type { CaptionMode } from '#contract/index.ts'
import type { CaptionFilesQuery, CaptionTrackQuery } from '../hooks/use-caption-track.ts'
import { languageName } from '../lib/language-names.ts'
import { OpeningCosts } from './opening-costs.tsx'

export type StudioHeaderProps = {
  videoId: string
  /** The language on screen, named only while its track is shown. */
  shownLang: string | undefined
  mode: CaptionMode
  files: CaptionFilesQuery
  track: CaptionTrackQuery
}

/** The studio's title, a link to the video on the platform, the track shown and what opening it cost. */
export function StudioHeader({ videoId, shownLang, mode, files, track }: StudioHeaderProps) {
  return (
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
        {shownLang && ` · showing ${languageName(shownLang)} (${shownLang}), ${mode} mode`}
      </p>
      <OpeningCosts files={files} track={track} />
    </header>
  )
}
