/**
 * The REFI-QDA project (`.qdpx`, docs/decisions/0166): `project.qde` (`urn:QDA-XML:project:1.0`) with the coders as
 * users, the code tree, one text source per transcript and per coded comment thread (`sources/<guid>.txt`), one
 * selection per coded range (character positions in code points, end exclusive) holding one coding per code, each
 * memo a note; and `provenance.json`.
 */
import { APP_VERSION } from '#server/config.ts'
import { codePaths } from './code-tree.ts'
import type { Coding, CodingProject, ExportFile } from './coding-project.ts'
import { codingFileName, codingProvenanceHead, TRANSCRIPT_NOTE } from './export-files.ts'
import { guidFor, ownGuid } from './guid.ts'
import { commentUrl, hms, isoTime, momentUrl, toMs } from './moments.ts'
import { buildXml, codeGuid, codesElement, xmlText, type XmlNode } from './qda-xml.ts'
import {
  codePointCounter,
  sourceTexts,
  type PlacedCoding,
  type SourceText,
  type SourceTexts,
  type UnplacedCoding,
} from './source-texts.ts'
import { jsonFile, zipBytes } from './zip-files.ts'

const PROJECT_NAMESPACE = 'urn:QDA-XML:project:1.0'

/** The user who brought the transcripts into the project: the dashboard, not a coder. */
const EXPORTER_NAME = 'Poix Research Dashboard (export)'

type Ctx = {
  p: CodingProject
  at: string
  userGuid: (coder: string) => string
  paths: Map<string, string>
  /** Each source's UTF-16 → code point conversion, built once. */
  points: (s: SourceText) => (utf16: number) => number
}

const sourceGuid = (p: CodingProject, s: SourceText) => guidFor(p.collection.id, 'source', s.key)
const noteGuid = (p: CodingProject, c: Coding) => guidFor(p.collection.id, 'memo', c.id)

const lines = (...parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join('\n')

function sourceDescription(ctx: Ctx, s: SourceText): string {
  const { p } = ctx
  const cite = `Collection: ${p.collection.name} (${p.collection.id})\nData source: ${p.source.url ?? p.source.name}`
  if (s.kind === 'transcript') {
    const v = s.video
    return lines(
      `Video: ${v.title ?? v.videoId}`,
      `URL: ${v.url}`,
      v.channelTitle && `Channel: ${v.channelTitle}`,
      v.publishedAt && `Published: ${v.publishedAt}`,
      `Language: ${v.lang}`,
      `Cues: ${v.cues.length}, one line each. ${TRANSCRIPT_NOTE}`,
      cite,
    )
  }
  return lines(
    `Comment thread ${s.threadId}: the coded replies, one line each ("author (published): text").`,
    s.videoId && `URL: ${commentUrl(s.videoId, s.threadId)}`,
    cite,
  )
}

function sourceName(s: SourceText): string {
  if (s.kind === 'replies') return `Replies ${s.threadId}`
  return s.video.title ? `${s.video.title} [${s.video.videoId}]` : s.video.videoId
}

function selectionName(c: Coding): string {
  const s = c.segment
  if (s.kind === 'reply') return `Reply ${s.commentId}`
  return `${hms(toMs(s.start))}–${hms(toMs(s.end))}`
}

function memoLine(ctx: Ctx, c: Coding): string | false {
  return c.memo.length > 0 && `Memo by ${c.coder} (${ctx.paths.get(c.codeId) ?? c.codeId}): ${c.memo}`
}

function selectionDescription(ctx: Ctx, group: PlacedCoding[]): string {
  const s = group[0]!.coding.segment
  const where =
    s.kind === 'cues'
      ? lines(
          `Moment: ${hms(toMs(s.start))} – ${hms(toMs(s.end))} (${toMs(s.start) / 1000} s – ${toMs(s.end) / 1000} s, cues ${s.firstSeq}–${s.lastSeq})`,
          `URL: ${momentUrl(s.videoId, s.start)}`,
        )
      : lines(
          `Reply ${s.commentId} by ${s.author ?? 'unknown author'}${s.publishedAt ? ` (${s.publishedAt})` : ''}`,
          s.videoId && `URL: ${commentUrl(s.videoId, s.commentId)}`,
        )
  return lines(where, ...group.map((g) => memoLine(ctx, g.coding)))
}

const earliest = (group: PlacedCoding[]) =>
  [...group].sort((a, b) => a.coding.createdAt - b.coding.createdAt)[0]!.coding

function selectionElement(ctx: Ctx, group: PlacedCoding[]): XmlNode {
  const { p } = ctx
  const first = earliest(group)
  const { source, start, end } = group[0]!
  return {
    '@_guid': guidFor(p.collection.id, 'selection', `${source.key}\u0000${start}\u0000${end}`),
    '@_name': xmlText(selectionName(first)),
    '@_startPosition': ctx.points(source)(start),
    '@_endPosition': ctx.points(source)(end),
    '@_creatingUser': ctx.userGuid(first.coder),
    '@_creationDateTime': isoTime(first.createdAt),
    Description: xmlText(selectionDescription(ctx, group)),
    Coding: group.map(({ coding }) => ({
      '@_guid': ownGuid(p.collection.id, 'coding', coding.id),
      '@_creatingUser': ctx.userGuid(coding.coder),
      '@_creationDateTime': isoTime(coding.createdAt),
      CodeRef: { '@_targetGUID': codeGuid(p.collection.id, coding.codeId) },
      ...(coding.memo ? { NoteRef: { '@_targetGUID': noteGuid(p, coding) } } : {}),
    })),
  }
}

/** Each source's codings grouped by range, in text order: several codes on one range share a selection. */
function selectionGroups(placed: readonly PlacedCoding[]): Map<SourceText, PlacedCoding[][]> {
  const bySource = new Map<SourceText, Map<string, PlacedCoding[]>>()
  for (const pc of placed) {
    const ranges = bySource.get(pc.source) ?? new Map<string, PlacedCoding[]>()
    bySource.set(pc.source, ranges)
    const key = `${pc.start}:${pc.end}`
    ranges
      .set(key, ranges.get(key) ?? [])
      .get(key)!
      .push(pc)
  }
  return new Map(
    [...bySource].map(([s, ranges]) => [
      s,
      [...ranges.values()].sort((a, b) => a[0]!.start - b[0]!.start || a[0]!.end - b[0]!.end),
    ]),
  )
}

function sourceElement(ctx: Ctx, groups: PlacedCoding[][], s: SourceText): XmlNode {
  const guid = sourceGuid(ctx.p, s)
  const selections = groups.map((g) => selectionElement(ctx, g))
  return {
    '@_guid': guid,
    '@_name': xmlText(sourceName(s)),
    '@_plainTextPath': `internal://${guid}.txt`,
    '@_creatingUser': ctx.userGuid(EXPORTER_NAME),
    '@_creationDateTime': ctx.at,
    Description: xmlText(sourceDescription(ctx, s)),
    ...(selections.length ? { PlainTextSelection: selections } : {}),
  }
}

function noteElement(ctx: Ctx, c: Coding): XmlNode {
  return {
    '@_guid': noteGuid(ctx.p, c),
    '@_name': xmlText(`Memo: ${ctx.paths.get(c.codeId) ?? c.codeId}, ${selectionName(c)}`),
    '@_creatingUser': ctx.userGuid(c.coder),
    '@_creationDateTime': isoTime(c.updatedAt),
    PlainTextContent: xmlText(c.memo),
  }
}

const unplacedLine = (u: UnplacedCoding) => `coding ${u.coding.id}: ${u.reason}`

function projectDescription(p: CodingProject, texts: SourceTexts): string {
  return lines(
    `Exported by the Poix Research Dashboard ${APP_VERSION} on ${p.exportedAt.toISOString()} from the collection "${p.collection.name}" (${p.collection.id}).`,
    p.collection.description,
    `Data source: ${p.source.url ?? p.source.name} (${p.source.kind}).`,
    TRANSCRIPT_NOTE,
    `Codings: ${texts.placed.length}; transcripts: ${texts.transcripts.length}; comment threads: ${texts.threads.length}. Selection positions count Unicode code points from 0, the end excluded.`,
    texts.unplaced.length > 0 &&
      `Codings not exported, each with its reason:\n${texts.unplaced.map(unplacedLine).join('\n')}`,
  )
}

function projectQde(p: CodingProject, texts: SourceTexts = sourceTexts(p)): string {
  const coders = [...new Set(texts.placed.map((pc) => pc.coding.coder))].sort()
  const users = [EXPORTER_NAME, ...coders.filter((c) => c !== EXPORTER_NAME)]
  const userGuids = new Map(users.map((u) => [u, guidFor(p.collection.id, 'user', u)]))
  const counters = new Map<SourceText, (utf16: number) => number>()
  const ctx: Ctx = {
    p,
    at: p.exportedAt.toISOString(),
    userGuid: (name) => userGuids.get(name)!,
    paths: codePaths(p.codes),
    points: (s) => counters.get(s) ?? counters.set(s, codePointCounter(s.text)).get(s)!,
  }
  const groups = selectionGroups(texts.placed)
  const sources = [...texts.transcripts, ...texts.threads]
  const memos = texts.placed.filter((pc) => pc.coding.memo).map((pc) => noteElement(ctx, pc.coding))
  const codes = codesElement(p.collection.id, p.codes)
  return buildXml({
    Project: {
      '@_xmlns': PROJECT_NAMESPACE,
      '@_name': xmlText(p.collection.name),
      '@_origin': `Poix Research Dashboard ${APP_VERSION}`,
      '@_creatingUserGUID': ctx.userGuid(EXPORTER_NAME),
      '@_creationDateTime': ctx.at,
      Users: { User: users.map((u) => ({ '@_guid': userGuids.get(u), '@_name': xmlText(u) })) },
      ...(codes ? { CodeBook: { Codes: codes } } : {}),
      ...(sources.length
        ? { Sources: { TextSource: sources.map((s) => sourceElement(ctx, groups.get(s) ?? [], s)) } }
        : {}),
      ...(memos.length ? { Notes: { Note: memos } } : {}),
      Description: xmlText(projectDescription(p, texts)),
    },
  })
}

function provenance(p: CodingProject, texts: SourceTexts) {
  return {
    ...codingProvenanceHead(p, `REFI-QDA project of the collection "${p.collection.name}"`),
    kind: 'poix-refi-qda-project',
    standard: 'REFI-QDA Project Exchange 1.0 (urn:QDA-XML:project:1.0)',
    positions:
      'PlainTextSelection startPosition/endPosition count Unicode code points from 0; endPosition is excluded.',
    transcripts: TRANSCRIPT_NOTE,
    sources: [...texts.transcripts, ...texts.threads].map((s) => ({
      guid: sourceGuid(p, s),
      file: `sources/${sourceGuid(p, s)}.txt`,
      ...(s.kind === 'transcript'
        ? {
            kind: 'transcript',
            videoId: s.video.videoId,
            url: s.video.url,
            lang: s.video.lang,
            cues: s.video.cues.length,
          }
        : { kind: 'comment-thread', threadId: s.threadId, videoId: s.videoId, replies: s.lines.length }),
    })),
    codes: p.codes.length,
    codings: texts.placed.length,
    notExported: texts.unplaced.map((u) => ({ codingId: u.coding.id, reason: u.reason })),
  }
}

export async function writeQdpx(p: CodingProject): Promise<ExportFile> {
  const texts = sourceTexts(p)
  const sources = [...texts.transcripts, ...texts.threads].map((s) => ({
    name: `sources/${sourceGuid(p, s)}.txt`,
    input: s.text,
  }))
  const body = await zipBytes(
    [
      { name: 'project.qde', input: projectQde(p, texts) },
      ...sources,
      jsonFile('provenance.json', provenance(p, texts)),
    ],
    p.exportedAt,
  )
  return { name: codingFileName(p, 'project', 'qdpx'), contentType: 'application/zip', body }
}
