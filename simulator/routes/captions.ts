/** GET /captions/{videoId} and GET /files/captions/{videoId} (spec 4.2, 4.3); formats are the captions module's. */
import { CAPTION_FORMATS, CAPTION_MODES, LANGUAGE_CODES, VIDEO_ID_RE } from '#contract/index.ts'
import { captionFileList, captionTrack, renderCaptions } from '../captions/index.ts'
import { getDataset } from '../data/dataset.ts'
import type { VideoRecord } from '../data/model.ts'
import { invalid, notFound } from '../errors.ts'
import { captionSubject } from '../wire.ts'
import { enumParam, type SimContext } from './query.ts'

function videoOf(c: SimContext): VideoRecord {
  const videoId = c.req.param('videoId') ?? ''
  if (!VIDEO_ID_RE.test(videoId))
    throw invalid(`videoId "${videoId}" is not a video id: exactly 11 characters of A–Z, a–z, 0–9, _ and -.`)
  const video = getDataset().video(videoId)
  if (!video) throw notFound(`No video with id ${videoId}.`)
  return video
}

export function captions(c: SimContext): Response {
  const format = enumParam(c, 'format', CAPTION_FORMATS) ?? 'json'
  const lang = enumParam(c, 'lang', LANGUAGE_CODES)
  const mode = enumParam(c, 'mode', CAPTION_MODES) ?? 'default'
  const track = captionTrack(captionSubject(videoOf(c)), lang, mode)
  if (!track.ok) throw notFound(track.message)
  const rendered = renderCaptions(format, track.cues, {
    lang: track.lang,
    source: track.source,
    languageName: track.languageName,
  })
  return c.body(rendered.body, 200, { 'Content-Type': rendered.contentType })
}

export function captionFiles(c: SimContext): Response {
  const lang = enumParam(c, 'lang', LANGUAGE_CODES)
  const format = enumParam(c, 'format', CAPTION_FORMATS)
  const video = videoOf(c)
  return c.json(
    captionFileList(captionSubject(video), c.get('baseUrl'), {
      ...(lang ? { lang } : {}),
      ...(format ? { format } : {}),
    }),
  )
}
