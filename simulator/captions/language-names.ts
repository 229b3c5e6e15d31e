/** Human-readable language names for tracks and file entries ("English", "English (auto-generated)"). */
import type { TrackSource } from '../types.ts'

const displayNames = createDisplayNames()

function createDisplayNames(): Intl.DisplayNames | undefined {
  try {
    return new Intl.DisplayNames('en', { type: 'language' })
  } catch {
    return undefined // runtimes without Intl.DisplayNames (small-ICU builds) fall back to the code
  }
}

/** `fr` → `French`, `iw` → `Hebrew`, `sr-Latn` → `Serbian (Latin)`; the code itself when unknown. */
function languageName(code: string): string {
  try {
    return displayNames?.of(code) ?? code
  } catch {
    return code // Intl throws RangeError on malformed tags
  }
}

/** The languageName of a track, saying how it came to be. `from` is the translated track's source language. */
export function trackLanguageName(code: string, source: TrackSource, from?: string): string {
  const name = languageName(code)
  switch (source) {
    case 'manual':
      return name
    case 'asr':
      return `${name} (auto-generated)`
    case 'translated':
      return `${name} (auto-translated from ${languageName(from ?? 'en')})`
    case 'whisper':
      return `${name} (speech recognition)`
  }
}
