/** One cue track → the body of any of the 11 caption formats, with its Content-Type. */
import { CAPTION_CONTENT_TYPES, CAPTION_FORMATS, type CaptionFormat } from '#contract/index.ts'
import type { Cue, RenderedCaptions } from '../types.ts'
import { writeCsv } from './formats/csv.ts'
import { writeJson } from './formats/json.ts'
import { writeJson3 } from './formats/json3.ts'
import { writeSrt } from './formats/srt.ts'
import { writeSrv1 } from './formats/srv1.ts'
import { writeSrv2 } from './formats/srv2.ts'
import { writeSrv3 } from './formats/srv3.ts'
import { writeText } from './formats/text.ts'
import { writeTtml } from './formats/ttml.ts'
import { writeVtt } from './formats/vtt.ts'
import type { CaptionMeta, CaptionWriter } from './formats/writer.ts'
import { writeXml } from './formats/xml.ts'

const WRITERS: Record<CaptionFormat, CaptionWriter> = {
  json: writeJson,
  text: writeText,
  csv: writeCsv,
  xml: writeXml,
  srt: writeSrt,
  vtt: writeVtt,
  ttml: writeTtml,
  srv1: writeSrv1,
  srv2: writeSrv2,
  srv3: writeSrv3,
  json3: writeJson3,
}

/** Writes `cues` (ordered by strictly increasing offset) in `format`; `meta.source` 'asr' selects the rolling layouts. */
export function renderCaptions(
  format: CaptionFormat,
  cues: readonly Cue[],
  meta: CaptionMeta,
): RenderedCaptions {
  const write = WRITERS[format] as CaptionWriter | undefined
  if (write === undefined)
    throw new Error(
      `Unknown caption format "${String(format)}"; expected one of ${CAPTION_FORMATS.join(', ')}`,
    )
  return { body: write(cues, meta), contentType: CAPTION_CONTENT_TYPES[format], format }
}
