import { describe, expect, it } from 'vitest'
import {
  clickSelect,
  codeNumberOfKey,
  isSelected,
  selectionBounds,
  selectionSeconds,
  selectionSize,
  shiftArrowSelect,
} from './cue-selection.ts'

describe('cue selection', () => {
  it('a click selects one cue, Shift+click extends from the anchor in either direction', () => {
    const one = clickSelect(undefined, 4, false)
    expect(one).toEqual({ anchor: 4, focus: 4 })
    expect(clickSelect(one, 7, true)).toEqual({ anchor: 4, focus: 7 })
    expect(selectionBounds(clickSelect(one, 1, true))).toEqual([1, 4])
    // Shift+click with nothing selected starts at the clicked cue.
    expect(clickSelect(undefined, 3, true)).toEqual({ anchor: 3, focus: 3 })
    // A plain click elsewhere starts again.
    expect(clickSelect({ anchor: 2, focus: 5 }, 9, false)).toEqual({ anchor: 9, focus: 9 })
  })

  it('Shift+ArrowDown twice from a focused cue selects three cues; Shift+ArrowUp shrinks it back', () => {
    let s = shiftArrowSelect(undefined, 2, 1, 10)
    expect(s).toEqual({ selection: { anchor: 2, focus: 3 }, focus: 3 })
    s = shiftArrowSelect(s.selection, s.focus, 1, 10)
    expect(s.selection).toEqual({ anchor: 2, focus: 4 })
    expect(selectionSize(s.selection)).toBe(3)
    expect([1, 2, 3, 4, 5].map((i) => isSelected(s.selection, i))).toEqual([false, true, true, true, false])
    s = shiftArrowSelect(s.selection, s.focus, -1, 10)
    expect(s.selection).toEqual({ anchor: 2, focus: 3 })
  })

  it('Shift+arrows on a cue outside the selection start a new one there, and stop at the ends', () => {
    expect(shiftArrowSelect({ anchor: 0, focus: 1 }, 6, -1, 10).selection).toEqual({ anchor: 6, focus: 5 })
    expect(shiftArrowSelect(undefined, 9, 1, 10)).toEqual({ selection: { anchor: 9, focus: 9 }, focus: 9 })
    expect(shiftArrowSelect(undefined, 0, -1, 10).selection).toEqual({ anchor: 0, focus: 0 })
  })

  it('only the digits 1-9 name a code', () => {
    expect(['1', '5', '9'].map(codeNumberOfKey)).toEqual([1, 5, 9])
    expect(['0', '10', 'a', ' ', 'Digit1'].map(codeNumberOfKey)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ])
    expect(selectionSize(undefined)).toBe(0)
  })

  it('the seconds sent run from the first cue’s start to the last cue’s end, whichever way it was selected', () => {
    const cues = [
      { start: 0, end: 2 },
      { start: 2, end: 4.5 },
      { start: 4.5, end: 4.5 },
    ]
    expect(selectionSeconds(cues, { anchor: 1, focus: 0 })).toEqual({ start: 0, end: 4.5 })
    // A zero-length last cue still lies inside [start, end).
    const { start, end } = selectionSeconds(cues, { anchor: 2, focus: 2 })
    expect(start).toBe(4.5)
    expect(end).toBeGreaterThan(4.5)
  })
})
