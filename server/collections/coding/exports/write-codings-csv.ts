/** The coding table: one row per coding through the one CSV writer (RFC 4180, header, CRLF, BOM, exact values), and its sidecar. */
import { toCsv, type Column } from '#contract/csv-writer.ts'
import { codePaths } from './code-tree.ts'
import type { Coding, CodingProject, ExportFile } from './coding-project.ts'
import { codingFileName, codingProvenanceHead } from './export-files.ts'
import { commentUrl, hms, isoTime, momentUrl, toMs } from './moments.ts'

/** `videoId`: the segment's video, or for a reply coded without one, its thread's video as the export knows it. */
type Row = { coding: Coding; code: string; path: string; videoId: string | null }

const cues = (r: Row) => (r.coding.segment.kind === 'cues' ? r.coding.segment : null)
const reply = (r: Row) => (r.coding.segment.kind === 'reply' ? r.coding.segment : null)

/** Seconds to the millisecond, as the service gives cue times: `3 + 2.345` is written 5.345, not 5.345000000000001. */
const seconds = (s: number | undefined) => (s === undefined ? undefined : toMs(s) / 1000)

function videoUrl({ coding: { segment: s }, videoId }: Row): string {
  if (s.kind === 'cues') return momentUrl(s.videoId, s.start)
  return videoId ? commentUrl(videoId, s.commentId) : ''
}

const CODING_COLUMNS: Column<Row>[] = [
  { header: 'video_id', value: (r) => r.videoId ?? '' },
  { header: 'video_url', value: videoUrl },
  { header: 'start', value: (r) => seconds(cues(r)?.start) },
  { header: 'end', value: (r) => seconds(cues(r)?.end) },
  {
    header: 'start_hms',
    value: (r) => {
      const s = cues(r)
      return s ? hms(toMs(s.start)) : ''
    },
  },
  {
    header: 'end_hms',
    value: (r) => {
      const s = cues(r)
      return s ? hms(toMs(s.end)) : ''
    },
  },
  { header: 'lang', value: (r) => cues(r)?.lang },
  { header: 'first_cue', value: (r) => cues(r)?.firstSeq },
  { header: 'last_cue', value: (r) => cues(r)?.lastSeq },
  { header: 'comment_id', value: (r) => reply(r)?.commentId },
  { header: 'parent_id', value: (r) => reply(r)?.parentId ?? undefined },
  { header: 'published_at', value: (r) => reply(r)?.publishedAt ?? undefined },
  { header: 'text', value: (r) => r.coding.segment.text },
  { header: 'code', value: (r) => r.code },
  { header: 'code_path', value: (r) => r.path },
  { header: 'memo', value: (r) => r.coding.memo },
  { header: 'coder', value: (r) => r.coding.coder },
  { header: 'coded_at', value: (r) => isoTime(r.coding.createdAt) },
]

const COLUMN_MEANINGS: Record<string, string> = {
  video_id:
    "the video of the moment or of the reply (a reply coded without it takes its thread's; empty when no coding of the thread knew it)",
  video_url: "the platform's watch URL at the moment (&t= whole seconds), or the reply's permalink (&lc=)",
  start:
    "seconds from the video's start, to the millisecond: the first coded cue's start (empty for a reply)",
  end: "seconds, to the millisecond: the last coded cue's start plus its duration (empty for a reply)",
  start_hms: 'start as hh:mm:ss.mmm',
  end_hms: 'end as hh:mm:ss.mmm',
  lang: "the collected track's language (empty for a reply)",
  first_cue:
    "the first coded cue's number in the collected track, from 0, as the KWIC table's seq (empty for a reply)",
  last_cue: "the last coded cue's number in the collected track (empty for a reply)",
  comment_id:
    "the reply's comment id, <thread id>.<reply id> for a reply, the thread's id for its top-level comment (empty for a moment)",
  parent_id: "the thread's top-level comment id (empty for the top-level comment itself and for a moment)",
  published_at: 'when the reply was published (UTC, ISO 8601, as the service gives it; empty for a moment)',
  text: "the coded text: the cues' cleaned text joined with a line break, or the reply as the thread viewer showed it",
  code: "the code's name",
  code_path: 'the code and its parents, "Parent / Child"',
  memo: "the coding's memo",
  coder: 'the display name the researcher set when coding',
  coded_at: 'when the coding was made (UTC, ISO 8601)',
}

/** Moments in the collection's video order and by time, then replies by thread and time; codes by path within. */
function rows(p: CodingProject): Row[] {
  const paths = codePaths(p.codes)
  const names = new Map(p.codes.map((c) => [c.id, c.name]))
  const videoOrder = new Map(p.videos.map((v, i) => [v.videoId, i]))
  const sortKey = (c: Coding) =>
    c.segment.kind === 'cues'
      ? { group: videoOrder.get(c.segment.videoId) ?? p.videos.length, thread: '', start: c.segment.start }
      : { group: p.videos.length + 1, thread: c.segment.parentId ?? c.segment.commentId, start: 0 }
  const compare = (a: Coding, b: Coding) => {
    const [ka, kb] = [sortKey(a), sortKey(b)]
    return (
      ka.group - kb.group ||
      ka.thread.localeCompare(kb.thread) ||
      ka.start - kb.start ||
      a.createdAt - b.createdAt ||
      (paths.get(a.codeId) ?? '').localeCompare(paths.get(b.codeId) ?? '')
    )
  }
  const threadVideo = new Map(p.replySources.map((t) => [t.commentId, t.videoId]))
  const videoOf = ({ segment: s }: Coding) =>
    s.kind === 'cues' ? s.videoId : (s.videoId ?? threadVideo.get(s.parentId ?? s.commentId) ?? null)
  return [...p.codings].sort(compare).map((coding) => ({
    coding,
    videoId: videoOf(coding),
    code: names.get(coding.codeId) ?? coding.codeId,
    path: paths.get(coding.codeId) ?? coding.codeId,
  }))
}

export function writeCodingsCsv(p: CodingProject): ExportFile {
  return {
    name: codingFileName(p, 'codings', 'csv'),
    contentType: 'text/csv; charset=utf-8',
    body: toCsv(rows(p), CODING_COLUMNS),
  }
}

export function codingsCsvProvenance(p: CodingProject): ExportFile {
  const csvName = codingFileName(p, 'codings', 'csv')
  const written = rows(p)
  const provenance = {
    ...codingProvenanceHead(p, `Coding table of the collection "${p.collection.name}"`),
    describes: csvName,
    rows: written.length,
    videos: new Set(written.map((r) => r.videoId).filter(Boolean)).size,
    codes: p.codes.length,
    coders: [...new Set(written.map((r) => r.coding.coder))].sort(),
    columns: COLUMN_MEANINGS,
    notes: [
      'One row per coding: a moment coded with several codes is several rows sharing video, times and text.',
      'Transcript text is the cleaned caption text of the collection (entities decoded, rolling repeats removed, sound markers kept).',
    ],
  }
  return {
    name: csvName.replace(/\.csv$/, '.provenance.json'),
    contentType: 'application/json; charset=utf-8',
    body: `${JSON.stringify(provenance, null, 2)}\n`,
  }
}
