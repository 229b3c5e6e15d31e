/**
 * What the coding export writers take: a collection's codes, codings, transcripts and coded reply threads,
 * loaded by the routes, written by pure functions. Every writer returns whole files; none reads the database.
 */
import type { Code, Coding, CuesSegment, ReplySegment, TranscriptFormat } from '#contract/coding.ts'
import type { DataSource } from '../../exports/export-source.ts'

export type { Code, Coding, CuesSegment, ReplySegment, TranscriptFormat }

/** One cue of a video's collected corpus track (its cleaned text). */
type ProjectCue = { seq: number; start: number; duration: number; text: string }

export type ProjectVideo = {
  videoId: string
  title: string | null
  channelTitle: string | null
  publishedAt: string | null
  /** The platform's watch URL, `https://www.youtube.com/watch?v=<id>`. */
  url: string
  lang: string
  /** In seq order. */
  cues: ProjectCue[]
}

/** One reply (or the top-level comment) of a thread, as the thread viewer shows it. */
export type ReplyLine = {
  commentId: string
  author: string | null
  publishedAt: string | null
  text: string
}

/** One coded comment thread: its top-level comment's id, and its replies in order (at least every coded one). */
export type ReplySource = { commentId: string; videoId: string | null; lines: ReplyLine[] }

export type CodingProject = {
  collection: { id: string; name: string; description: string }
  source: DataSource
  exportedAt: Date
  /** Every code of the collection, any order (the tree is rebuilt from parentId and position). */
  codes: Code[]
  /** The collection's videos that have a collected track, in the collection's order. */
  videos: ProjectVideo[]
  replySources: ReplySource[]
  codings: Coding[]
}

/** A whole file a route sends as it is. */
export type ExportFile = {
  /** From the collection's name: `<collection>-<kind>-<day>.<ext>` (docs/decisions/0168). */
  name: string
  contentType: string
  body: Uint8Array | string
}

/** The platform's watch URL of a video (service-facts.md). */
export const watchUrl = (videoId: string): string =>
  `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`

/** The writers' signatures: each in its own module, all re-exported from ./index.ts. */
export type CodingWriters = {
  /** `project.qdpx`: the REFI-QDA project (project.qde + sources/<guid>.txt + provenance.json). */
  writeQdpx: (p: CodingProject) => Promise<ExportFile>
  /** `codebook.qdc`: the REFI-QDA codebook alone. */
  writeQdc: (p: CodingProject) => ExportFile
  /** `transcripts-<format>.zip`: one timestamped transcript per video, and a manifest. */
  writeTranscriptsZip: (p: CodingProject, format: TranscriptFormat) => Promise<ExportFile>
  /** `elan.zip`: one ELAN tab-delimited file per video (a transcript tier, one tier per code), and a manifest. */
  writeElanZip: (p: CodingProject) => Promise<ExportFile>
  /** `codings.csv`: one row per coding, through contract/csv-writer.ts. */
  writeCodingsCsv: (p: CodingProject) => ExportFile
  /** `codings.provenance.json`: the CSV's sidecar. */
  codingsCsvProvenance: (p: CodingProject) => ExportFile
}
