import { useId, useState, type FormEvent } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import {
  CAPTION_MODES,
  CAPTION_MODE_DESCRIPTIONS,
  LANGUAGE_CODES,
  type CaptionMode,
  type LanguageCode,
} from '#contract/index.ts'
import { PricedButton } from '#components/pricing/priced-button.tsx'
import { captionTrackUrl } from '#lib/captions/caption-request.ts'
import { languageName } from '../lib/language-names.ts'
import { TRACK_KIND_LABELS, type CaptionLanguage } from '../lib/track-list.ts'
import { captionQueries } from '../api/queries.ts'
import { useQuote } from '../hooks/use-quotes.ts'

export const MODE_LABELS: Record<CaptionMode, string> = {
  default: 'Default',
  'fallback-auto-translated': 'Fall back to auto-translation',
  'fallback-whisper': 'Fall back to speech recognition',
  'force-whisper': 'Always speech recognition',
}

/** Where the track the picker names stands; the picker says the same as the rest of the studio. */
export type TrackState = 'loading' | 'shown' | 'empty' | 'unavailable' | 'failed'

const TRACK_STATE_TEXT: Record<TrackState, string> = {
  loading: 'Loading these captions…',
  shown: 'These captions are shown.',
  empty: 'This track is shown: it has no captions in it.',
  unavailable: 'These captions are not available: see the message beside.',
  failed: 'These captions could not be loaded: see the message beside.',
}

export type TrackPickerProps = {
  videoId: string
  languages: readonly CaptionLanguage[] | undefined
  lang: LanguageCode | undefined
  mode: CaptionMode
  trackState: TrackState
  /** The language the service picked as the video's default, once known. */
  defaultLang?: string
  onChoose: (choice: { lang: LanguageCode | undefined; mode: CaptionMode }) => void
}

/** Language and mode; the new track is fetched only when "Show captions" (with its price) is pressed. */
export function TrackPicker({
  videoId,
  languages,
  lang,
  mode,
  trackState,
  defaultLang,
  onChoose,
}: TrackPickerProps) {
  const langId = useId()
  const [draft, setDraft] = useState<{ lang: LanguageCode | undefined; mode: CaptionMode }>({ lang, mode })
  const [shown, setShown] = useState({ lang, mode })
  if (shown.lang !== lang || shown.mode !== mode) {
    // The URL changed (back button, fallback button): the form shows what is on screen.
    setShown({ lang, mode })
    setDraft({ lang, mode })
  }
  const listed = new Set(languages?.map((l) => l.code))
  const others = LANGUAGE_CODES.filter((c) => !listed.has(c))
  const changed = draft.lang !== lang || draft.mode !== mode
  const price = useQuote(
    changed ? captionTrackUrl({ videoId, lang: draft.lang, mode: draft.mode }) : undefined,
  )
  // A track this page already holds (the default one, by its language's name) is shown without a request.
  const held =
    useQueryClient().getQueryData(captionQueries.track(videoId, draft.lang, draft.mode).queryKey) !==
    undefined

  function onSubmit(e: FormEvent) {
    e.preventDefault()
    if (changed) onChoose(draft)
  }

  return (
    <form
      onSubmit={onSubmit}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      aria-label="Choose captions"
    >
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={langId} className="font-medium">
          Language
        </label>
        <select
          id={langId}
          value={draft.lang ?? ''}
          onChange={(e) =>
            setDraft({ ...draft, lang: (e.target.value || undefined) as LanguageCode | undefined })
          }
          className="rounded border border-slate-300 px-2 py-1.5"
        >
          <option value="">The video's default language{defaultLang ? ` (${defaultLang})` : ''}</option>
          {languages && languages.length > 0 && (
            <optgroup label="Tracks this video has">
              {languages
                .filter((l) => (LANGUAGE_CODES as readonly string[]).includes(l.code))
                .map((l) => (
                  <option key={l.code} value={l.code}>
                    {l.name} ({l.code}){l.kind !== 'manual' ? ` · ${l.kind}` : ''}
                  </option>
                ))}
            </optgroup>
          )}
          <optgroup label="Other languages (may need a fallback mode)">
            {others.map((c) => (
              <option key={c} value={c}>
                {languageName(c)} ({c})
              </option>
            ))}
          </optgroup>
        </select>
      </div>
      <fieldset>
        <legend className="font-medium">Mode</legend>
        <div className="mt-1 grid gap-1 sm:grid-cols-2">
          {CAPTION_MODES.map((m) => (
            <label key={m} className="flex gap-2 rounded p-1.5 hover:bg-slate-50">
              <input
                type="radio"
                name={`${langId}-mode`}
                value={m}
                checked={draft.mode === m}
                onChange={() => setDraft({ ...draft, mode: m })}
                className="mt-1"
              />
              <span>
                <span className="font-medium">{MODE_LABELS[m]}</span>{' '}
                <code className="text-xs text-slate-500">{m}</code>
                <span className="block text-sm text-slate-600">{CAPTION_MODE_DESCRIPTIONS[m]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <PricedButton
        type="submit"
        variant="primary"
        size="sm"
        label="Show captions"
        priceUsd={price.priceUsd}
        cached={price.cached || held}
        disabled={!changed}
      />
      {!changed && (
        <span className="ml-2 text-sm text-slate-600" data-testid="track-state">
          {TRACK_STATE_TEXT[trackState]}
        </span>
      )}
    </form>
  )
}

export type TrackListProps = { languages: readonly CaptionLanguage[] }

/** Which languages exist, how each track was made, and which formats each offers. */
export function TrackList({ languages }: TrackListProps) {
  if (languages.length === 0)
    return <p className="text-sm text-slate-700">The file list has no caption tracks for this video.</p>
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Caption tracks of this video</caption>
      <thead>
        <tr className="border-b border-slate-200 text-slate-600">
          <th scope="col" className="py-1 pr-3 font-medium">
            Language
          </th>
          <th scope="col" className="py-1 pr-3 font-medium">
            Track
          </th>
          <th scope="col" className="py-1 font-medium">
            Formats
          </th>
        </tr>
      </thead>
      <tbody>
        {languages.map((l) => (
          <tr key={l.code} className="border-b border-slate-100 align-top">
            <th scope="row" className="py-1 pr-3 font-normal">
              {l.name} <code className="text-xs text-slate-500">{l.code}</code>
            </th>
            <td className="py-1 pr-3" title={l.fullName}>
              {TRACK_KIND_LABELS[l.kind]}
            </td>
            <td className="py-1 font-mono text-xs">{l.formats.join(' · ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
