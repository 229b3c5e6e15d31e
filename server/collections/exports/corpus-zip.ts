/**
 * The corpus as a ZIP, streamed: manifest.json (collection, source, per-video provenance) first, then one file per
 * collected track read from the database as the ZIP is written, converted to the chosen format; or, `plain`, one
 * .txt per video for concordancers such as AntConc.
 */
import { downloadZip } from 'client-zip'
import {
  clockStamp,
  oneLine,
  toMs,
  writeCaptionFormat,
  type DisplayCue,
} from '#contract/caption-writers/index.ts'
import { num, type Queryable } from '../../db/database.ts'
import { loadCollection, provenanceHead } from './export-source.ts'

export const CORPUS_FORMATS = ['srt', 'vtt', 'ttml', 'csv', 'text', 'json'] as const
type CorpusFormat = (typeof CORPUS_FORMATS)[number]

export type CorpusZipParams = { format: CorpusFormat; timestamps: boolean; plain: boolean }

const EXTENSION: Record<CorpusFormat, string> = {
  srt: 'srt',
  vtt: 'vtt',
  ttml: 'ttml',
  csv: 'csv',
  text: 'txt',
  json: 'json',
}

const NOTE =
  'Converted by the Poix Research Dashboard from the cleaned corpus text (entities decoded, rolling repeats removed).'

type VideoRow = {
  video_id: string
  position: unknown
  title: string | null
  channel_id: string | null
  channel_title: string | null
  published_at: string | null
  found_by: unknown
  added_at: unknown
  track_state: string
  failure: unknown
  track_id: unknown
  lang: string | null
  lang_asked: string | null
  mode: string | null
  cue_count: unknown
  fetched_at: unknown
  cost_micro: unknown
}

type CueRow = { seq: unknown; start_s: unknown; duration_s: unknown; text: string; sounds: string[] }

const asJson = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v)

function filePath(v: VideoRow, p: CorpusZipParams): string {
  return p.plain ? `${v.video_id}.txt` : `${v.video_id}/${v.video_id}.${v.lang}.${EXTENSION[p.format]}`
}

/** What the manifest says of each video: where it came from and what its track is. */
function videoEntry(v: VideoRow, p: CorpusZipParams) {
  const collected = v.track_id !== null && v.track_id !== undefined
  return {
    videoId: v.video_id,
    position: num(v.position),
    title: v.title,
    channelId: v.channel_id,
    channelTitle: v.channel_title,
    publishedAt: v.published_at,
    foundBy: asJson(v.found_by),
    addedAt: new Date(num(v.added_at)).toISOString(),
    track: {
      state: v.track_state,
      lang: collected ? v.lang : null,
      langAsked: collected ? v.lang_asked || null : null,
      mode: collected ? v.mode : null,
      cueCount: collected ? num(v.cue_count) : null,
      fetchedAt: collected ? new Date(num(v.fetched_at)).toISOString() : null,
      costUsd: collected ? num(v.cost_micro) / 1e6 : null,
      failure: asJson(v.failure) ?? null,
    },
    file: collected ? filePath(v, p) : null,
  }
}

/** One line per cue; `[00:01:23.456] ` in front when timestamps are asked. */
function plainText(cues: readonly DisplayCue[], timestamps: boolean): string {
  return cues
    .map((c) => `${timestamps ? `[${clockStamp(toMs(c.offset))}] ` : ''}${oneLine(c.text)}\n`)
    .join('')
}

function render(v: VideoRow, rows: CueRow[], p: CorpusZipParams): string {
  const cues: DisplayCue[] = rows.map((r) => ({
    offset: num(r.start_s),
    duration: num(r.duration_s),
    text: r.text,
  }))
  const lang = v.lang ?? 'und'
  if (p.plain || (p.format === 'text' && p.timestamps)) return plainText(cues, p.timestamps)
  if (p.format !== 'json') return writeCaptionFormat(p.format, cues, { lang, note: NOTE })
  return `${JSON.stringify(
    {
      provenance: { videoId: v.video_id, lang, mode: v.mode, note: NOTE },
      items: rows.map((r) => ({
        seq: num(r.seq),
        offset: num(r.start_s),
        duration: num(r.duration_s),
        text: r.text,
        sounds: r.sounds,
      })),
    },
    null,
    2,
  )}\n`
}

export async function corpusZip(
  db: Queryable,
  collectionId: string,
  p: CorpusZipParams,
  now: Date,
): Promise<Response> {
  const collection = await loadCollection(db, collectionId)
  const videos = await db.query<VideoRow>(
    `SELECT cv.video_id, cv.position, cv.title, cv.channel_id, cv.channel_title, cv.published_at, cv.found_by,
            cv.added_at, cv.track_state, cv.failure, t.id AS track_id, t.lang, t.lang_asked, t.mode, t.cue_count,
            t.fetched_at, t.cost_micro
     FROM collection_videos cv LEFT JOIN corpus_tracks t ON t.id = cv.track_id
     WHERE cv.collection_id = $1 ORDER BY cv.position`,
    [collectionId],
  )
  const entries = videos.map((v) => videoEntry(v, p))
  const manifest = {
    ...provenanceHead(collection, `Corpus of the collection "${collection.name}"`, now),
    kind: 'poix-corpus',
    format: p.plain ? 'plain' : p.format,
    timestamps: p.timestamps,
    cleaning:
      'Cue text has HTML entities decoded until stable; a cue repeating the previous cue (rolling speech-recognition layouts) keeps only its new words with its own timings; bracketed sound markers such as [Music] are kept.',
    files: entries.filter((e) => e.file).length,
    videos: entries,
  }
  const lastModified = now
  async function* files() {
    yield { name: 'manifest.json', input: `${JSON.stringify(manifest, null, 2)}\n`, lastModified }
    for (const v of videos) {
      if (v.track_id === null || v.track_id === undefined) continue
      // One track at a time: the ZIP streams, so a large corpus never sits in memory whole.
      const cues = await db.query<CueRow>(
        'SELECT seq, start_s, duration_s, text, sounds FROM corpus_cues WHERE track_id = $1 ORDER BY seq',
        [v.track_id],
      )
      yield { name: filePath(v, p), input: render(v, cues, p), lastModified }
    }
  }
  return downloadZip(files(), { buffersAreUTF8: true })
}
