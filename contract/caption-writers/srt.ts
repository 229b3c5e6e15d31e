/** `srt`: numbered cues, `00:00:01,360 --> 00:00:03,040`; a cue ends at min(start + duration, next start). */
import { displayLines } from './escaping.ts'
import { clippedEndMs, clockStamp, toMs } from './timing.ts'
import type { DisplayCue } from './types.ts'

export function writeSrt(cues: readonly DisplayCue[]): string {
  return cues
    .map((cue, index) => {
      const timing = `${clockStamp(toMs(cue.offset), ',')} --> ${clockStamp(clippedEndMs(cues, index), ',')}`
      return `${index + 1}\n${timing}\n${displayLines(cue.text).join('\n')}\n\n`
    })
    .join('')
}
