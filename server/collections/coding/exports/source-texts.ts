/**
 * The texts every export cites and where each coding lies in them: one transcript per video (its cleaned cues, one
 * line per cue, joined with '\n') and one text per coded comment thread (a line "author (publishedAt): text" per
 * reply). Ranges are UTF-16 indices here; the REFI-QDA writer converts them to code points.
 */
import type {
  Coding,
  CodingProject,
  CuesSegment,
  ProjectVideo,
  ReplyLine,
  ReplySegment,
} from './coding-project.ts'

type TranscriptSource = {
  kind: 'transcript'
  /** `video:<videoId>` */
  key: string
  video: ProjectVideo
  text: string
  /** seq → the UTF-16 index where its line starts. */
  lineStart: Map<number, number>
}

type ThreadSource = {
  kind: 'replies'
  /** `thread:<top-level comment id>` */
  key: string
  threadId: string
  videoId: string | null
  lines: ReplyLine[]
  text: string
}

export type SourceText = TranscriptSource | ThreadSource

/** A coding and the exact place of its text: `source.text.slice(start, end) === coding.segment.text`. */
export type PlacedCoding = { coding: Coding; source: SourceText; start: number; end: number }

/** A coding whose text is no longer where it was coded (its track was collected again, a cue is missing). */
export type UnplacedCoding = { coding: Coding; reason: string }

export type SourceTexts = {
  transcripts: TranscriptSource[]
  threads: ThreadSource[]
  placed: PlacedCoding[]
  unplaced: UnplacedCoding[]
}

function transcriptSource(video: ProjectVideo): TranscriptSource {
  const lineStart = new Map<number, number>()
  let at = 0
  for (const cue of video.cues) {
    lineStart.set(cue.seq, at)
    at += cue.text.length + 1
  }
  return {
    kind: 'transcript',
    key: `video:${video.videoId}`,
    video,
    text: video.cues.map((c) => c.text).join('\n'),
    lineStart,
  }
}

/** What a reply's line says before its text. */
function replyLinePrefix(line: Pick<ReplyLine, 'author' | 'publishedAt'>): string {
  return `${line.author ?? 'unknown author'}${line.publishedAt ? ` (${line.publishedAt})` : ''}: `
}

const threadIdOf = (s: ReplySegment): string => s.parentId ?? s.commentId

const sameLine = (a: ReplyLine, s: ReplySegment) => a.commentId === s.commentId && a.text === s.text

/**
 * A thread's lines: those the routes loaded, then every coded reply not among them (the top-level comment first,
 * then by time): a coded reply is always in its thread's text exactly as it was coded.
 */
function threadLines(
  given: readonly ReplyLine[],
  coded: readonly ReplySegment[],
  threadId: string,
): ReplyLine[] {
  const lines = [...given]
  const missing: ReplyLine[] = []
  for (const s of coded) {
    if (lines.some((l) => sameLine(l, s)) || missing.some((l) => sameLine(l, s))) continue
    missing.push({ commentId: s.commentId, author: s.author, publishedAt: s.publishedAt, text: s.text })
  }
  const rank = (l: ReplyLine) => (l.commentId === threadId ? 0 : 1)
  missing.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.publishedAt ?? '').localeCompare(b.publishedAt ?? '') ||
      a.commentId.localeCompare(b.commentId),
  )
  return [...lines, ...missing]
}

function threadSources(p: CodingProject): ThreadSource[] {
  const coded = new Map<string, ReplySegment[]>()
  for (const c of p.codings) {
    if (c.segment.kind !== 'reply') continue
    const id = threadIdOf(c.segment)
    coded
      .set(id, coded.get(id) ?? [])
      .get(id)!
      .push(c.segment)
  }
  const given = new Map(p.replySources.map((r) => [r.commentId, r]))
  return [...coded.entries()].map(([threadId, segments]) => {
    const lines = threadLines(given.get(threadId)?.lines ?? [], segments, threadId)
    return {
      kind: 'replies',
      key: `thread:${threadId}`,
      threadId,
      videoId: given.get(threadId)?.videoId ?? segments.find((s) => s.videoId)?.videoId ?? null,
      lines,
      text: lines.map((l) => `${replyLinePrefix(l)}${l.text}`).join('\n'),
    }
  })
}

function placeCues(
  s: CuesSegment,
  source: TranscriptSource | undefined,
): Omit<PlacedCoding, 'coding'> | string {
  if (!source) return `the video ${s.videoId} has no collected transcript in this collection`
  const start = source.lineStart.get(s.firstSeq)
  const last = source.video.cues.find((c) => c.seq === s.lastSeq)
  const lastStart = source.lineStart.get(s.lastSeq)
  if (start === undefined || !last || lastStart === undefined)
    return `cues ${s.firstSeq}–${s.lastSeq} are not in the collected track of ${s.videoId}`
  const end = lastStart + last.text.length
  if (source.text.slice(start, end) !== s.text)
    return `the text of cues ${s.firstSeq}–${s.lastSeq} of ${s.videoId} has changed since it was coded`
  return { source, start, end }
}

function placeReply(s: ReplySegment, source: ThreadSource): Omit<PlacedCoding, 'coding'> {
  let at = 0
  for (const line of source.lines) {
    const textAt = at + replyLinePrefix(line).length
    if (sameLine(line, s)) return { source, start: textAt, end: textAt + s.text.length }
    at = textAt + line.text.length + 1
  }
  // threadLines puts every coded reply in its thread.
  throw new Error(`The reply ${s.commentId} is missing from its thread's text.`)
}

export function sourceTexts(p: CodingProject): SourceTexts {
  const transcripts = p.videos.map(transcriptSource)
  const threads = threadSources(p)
  const byKey = new Map<string, SourceText>([...transcripts, ...threads].map((s) => [s.key, s]))
  const placed: PlacedCoding[] = []
  const unplaced: UnplacedCoding[] = []
  const codeIds = new Set(p.codes.map((c) => c.id))
  for (const coding of p.codings) {
    const s = coding.segment
    const where = !codeIds.has(coding.codeId)
      ? `its code ${coding.codeId} is not in the codebook`
      : s.kind === 'cues'
        ? placeCues(s, byKey.get(`video:${s.videoId}`) as TranscriptSource | undefined)
        : placeReply(s, byKey.get(`thread:${threadIdOf(s)}`) as ThreadSource)
    if (typeof where === 'string') unplaced.push({ coding, reason: where })
    else placed.push({ coding, ...where })
  }
  return { transcripts, threads, placed, unplaced }
}

/**
 * UTF-16 index → Unicode code point index (REFI-QDA counts characters as code points), for many indices of one
 * text: the prefix counts are built once, on first use, so a transcript with thousands of codings is read once.
 */
export function codePointCounter(text: string): (utf16: number) => number {
  let prefix: Uint32Array | undefined
  return (utf16) => {
    if (!prefix) {
      prefix = new Uint32Array(text.length + 1)
      for (let i = 0; i < text.length; i++) {
        const unit = text.charCodeAt(i)
        // The low half of a surrogate pair is not a character of its own.
        const low = unit >= 0xdc00 && unit <= 0xdfff && i > 0 && isHigh(text.charCodeAt(i - 1))
        prefix[i + 1] = prefix[i]! + (low ? 0 : 1)
      }
    }
    return prefix[utf16]!
  }
}

const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff
