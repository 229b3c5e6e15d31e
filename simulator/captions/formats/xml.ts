/**
 * `xml` (our layout): srv1's elements, but the DISPLAYED text escaped once, so an XML parser hands back
 * `we're` rather than srv1's `we&#39;re`.
 */
import { writeTranscriptXml } from './transcript-xml.ts'
import type { CaptionWriter } from './writer.ts'
import { displayText } from './writer.ts'

export const writeXml: CaptionWriter = (cues) => writeTranscriptXml(cues, displayText)
