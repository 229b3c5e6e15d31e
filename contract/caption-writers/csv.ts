/** `csv` (the service's layout as the simulator writes it): `start,duration,text` in seconds, RFC 4180, CRLF. */
import Papa from 'papaparse'
import type { DisplayCue } from './types.ts'

const CSV_FIELDS = ['start', 'duration', 'text'] as const

export function writeCaptionCsv(cues: readonly DisplayCue[]): string {
  return Papa.unparse(
    { fields: [...CSV_FIELDS], data: cues.map((cue) => [cue.offset, cue.duration, cue.text]) },
    { newline: '\r\n' },
  )
}
