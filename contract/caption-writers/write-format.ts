/** One writer per converted format, chosen by name: the studio's conversions and the corpus ZIP write the same files. */
import { writeCaptionCsv } from './csv.ts'
import { writeSrt } from './srt.ts'
import { writeCaptionText } from './text.ts'
import { writeTtml } from './ttml.ts'
import type { DisplayCue, WriterNote } from './types.ts'
import { writePlainVtt } from './vtt.ts'

export type WrittenFormat = 'srt' | 'vtt' | 'ttml' | 'csv' | 'text'

export function writeCaptionFormat(
  format: WrittenFormat,
  cues: readonly DisplayCue[],
  meta: { lang: string } & WriterNote,
): string {
  switch (format) {
    case 'srt':
      return writeSrt(cues)
    case 'vtt':
      return writePlainVtt(cues, meta)
    case 'ttml':
      return writeTtml(cues, meta)
    case 'csv':
      return writeCaptionCsv(cues)
    case 'text':
      return writeCaptionText(cues)
  }
}
