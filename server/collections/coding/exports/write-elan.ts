/**
 * ELAN tab-delimited text, one file per video (docs/decisions/0167): `tier<TAB>begin<TAB>end<TAB>annotation`, times
 * in seconds with milliseconds (`83.400`, ELAN's `ss.msec`), no header row; a `transcript` tier with every cue and a
 * tier per code (its path) with every coded moment, overlapping moments of one code on `<path> (2)`, `(3)`…
 */
import type { Coding, CodingProject, CuesSegment, ExportFile, ProjectVideo } from './coding-project.ts'
import { codePaths } from './code-tree.ts'
import { codingFileName, codingProvenanceHead, TRANSCRIPT_NOTE } from './export-files.ts'
import { secondsMs, toMs } from './moments.ts'
import { rowText, timedLines } from './transcript-lines.ts'
import { jsonFile, zipBytes } from './zip-files.ts'

const TRANSCRIPT_TIER = 'transcript'

type ElanRow = { tier: string; beginMs: number; endMs: number; annotation: string }

type CuesCoding = Coding & { segment: CuesSegment }

const isCues = (c: Coding): c is CuesCoding => c.segment.kind === 'cues'

/** ELAN keeps a tier's annotations apart: overlapping moments of one code go to the first lane where they fit. */
function lanes<T extends { beginMs: number; endMs: number }>(items: T[]): T[][] {
  const out: T[][] = []
  for (const item of [...items].sort((a, b) => a.beginMs - b.beginMs || a.endMs - b.endMs)) {
    const lane = out.find((l) => l.at(-1)!.endMs <= item.beginMs)
    if (lane) lane.push(item)
    else out.push([item])
  }
  return out
}

function codeRows(p: CodingProject, codings: readonly CuesCoding[], paths: Map<string, string>): ElanRow[] {
  const names = new Map(p.codes.map((k) => [k.id, k.name]))
  const byPath = new Map<string, ElanRow[]>()
  for (const c of codings) {
    const path = paths.get(c.codeId)
    if (!path) continue
    const name = names.get(c.codeId)!
    const beginMs = toMs(c.segment.start)
    byPath.set(path, [
      ...(byPath.get(path) ?? []),
      {
        tier: path,
        beginMs,
        endMs: Math.max(toMs(c.segment.end), beginMs + 1),
        annotation: rowText(c.memo ? `${name}: ${c.memo}` : name),
      },
    ])
  }
  return [...byPath.keys()]
    .sort()
    .flatMap((path) =>
      lanes(byPath.get(path)!).flatMap((lane, i) =>
        lane.map((r) => ({ ...r, tier: i === 0 ? path : `${path} (${i + 1})` })),
      ),
    )
}

/** The cues codings of each video, grouped once. */
function codingsByVideo(p: CodingProject): Map<string, CuesCoding[]> {
  const byVideo = new Map<string, CuesCoding[]>()
  for (const c of p.codings.filter(isCues)) {
    const id = c.segment.videoId
    byVideo
      .set(id, byVideo.get(id) ?? [])
      .get(id)!
      .push(c)
  }
  return byVideo
}

function elanRows(
  p: CodingProject,
  video: ProjectVideo,
  paths = codePaths(p.codes),
  byVideo = codingsByVideo(p),
): ElanRow[] {
  const transcript = timedLines(video).map((l) => ({
    tier: TRANSCRIPT_TIER,
    beginMs: l.startMs,
    endMs: l.endMs,
    annotation: l.text,
  }))
  return [...transcript, ...codeRows(p, byVideo.get(video.videoId) ?? [], paths)]
}

function elanFile(rows: readonly ElanRow[]): string {
  return rows
    .map(
      (r) =>
        `${r.tier.replace(/\t/g, ' ')}\t${secondsMs(r.beginMs)}\t${secondsMs(r.endMs)}\t${r.annotation}\n`,
    )
    .join('')
}

const elanPath = (video: ProjectVideo): string => `${video.videoId}.elan.txt`

function manifest(p: CodingProject, paths: Map<string, string>) {
  return {
    ...codingProvenanceHead(
      p,
      `ELAN tab-delimited transcripts and codes of the collection "${p.collection.name}"`,
    ),
    kind: 'poix-elan-tab-delimited',
    columns: ['tier', 'begin time (ss.msec)', 'end time (ss.msec)', 'annotation'],
    howToImport:
      'ELAN: File > Import > CSV / Tab-delimited Text…, choose the file; first row of data 1, delimiter tab; column 1 Tier, 2 Begin Time, 3 End Time, 4 Annotation. Link the video in Edit > Linked Files.',
    tiers: `"${TRANSCRIPT_TIER}": every cue, from its start to its end or the next cue's start. One tier per code, named by its path ("Parent / Child"): every coded moment, annotated with the code's name and the memo; moments of one code that overlap go to "<path> (2)", "(3)"…`,
    text: `${TRANSCRIPT_NOTE} Line breaks and tabs inside a text are written as spaces.`,
    encoding: 'UTF-8 without a byte order mark, LF line ends',
    codes: [...paths.values()].sort(),
    files: p.videos.length,
    videos: p.videos.map((v) => ({
      videoId: v.videoId,
      title: v.title,
      url: v.url,
      lang: v.lang,
      file: elanPath(v),
    })),
  }
}

export async function writeElanZip(p: CodingProject): Promise<ExportFile> {
  const paths = codePaths(p.codes)
  const byVideo = codingsByVideo(p)
  const body = await zipBytes(
    [
      jsonFile('manifest.json', manifest(p, paths)),
      ...p.videos.map((v) => ({ name: elanPath(v), input: elanFile(elanRows(p, v, paths, byVideo)) })),
    ],
    p.exportedAt,
  )
  return { name: codingFileName(p, 'elan', 'zip'), contentType: 'application/zip', body }
}
