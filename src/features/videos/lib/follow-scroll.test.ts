import { describe, expect, it } from 'vitest'
import { centredScrollOffset, FOLLOW_BLOCK, followBlock, rowsToRender } from './follow-scroll.ts'

describe('centredScrollOffset', () => {
  it('puts the row’s middle in the middle of the viewport', () => {
    expect(centredScrollOffset({ start: 4100, size: 40 }, 500, 400_000)).toBe(4100 + 20 - 250)
  })

  it('stays at the top for the first rows and at the end for the last', () => {
    expect(centredScrollOffset({ start: 41, size: 41 }, 500, 400_000)).toBe(0)
    expect(centredScrollOffset({ start: 399_959, size: 41 }, 500, 400_000)).toBe(399_500)
  })

  it('does not scroll a list shorter than its viewport', () => {
    expect(centredScrollOffset({ start: 82, size: 41 }, 500, 123)).toBe(0)
  })
})

const span = (rows: number[]) => [rows[0], rows.at(-1), rows.length]

describe('rowsToRender', () => {
  const visible = { startIndex: 100, endIndex: 112, overscan: 10, count: 10_000 }

  it('renders the visible rows and the overscan when nothing is followed', () => {
    expect(span(rowsToRender(visible, -1))).toEqual([90, 122, 33])
  })

  it('adds the rows the next cue’s scroll will show, so that scroll needs no new rows', () => {
    // The anchor just moved one row past the centre: its centred view is 101..113, overscanned 90..124.
    const now = rowsToRender(visible, 107)
    expect(now[0]).toBeLessThanOrEqual(90)
    expect(now.at(-1)).toBeGreaterThanOrEqual(124)
    const afterScroll = rowsToRender({ ...visible, startIndex: 101, endIndex: 113 }, 107)
    expect(afterScroll).toEqual(now)
  })

  it('while following, changes the rows a whole block at a time', () => {
    let changes = 0
    let previous = rowsToRender(visible, 106)
    for (let anchor = 107; anchor < 107 + 4 * FOLLOW_BLOCK; anchor++) {
      const shift = anchor - 106
      const rows = rowsToRender({ ...visible, startIndex: 100 + shift, endIndex: 112 + shift }, anchor)
      if (rows[0] !== previous[0] || rows.at(-1) !== previous.at(-1)) {
        changes++
        expect(rows[0]! - previous[0]!).toBe(FOLLOW_BLOCK)
        expect(rows.at(-1)! - previous.at(-1)!).toBe(FOLLOW_BLOCK)
      }
      expect(rows[0]).toBeLessThanOrEqual(anchor - 16)
      expect(rows.at(-1)).toBeGreaterThanOrEqual(anchor + 17)
      previous = rows
    }
    expect(changes).toBe(4)
    // The block is all that matters of the anchor.
    expect(rowsToRender(visible, followBlock(107))).toEqual(rowsToRender(visible, 107))
    expect(previous.length).toBeLessThanOrEqual(2 * 17 + FOLLOW_BLOCK)
  })

  it('leaves a far anchor (a seek) to the scroll, and stays within the list', () => {
    expect(span(rowsToRender(visible, 5_000))).toEqual([90, 122, 33])
    expect(rowsToRender({ ...visible, startIndex: 9_990, endIndex: 9_999 }, 9_999).at(-1)).toBe(9_999)
    expect(rowsToRender({ ...visible, startIndex: 0, endIndex: 12 }, 0)[0]).toBe(0)
  })
})
