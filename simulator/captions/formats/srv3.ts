/**
 * `srv3`: milliseconds, `<timedtext format="3"><body><p t d>`. Auto-generated tracks carry word timings
 * (`<s t ac>`, offsets relative to the paragraph) and an empty `a="1"` paragraph when each line completes.
 */
import type { Cue } from '../../types.ts'
import { clippedEndMs, LINE_HOLD_MS, toMs, wordTimings } from '../cue-timing.ts'
import { escapeXml } from '../platform-escaping.ts'
import type { CaptionWriter } from './writer.ts'
import { displayOneLine, displayText, XML_DECLARATION } from './writer.ts'

/** Auto-captions' confidence attribute; the platform writes a constant. */
const ASR_CONFIDENCE = 255

const ASR_HEAD =
  '<head>\n<ws id="0"/>\n<ws id="1" mh="2" ju="0" sd="3"/>\n<wp id="0"/>\n<wp id="1" ap="6" ah="20" av="100" rc="2" cc="40"/>\n</head>\n'

export const writeSrv3: CaptionWriter = (cues, meta) => {
  const body = meta.source === 'asr' ? asrParagraphs(cues) : cues.map(plainParagraph)
  const head = meta.source === 'asr' ? ASR_HEAD : ''
  return `${XML_DECLARATION}<timedtext format="3">\n${head}<body>\n${body.join('\n')}\n</body>\n</timedtext>\n`
}

function plainParagraph(cue: Cue): string {
  return `<p t="${toMs(cue.offset)}" d="${toMs(cue.duration)}">${escapeXml(displayText(cue))}</p>`
}

function asrParagraphs(cues: readonly Cue[]): string[] {
  const out = ['<w t="0" id="1" wp="1" ws="1"/>']
  cues.forEach((cue, index) => {
    const startMs = toMs(cue.offset)
    const endMs = clippedEndMs(cues, index)
    const words = wordTimings(displayOneLine(cue), endMs - startMs).map(({ word, offsetMs }, w) =>
      w === 0
        ? `<s ac="${ASR_CONFIDENCE}">${escapeXml(word)}</s>`
        : `<s t="${offsetMs}" ac="${ASR_CONFIDENCE}"> ${escapeXml(word)}</s>`,
    )
    out.push(`<p t="${startMs}" d="${endMs - startMs}" w="1">${words.join('')}</p>`)
    if (index < cues.length - 1) {
      const holdStart = Math.max(startMs, endMs - LINE_HOLD_MS)
      out.push(`<p t="${holdStart}" d="${endMs - holdStart}" w="1" a="1">\n</p>`)
    }
  })
  return out
}
