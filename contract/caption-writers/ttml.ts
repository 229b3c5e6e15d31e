/** `ttml`: TTML with the platform's styles and region; times `00:00:09.870`, line breaks as `<br/>`. */
import { RTL_LANGUAGES } from '../enums.ts'
import { displayLines, escapeXml, XML_DECLARATION } from './escaping.ts'
import { clockStamp, toMs } from './timing.ts'
import type { DisplayCue, WriterNote } from './types.ts'

export function writeTtml(cues: readonly DisplayCue[], meta: { lang: string } & WriterNote): string {
  const lang = escapeXml(meta.lang)
  // Right-to-left scripts need the direction on the paragraph style, or players lay punctuation out wrongly.
  const direction = RTL_LANGUAGES.has(meta.lang) ? ' tts:direction="rtl"' : ''
  const metadata =
    meta.note === undefined ? '' : `<metadata><ttm:desc>${escapeXml(meta.note)}</ttm:desc></metadata>`
  const head =
    `<head>${metadata}<styling>` +
    '<style xml:id="s1" tts:textAlign="center" tts:extent="90% 90%" tts:origin="5% 5%" tts:displayAlign="after"/>' +
    `<style xml:id="s2" tts:fontSize=".72c" tts:backgroundColor="black" tts:color="white"${direction}/>` +
    '</styling><layout><region xml:id="r1" style="s1"/></layout></head>'
  const root =
    `<tt xml:lang="${lang}" xmlns="http://www.w3.org/ns/ttml" xmlns:ttm="http://www.w3.org/ns/ttml#metadata" ` +
    'xmlns:tts="http://www.w3.org/ns/ttml#styling" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" ' +
    'ttp:profile="http://www.w3.org/TR/profile/sdp-us">'
  return `${XML_DECLARATION}${root}${head}<body region="r1">\n<div>\n${cues.map(paragraph).join('\n')}\n</div>\n</body>\n</tt>\n`
}

function paragraph(cue: DisplayCue): string {
  const startMs = toMs(cue.offset)
  const endMs = startMs + toMs(cue.duration)
  const text = displayLines(cue.text).map(escapeXml).join('<br/>')
  return `<p begin="${clockStamp(startMs)}" end="${clockStamp(endMs)}" style="s2">${text}</p>`
}
