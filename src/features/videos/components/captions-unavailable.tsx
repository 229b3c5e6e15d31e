import { CAPTION_MODE_DESCRIPTIONS, type CaptionMode } from '#contract/index.ts'
import { PricedButton } from '#components/pricing/priced-button.tsx'
import { captionTrackUrl } from '#lib/captions/caption-request.ts'
import { fallbackModes } from '../lib/fallback-modes.ts'
import { languageName } from '../lib/language-names.ts'
import { useQuote } from '../hooks/use-quotes.ts'
import { MODE_LABELS } from './track-picker.tsx'

export type CaptionsUnavailableProps = {
  videoId: string
  lang: string | undefined
  mode: CaptionMode
  /** The function's message (it names the fallback modes). */
  message: string
  /** False when the file list says the video has no captions at all: nothing to translate from. */
  hasAnyTrack: boolean | undefined
  onChooseMode: (mode: CaptionMode) => void
}

function FallbackButton({
  videoId,
  lang,
  mode,
  onChoose,
}: {
  videoId: string
  lang: string | undefined
  mode: CaptionMode
  onChoose: () => void
}) {
  const price = useQuote(captionTrackUrl({ videoId, lang, mode }))
  return (
    <li className="flex flex-wrap items-center gap-2">
      <PricedButton
        size="sm"
        label={`Try ${MODE_LABELS[mode].toLowerCase()}`}
        priceUsd={price.priceUsd}
        cached={price.cached}
        onClick={onChoose}
      />
      <span className="text-sm">{CAPTION_MODE_DESCRIPTIONS[mode]}</span>
    </li>
  )
}

/** The language has no captions in this mode: say so, and offer the modes that can still produce some, priced. */
export function CaptionsUnavailable({
  videoId,
  lang,
  mode,
  message,
  hasAnyTrack,
  onChooseMode,
}: CaptionsUnavailableProps) {
  const fallbacks = fallbackModes(message, mode).filter(
    (m) => hasAnyTrack !== false || m !== 'fallback-auto-translated',
  )
  const language = lang ? `${languageName(lang)} (${lang})` : "the video's default language"
  return (
    <div role="alert" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold">
        This video has no captions in {language} in {mode} mode.
      </p>
      <p className="text-sm">{message}</p>
      {fallbacks.length > 0 && (
        <>
          <p className="text-sm">A fallback mode can still produce a transcript:</p>
          <ul className="space-y-2">
            {fallbacks.map((m) => (
              <FallbackButton
                key={m}
                videoId={videoId}
                lang={lang}
                mode={m}
                onChoose={() => onChooseMode(m)}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
