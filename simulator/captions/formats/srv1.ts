/**
 * `srv1`: seconds, and the RAW text escaped for XML, so the platform's `&#39;` appears as `&amp;#39;`
 * exactly like the platform's files (an XML parser hands back the raw, still entity-escaped text).
 */
import { writeTranscriptXml } from './transcript-xml.ts'
import type { CaptionWriter } from './writer.ts'

export const writeSrv1: CaptionWriter = (cues) => writeTranscriptXml(cues, (cue) => cue.text)
