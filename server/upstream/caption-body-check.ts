/**
 * Is a caption answer the format it was asked in? A JSON body labelled text/vtt or an XML file cut off mid-way
 * is refused (502 upstream_invalid) before it is cached for days. `json` is checked by the contract's schema.
 * A paid call names its format (PaidCall.captionFormat); the spend layer's contract check applies this.
 * Cheap checks of the layout's signature, never a full parse: bodies run to megabytes.
 */
import type { CaptionFormat } from '#contract/index.ts'
import { ApiFailure } from '../errors.ts'

/** What is wrong with the body, or undefined when it is fine. */
type Check = (body: string) => string | undefined

const NAMES: Record<CaptionFormat, string> = {
  json: 'JSON',
  json3: 'json3',
  srt: 'SubRip',
  vtt: 'WebVTT',
  ttml: 'TTML',
  xml: 'transcript XML',
  srv1: 'srv1 XML',
  srv2: 'srv2 XML',
  srv3: 'srv3 XML',
  csv: 'CSV',
  text: 'plain text',
}

const LEADING = /^\uFEFF?\s*/
const withoutLead = (body: string) => body.replace(LEADING, '')
const blank = (body: string) => withoutLead(body) === ''

/** A JSON document (an object, or an array of objects or arrays, `[]` included): not a caption file of ours. */
function isJsonDocument(body: string): boolean {
  const first = withoutLead(body)[0]
  if (first !== '{' && first !== '[') return false
  try {
    const v: unknown = JSON.parse(body.replace(/^\uFEFF/, ''))
    return Array.isArray(v)
      ? v.every((x) => typeof x === 'object' && x !== null)
      : typeof v === 'object' && v !== null
  } catch {
    return false
  }
}

const XML_PROLOGUE = /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE[^>[]*>)\s*)*/
const ROOT_TAG = /^<(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)(?=[\s/>])[^>]*>/

/** XML whose root element is one of `roots` and which ends with that element (a cut-off file does not). */
function xmlWithRoot(roots: readonly string[]): Check {
  const wanted = roots.map((r) => `<${r}>`).join(' or ')
  return (body) => {
    const rest = body.slice(XML_PROLOGUE.exec(body)![0].length)
    const open = ROOT_TAG.exec(rest)
    if (!open) return `is not XML (expected ${wanted})`
    const root = open[1]!
    if (!roots.includes(root)) return `has the root element <${root}>, not ${wanted}`
    const selfClosed = open[0].endsWith('/>') && rest.slice(open[0].length).trim() === ''
    const closed = new RegExp(`</(?:[A-Za-z_][\\w.-]*:)?${root}\\s*>$`).test(rest.trimEnd().slice(-256))
    if (!selfClosed && !closed) return `is cut off before its closing </${root}>`
    return undefined
  }
}

/** Text layouts: an empty track may be an empty file; a JSON document is never one of them. */
function textLayout(rule: (body: string) => string | undefined): Check {
  return (body) => (blank(body) ? undefined : isJsonDocument(body) ? 'is JSON' : rule(body))
}

const TRANSCRIPT_ROOTS = ['transcript', 'timedtext'] as const

const CHECKS: Record<Exclude<CaptionFormat, 'json'>, Check> = {
  vtt: (body) =>
    /^WEBVTT(?:[ \t\r\n]|$)/.test(withoutLead(body))
      ? undefined
      : isJsonDocument(body)
        ? 'is JSON'
        : 'does not start with WEBVTT',
  srt: textLayout((body) =>
    /\d+:\d\d:\d\d,\d\d\d[ \t]*-->/.test(body)
      ? undefined
      : 'has no cue timing line (00:00:01,000 --> 00:00:02,000)',
  ),
  csv: textLayout((body) =>
    /^[^\r\n]*,/.test(withoutLead(body)) ? undefined : 'has no header line of comma-separated column names',
  ),
  text: textLayout(() => undefined),
  ttml: xmlWithRoot(['tt']),
  xml: xmlWithRoot(TRANSCRIPT_ROOTS),
  srv1: xmlWithRoot(TRANSCRIPT_ROOTS),
  srv2: xmlWithRoot(TRANSCRIPT_ROOTS),
  srv3: xmlWithRoot(TRANSCRIPT_ROOTS),
  json3: (body) => {
    let v: unknown
    try {
      v = JSON.parse(body.replace(/^\uFEFF/, ''))
    } catch {
      return 'is not valid JSON (cut off, or not JSON at all)'
    }
    const events =
      typeof v === 'object' && v !== null && !Array.isArray(v)
        ? (v as { events?: unknown }).events
        : undefined
    return Array.isArray(events) ? undefined : 'has no "events" array'
  },
}

/** The refusal for a caption body that is not laid out as `format`, or undefined when it is (`json` is left to the schema). */
export function captionBodyFailure(format: CaptionFormat, body: string): ApiFailure | undefined {
  if (format === 'json') return undefined
  const wrong = CHECKS[format](body)
  if (!wrong) return undefined
  return new ApiFailure(
    502,
    'upstream_invalid',
    `The data service's answer to format=${format} is not ${NAMES[format]}: it ${wrong}. Nothing was cached.`,
  )
}
