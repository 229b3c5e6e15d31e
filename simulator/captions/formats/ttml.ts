/** `ttml`: TTML with the platform's styles and region; times `00:00:09.870`, line breaks as `<br/>`. */
import { RTL_LANGUAGES } from '#contract/index.ts'
import type { Cue } from '../../types.ts'
import { clockStamp, toMs } from '../cue-timing.ts'
import { displayLines, escapeXml } from '../platform-escaping.ts'
import type { CaptionWriter } from './writer.ts'
import { displayText, XML_DECLARATION } from './writer.ts'

export const writeTtml: CaptionWriter = (cues, meta) => {
  const lang = escapeXml(meta.lang)
  // Right-to-left scripts need the direction on the paragraph style, or players lay punctuation out wrongly.
  const direction = RTL_LANGUAGES.has(meta.lang) ? ' tts:direction="rtl"' : ''
  const head =
    '<head><styling>' +
    '<style xml:id="s1" tts:textAlign="center" tts:extent="90% 90%" tts:origin="5% 5%" tts:displayAlign="after"/>' +
    `<style xml:id="s2" tts:fontSize=".72c" tts:backgroundColor="black" tts:color="white"${direction}/>` +
    '</styling><layout><region xml:id="r1" style="s1"/></layout></head>'
  const root =
    `<tt xml:lang="${lang}" xmlns="http://www.w3.org/ns/ttml" xmlns:ttm="http://www.w3.org/ns/ttml#metadata" ` +
    'xmlns:tts="http://www.w3.org/ns/ttml#styling" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" ' +
    'ttp:profile="http://www.w3.org/TR/profile/sdp-us">'
  return `${XML_DECLARATION}${root}${head}<body region="r1">\n<div>\n${cues.map(paragraph).join('\n')}\n</div>\n</body>\n</tt>\n`
}

function paragraph(cue: Cue): string {
  const startMs = toMs(cue.offset)
  const endMs = startMs + toMs(cue.duration)
  const text = displayLines(displayText(cue)).map(escapeXml).join('<br/>')
  return `<p begin="${clockStamp(startMs)}" end="${clockStamp(endMs)}" style="s2">${text}</p>`
}
