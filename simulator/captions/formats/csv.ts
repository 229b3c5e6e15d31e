/** `csv` (our layout): `start,duration,text` in seconds, the displayed text (line breaks kept inside quotes), RFC 4180. */
import Papa from 'papaparse'
import type { CaptionWriter } from './writer.ts'
import { displayText } from './writer.ts'

export const CSV_FIELDS = ['start', 'duration', 'text'] as const

export const writeCsv: CaptionWriter = (cues) =>
  Papa.unparse(
    { fields: [...CSV_FIELDS], data: cues.map((cue) => [cue.offset, cue.duration, displayText(cue)]) },
    { newline: '\r\n' },
  )
