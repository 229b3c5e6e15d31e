/**
 * `json3`: `{wireMagic, pens, wsWinStyles, wpWinPositions, events}`. Auto-generated tracks start with a window
 * event without segs, carry words as segs with `tOffsetMs`, and an `aAppend` event when each line completes.
 */
import type { Cue } from '../../types.ts'
import { clippedEndMs, LINE_HOLD_MS, toMs, wordTimings } from '../cue-timing.ts'
import type { CaptionWriter } from './writer.ts'
import { displayOneLine, displayText } from './writer.ts'

type Seg = { utf8: string; tOffsetMs?: number; acAsrConf?: number }
type Json3Event = {
  tStartMs: number
  dDurationMs: number
  id?: number
  wpWinPosId?: number
  wsWinStyleId?: number
  wWinId?: number
  aAppend?: number
  segs?: Seg[]
}

export const writeJson3: CaptionWriter = (cues, meta) => {
  if (meta.source !== 'asr') {
    const events: Json3Event[] = cues.map((cue) => ({
      tStartMs: toMs(cue.offset),
      dDurationMs: toMs(cue.duration),
      segs: [{ utf8: displayText(cue) }],
    }))
    return JSON.stringify({ wireMagic: 'pb3', pens: [{}], wsWinStyles: [{}], wpWinPositions: [{}], events })
  }
  return JSON.stringify({
    wireMagic: 'pb3',
    pens: [{}],
    wsWinStyles: [{}, { mhModeHint: 2, juJustifCode: 0, sdScrollDir: 3 }],
    wpWinPositions: [{}, { apPoint: 6, ahHorPos: 20, avVerPos: 100, rcRows: 2, ccCols: 40 }],
    events: asrEvents(cues),
  })
}

function asrEvents(cues: readonly Cue[]): Json3Event[] {
  const lastEnd = cues.length === 0 ? 0 : clippedEndMs(cues, cues.length - 1)
  const events: Json3Event[] = [{ tStartMs: 0, dDurationMs: lastEnd, id: 1, wpWinPosId: 1, wsWinStyleId: 1 }]
  cues.forEach((cue, index) => {
    const startMs = toMs(cue.offset)
    const endMs = clippedEndMs(cues, index)
    const segs = wordTimings(displayOneLine(cue), endMs - startMs).map(({ word, offsetMs }, w): Seg =>
      w === 0 ? { utf8: word, acAsrConf: 255 } : { utf8: ` ${word}`, tOffsetMs: offsetMs, acAsrConf: 255 },
    )
    events.push({ tStartMs: startMs, dDurationMs: endMs - startMs, wWinId: 1, segs })
    if (index < cues.length - 1) {
      const holdStart = Math.max(startMs, endMs - LINE_HOLD_MS)
      events.push({
        tStartMs: holdStart,
        dDurationMs: endMs - holdStart,
        wWinId: 1,
        aAppend: 1,
        segs: [{ utf8: '\n' }],
      })
    }
  })
  return events
}
