/** `vtt` as the platform writes tracks that do not roll: a `Kind`/`Language` header, then one cue per item. */
import { displayLines, escapeVtt } from './escaping.ts'
import { clockStamp, toMs } from './timing.ts'
import type { DisplayCue, WriterNote } from './types.ts'

/** `WEBVTT` / `Kind: captions` / `Language: <lang>`, and a NOTE block when the file says what it is. */
export function vttHeader(lang: string, note?: string): string {
  const header = `WEBVTT\nKind: captions\nLanguage: ${lang.replace(/[\r\n]/g, '')}\n\n`
  return note === undefined ? header : `${header}NOTE\n${vttNoteText(note)}\n\n`
}

/** A NOTE may not hold `-->` nor a blank line (either would end it early). */
function vttNoteText(note: string): string {
  return displayLines(note.replace(/-->/g, '→')).join('\n')
}

/** One cue from start to start + duration, its displayed lines escaped. */
export function plainVttBlock(cue: DisplayCue): string {
  const startMs = toMs(cue.offset)
  const endMs = startMs + toMs(cue.duration)
  const lines = displayLines(cue.text).map(escapeVtt)
  return `${clockStamp(startMs)} --> ${clockStamp(endMs)}\n${lines.join('\n')}\n\n`
}

export function writePlainVtt(cues: readonly DisplayCue[], meta: { lang: string } & WriterNote): string {
  return vttHeader(meta.lang, meta.note) + cues.map(plainVttBlock).join('')
}
