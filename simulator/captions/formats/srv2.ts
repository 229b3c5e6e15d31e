/** `srv2`: milliseconds, `<timedtext>` with one window definition, `<text t d w>` carrying the displayed text. */
import { escapeXml } from '../platform-escaping.ts'
import { toMs } from '../cue-timing.ts'
import type { CaptionWriter } from './writer.ts'
import { displayText, XML_DECLARATION } from './writer.ts'

const WINDOW = '<window id="1" t="0" op="define" rc="2" cc="32" ap="7" ah="50" av="100"/>'

export const writeSrv2: CaptionWriter = (cues) => {
  const items = cues.map(
    (cue) =>
      `<text t="${toMs(cue.offset)}" d="${toMs(cue.duration)}" w="1">${escapeXml(displayText(cue))}</text>`,
  )
  return `${XML_DECLARATION}<timedtext>${WINDOW}${items.join('')}</timedtext>`
}
