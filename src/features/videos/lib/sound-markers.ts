/** Bracketed sound descriptions ([Music], [Applause]) and music notes, styled apart from speech. */

const MARKER_RE = /\[[^\][\n]{1,60}\]|[♪♫♬]+/gu

export type TextRange = { start: number; end: number }

export function soundMarkerRanges(text: string): TextRange[] {
  return Array.from(text.matchAll(MARKER_RE), (m) => ({ start: m.index, end: m.index + m[0].length }))
}

/** A cue that is only sound markers (and spaces or punctuation): nothing is said. */
export function isOnlySoundMarkers(text: string): boolean {
  const rest = text.replace(MARKER_RE, '').replace(/[\s\p{P}]/gu, '')
  return rest.length === 0 && soundMarkerRanges(text).length > 0
}

/** The text with its sound markers left out: what is said. */
export function withoutSoundMarkers(text: string): string {
  return text.replace(MARKER_RE, ' ')
}
