/**
 * `vtt`: `WEBVTT` with `Kind`/`Language` headers, displayed text escaped for WebVTT.
 * Auto-generated tracks "roll" like the platform's: each cue shows the previous line above the current one,
 * whose words carry inline `<00:00:01.000><c> word</c>` timings, then a 10 ms hold cue shows the completed line;
 * every cue is `align:start position:0%` and ends at min(start + duration, next start).
 */
import type { Cue } from '../../types.ts'
import { plainVttBlock, vttHeader } from '#contract/caption-writers/index.ts'
import { clippedEndMs, clockStamp, LINE_HOLD_MS, toMs, wordTimings } from '../cue-timing.ts'
import { escapeVtt } from '../platform-escaping.ts'
import type { CaptionWriter } from './writer.ts'
import { displayCue, displayOneLine } from './writer.ts'

const ROLLING_SETTINGS = 'align:start position:0%'
/** The platform's blank line inside rolling cues: a single space, so it does not end the cue. */
const BLANK_LINE = ' '

export const writeVtt: CaptionWriter = (cues, meta) => {
  const blocks =
    meta.source === 'asr' ? rollingBlocks(cues) : cues.map((cue) => plainVttBlock(displayCue(cue)))
  return vttHeader(meta.lang) + blocks.join('')
}

function rollingBlocks(cues: readonly Cue[]): string[] {
  const blocks: string[] = []
  let previousLine = BLANK_LINE
  cues.forEach((cue, index) => {
    const startMs = toMs(cue.offset)
    const endMs = clippedEndMs(cues, index)
    const holdStart = endMs - LINE_HOLD_MS
    const hasHold = holdStart > startMs
    const mainEnd = hasHold ? holdStart : endMs
    const line = displayOneLine(cue)
    const current = timedLine(line, startMs, endMs - startMs, mainEnd)
    blocks.push(
      `${clockStamp(startMs)} --> ${clockStamp(mainEnd)} ${ROLLING_SETTINGS}\n${previousLine}\n${current}\n\n`,
    )
    const completed = line === '' ? BLANK_LINE : escapeVtt(line)
    if (hasHold)
      blocks.push(
        `${clockStamp(holdStart)} --> ${clockStamp(endMs)} ${ROLLING_SETTINGS}\n${completed}\n${BLANK_LINE}\n\n`,
      )
    previousLine = completed
  })
  return blocks
}

/**
 * `we're<00:00:01.680><c> no</c>…` with the same word timings as srv3 and json3; a word whose time would fall
 * outside the cue (WebVTT forbids it) keeps its `<c>` but loses its timestamp.
 */
function timedLine(line: string, startMs: number, spokenMs: number, endMs: number): string {
  if (line === '') return BLANK_LINE
  let lastStamp = startMs
  return wordTimings(line, spokenMs)
    .map(({ word, offsetMs }, w) => {
      if (w === 0) return escapeVtt(word)
      const at = startMs + offsetMs
      const stamped = at > lastStamp && at < endMs
      if (stamped) lastStamp = at
      return `${stamped ? `<${clockStamp(at)}>` : ''}<c> ${escapeVtt(word)}</c>`
    })
    .join('')
}
