import { describe, expect, it } from 'vitest'
import { segmentCueText } from './cue-segments.ts'
import { isOnlySoundMarkers, soundMarkerRanges } from './sound-markers.ts'

describe('sound markers', () => {
  it('finds bracketed descriptions and music notes', () => {
    const text = '[Music] hello ♪♪ [Applause]'
    expect(soundMarkerRanges(text).map((r) => text.slice(r.start, r.end))).toEqual([
      '[Music]',
      '♪♪',
      '[Applause]',
    ])
    expect(isOnlySoundMarkers('[Music]')).toBe(true)
    expect(isOnlySoundMarkers(' ♪ [Laughter]. ')).toBe(true)
    expect(isOnlySoundMarkers('[Music] hello')).toBe(false)
    expect(isOnlySoundMarkers('no markers')).toBe(false)
  })
})

describe('segmentCueText', () => {
  it('splits text into marker, match and current-match runs that join back to the text', () => {
    const text = '[Music] never gonna give, never'
    const segs = segmentCueText(
      text,
      soundMarkerRanges(text),
      [
        { start: 8, end: 13 },
        { start: 26, end: 31 },
      ],
      { start: 26, end: 31 },
    )
    expect(segs.map((s) => s.text).join('')).toBe(text)
    expect(segs).toEqual([
      { text: '[Music]', marker: true, match: false, current: false },
      { text: ' ', marker: false, match: false, current: false },
      { text: 'never', marker: false, match: true, current: false },
      { text: ' gonna give, ', marker: false, match: false, current: false },
      { text: 'never', marker: false, match: true, current: true },
    ])
  })

  it('handles a match inside a marker', () => {
    const segs = segmentCueText('[Music]', [{ start: 0, end: 7 }], [{ start: 1, end: 6 }])
    expect(segs.map((s) => [s.text, s.marker, s.match])).toEqual([
      ['[', true, false],
      ['Music', true, true],
      [']', true, false],
    ])
  })

  it('returns the plain text as one run when nothing is marked', () => {
    expect(segmentCueText('plain', [], [])).toEqual([
      { text: 'plain', marker: false, match: false, current: false },
    ])
    expect(segmentCueText('', [], [])).toEqual([])
  })
})
