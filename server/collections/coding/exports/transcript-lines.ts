/** A video's cues as timed one-line rows, the shape every timestamped format writes. */
import { clippedEndMs, oneLine } from '#contract/caption-writers/index.ts'
import type { ProjectVideo } from './coding-project.ts'
import { toMs } from './moments.ts'

export type TimedLine = { seq: number; startMs: number; endMs: number; text: string }

/** One line, no tab: the text of a row in a line- and tab-delimited file. */
export const rowText = (text: string): string => oneLine(text).replace(/\t/g, ' ')

/**
 * Each cue from its start to where it stops being shown (its end, or the next cue's start when they overlap, as in
 * rolling layouts), so times never go backwards; never shorter than 1 ms (ELAN refuses empty annotations).
 */
export function timedLines(video: ProjectVideo): TimedLine[] {
  const cues = video.cues.map((c) => ({ offset: c.start, duration: c.duration }))
  return video.cues.map((c, i) => {
    const startMs = toMs(c.start)
    return { seq: c.seq, startMs, endMs: Math.max(clippedEndMs(cues, i), startMs + 1), text: rowText(c.text) }
  })
}
