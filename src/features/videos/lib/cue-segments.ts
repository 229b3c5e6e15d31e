/** Splits a cue's text into runs for display: sound markers, search matches and the current match. */
import type { TextRange } from './sound-markers.ts'

export type CueSegment = { text: string; marker: boolean; match: boolean; current: boolean }

/** `markers` and `matches` are sorted, non-overlapping ranges within `text`; they may overlap each other. */
export function segmentCueText(
  text: string,
  markers: readonly TextRange[],
  matches: readonly TextRange[],
  currentMatch?: TextRange,
): CueSegment[] {
  const cuts = new Set<number>([0, text.length])
  for (const r of [...markers, ...matches]) {
    cuts.add(Math.max(0, Math.min(text.length, r.start)))
    cuts.add(Math.max(0, Math.min(text.length, r.end)))
  }
  const points = [...cuts].sort((a, b) => a - b)
  const inside = (ranges: readonly TextRange[], at: number) => ranges.some((r) => r.start <= at && at < r.end)
  const segments: CueSegment[] = []
  for (let i = 0; i < points.length - 1; i++) {
    const from = points[i]!
    const to = points[i + 1]!
    if (to <= from) continue
    const seg: CueSegment = {
      text: text.slice(from, to),
      marker: inside(markers, from),
      match: inside(matches, from),
      current: currentMatch ? currentMatch.start <= from && from < currentMatch.end : false,
    }
    const prev = segments.at(-1)
    if (prev && prev.marker === seg.marker && prev.match === seg.match && prev.current === seg.current)
      prev.text += seg.text
    else segments.push(seg)
  }
  return segments
}
