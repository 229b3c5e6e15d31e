/**
 * Test support: reads every caption format back into cues with independent, well-kept parsers
 * (fast-xml-parser, webvtt-parser, srt-parser-2, papaparse), so tests compare what a consumer would see.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import Papa from 'papaparse'
import SrtParser from 'srt-parser-2'
import webvtt, { type VttCue, type VttNode } from 'webvtt-parser'
import vttEntities from 'webvtt-parser/html-entities.json'
import type { CaptionFormat } from '#contract/index.ts'
import { decodeUntilStable } from '../captions/platform-escaping.ts'

/** A cue as read back: start in whole milliseconds (null when the format has no timings) and its text. */
export type ReadCue = { startMs: number | null; text: string }

/** The comparison rule: entities decoded until stable, whitespace (line breaks included) folded, trimmed. */
export function normaliseText(text: string): string {
  return decodeUntilStable(text).replace(/\s+/g, ' ').trim()
}

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => ['text', 'p', 's'].includes(name),
})
const orderedXmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  preserveOrder: true,
  trimValues: false,
  parseTagValue: false,
})

type XmlTextNode = { '#text'?: string; [attribute: string]: unknown }

export function xmlIsWellFormed(body: string): true | string {
  const result = XMLValidator.validate(body)
  return result === true ? true : `${result.err.code}: ${result.err.msg} (line ${result.err.line})`
}

function readTranscriptXml(
  body: string,
  root: 'transcript' | 'timedtext',
  startAttr: 'start' | 't',
): ReadCue[] {
  const doc = xmlParser.parse(body) as Record<string, { text?: XmlTextNode[] }>
  return (doc[root]?.text ?? []).map((node) => ({
    startMs: startAttr === 'start' ? Math.round(Number(node.start) * 1000) : Number(node.t),
    text: node['#text'] ?? '',
  }))
}

type Srv3Paragraph = XmlTextNode & { s?: XmlTextNode[] }

function readSrv3(body: string): ReadCue[] {
  const doc = xmlParser.parse(body) as { timedtext: { body: { p?: Srv3Paragraph[] } } }
  return (doc.timedtext.body.p ?? [])
    .filter((p) => p.a !== '1')
    .map((p) => ({
      startMs: Number(p.t),
      text: p.s ? p.s.map((s) => s['#text'] ?? '').join('') : (p['#text'] ?? ''),
    }))
}

type Json3 = { events: { tStartMs: number; aAppend?: number; segs?: { utf8: string }[] }[] }

function readJson3(body: string): ReadCue[] {
  const doc = JSON.parse(body) as Json3
  return doc.events
    .filter((event) => event.segs !== undefined && event.aAppend === undefined)
    .map((event) => ({ startMs: event.tStartMs, text: (event.segs ?? []).map((seg) => seg.utf8).join('') }))
}

type OrderedNode = {
  [name: string]: OrderedNode[] | string | Record<string, string> | undefined
  ':@'?: Record<string, string>
}

function readTtml(body: string): ReadCue[] {
  const cues: ReadCue[] = []
  const visit = (nodes: OrderedNode[]) => {
    for (const node of nodes) {
      const name = Object.keys(node).find((key) => key !== ':@')
      if (name === undefined) continue
      const children = node[name]
      if (name === 'p' && Array.isArray(children)) {
        const text = children
          .map((child) => (typeof child['#text'] === 'string' ? child['#text'] : 'br' in child ? '\n' : ''))
          .join('')
        cues.push({ startMs: clockToMs(node[':@']?.begin ?? ''), text })
      } else if (Array.isArray(children)) visit(children)
    }
  }
  visit(orderedXmlParser.parse(body) as OrderedNode[])
  return cues
}

function clockToMs(clock: string): number {
  const match = /^(\d+):(\d{2}):(\d{2})[.,](\d{3})$/.exec(clock)
  if (!match) throw new Error(`Not a clock time: "${clock}"`)
  const [, h, m, s, ms] = match
  return Number(h) * 3_600_000 + Number(m) * 60_000 + Number(s) * 1000 + Number(ms)
}

/** webvtt-parser with the full HTML entity table (its small default table mis-decodes `&amp;`). */
export function parseVtt(body: string) {
  return new webvtt.WebVTTParser(vttEntities as Record<string, string>).parse(body)
}

/** The text a WebVTT cue shows: text nodes concatenated, inline timestamps dropped. */
export function vttCueText(cue: VttCue): string {
  const collect = (nodes: VttNode[]): string =>
    nodes
      .map((node) =>
        node.type === 'text' ? node.value : node.type === 'object' ? collect(node.children) : '',
      )
      .join('')
  return collect(cue.tree.children)
}

/** Rolling (auto-generated) VTT: the cues that show a line being spoken, i.e. not the 10 ms hold cues. */
export function rollingMainCues(cues: VttCue[]): VttCue[] {
  return cues.filter((cue) => (vttCueText(cue).split('\n')[1] ?? '').trim() !== '')
}

function readVtt(body: string, rolling: boolean): ReadCue[] {
  const { cues } = parseVtt(body)
  const shown = rolling ? rollingMainCues(cues) : cues
  return shown.map((cue) => {
    const lines = vttCueText(cue).split('\n')
    return { startMs: Math.round(cue.startTime * 1000), text: rolling ? (lines[1] ?? '') : lines.join('\n') }
  })
}

function readSrt(body: string): ReadCue[] {
  return new SrtParser()
    .fromSrt(body)
    .map((line) => ({ startMs: Math.round(line.startSeconds * 1000), text: line.text }))
}

function readCsv(body: string): ReadCue[] {
  const parsed = Papa.parse<Record<string, string>>(body, { header: true, skipEmptyLines: true })
  if (parsed.errors.length > 0) throw new Error(`CSV errors: ${JSON.stringify(parsed.errors.slice(0, 3))}`)
  return parsed.data.map((row) => ({ startMs: Math.round(Number(row.start) * 1000), text: row.text ?? '' }))
}

function readText(body: string): ReadCue[] {
  return body
    .replace(/\n$/, '')
    .split('\n')
    .map((text) => ({ startMs: null, text }))
}

function readJson(body: string): ReadCue[] {
  return (JSON.parse(body) as { offset: number; text: string }[]).map((item) => ({
    startMs: Math.round(item.offset * 1000),
    text: item.text,
  }))
}

/** Reads `body` back with the format's own parser; `rolling` is true for auto-generated (asr) VTT. */
export function readCaptions(format: CaptionFormat, body: string, rolling = false): ReadCue[] {
  switch (format) {
    case 'json':
      return readJson(body)
    case 'text':
      return readText(body)
    case 'csv':
      return readCsv(body)
    case 'xml':
    case 'srv1':
      return readTranscriptXml(body, 'transcript', 'start')
    case 'srv2':
      return readTranscriptXml(body, 'timedtext', 't')
    case 'srv3':
      return readSrv3(body)
    case 'json3':
      return readJson3(body)
    case 'ttml':
      return readTtml(body)
    case 'vtt':
      return readVtt(body, rolling)
    case 'srt':
      return readSrt(body)
  }
}
