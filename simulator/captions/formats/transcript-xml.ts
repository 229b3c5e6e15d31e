/** The `<transcript><text start dur>` layout shared by `srv1` (the platform's) and `xml` (ours). */
import type { Cue } from '../../types.ts'
import { escapeXml } from '../platform-escaping.ts'
import { secondsAttr, XML_DECLARATION } from './writer.ts'

export function writeTranscriptXml(cues: readonly Cue[], textOf: (cue: Cue) => string): string {
  const items = cues.map(
    (cue) =>
      `<text start="${secondsAttr(cue.offset)}" dur="${secondsAttr(cue.duration)}">${escapeXml(textOf(cue))}</text>`,
  )
  return `${XML_DECLARATION}<transcript>${items.join('')}</transcript>`
}
