/** `srt`: numbered cues, `00:00:01,360 --> 00:00:03,040`, displayed text; a cue ends at min(start + duration, next start). */
import { clippedEndMs, clockStamp, toMs } from '../cue-timing.ts'
import { displayLines } from '../platform-escaping.ts'
import type { CaptionWriter } from './writer.ts'
import { displayText } from './writer.ts'

export const writeSrt: CaptionWriter = (cues) =>
  cues
    .map((cue, index) => {
      const timing = `${clockStamp(toMs(cue.offset), ',')} --> ${clockStamp(clippedEndMs(cues, index), ',')}`
      return `${index + 1}\n${timing}\n${displayLines(displayText(cue)).join('\n')}\n\n`
    })
    .join('')
