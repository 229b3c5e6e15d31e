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
  /** The coding panel's id when a collection is open and the transcript shown: the header links to it. */
  codingPanelId?: string | undefined
}

/** The coding panel sits below a long transcript: this link takes the focus (and the view) straight to it. */
function CodeThisVideoLink({ panelId }: { panelId: string }) {
  return (
    <a
      className="font-medium text-sky-800 underline"
      href={`#${panelId}`}
      onClick={(e) => {
        const panel = document.getElementById(panelId)
        if (!panel) return
        // Not a hash navigation: the router would take it for a new page; focusing scrolls it into view.
        e.preventDefault()
        panel.focus()
      }}
    >
      Code this video ↓
    </a>
  )
}

/** The studio's title, a link to the video on the platform, the track shown and what opening it cost. */
export function StudioHeader({ videoId, shownLang, mode, files, track, codingPanelId }: StudioHeaderProps) {
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
        {codingPanelId && (
          <>
            {' · '}
            <CodeThisVideoLink panelId={codingPanelId} />
          </>
        )}
      </p>
      <OpeningCosts files={files} track={track} />
    </header>
  )
}
