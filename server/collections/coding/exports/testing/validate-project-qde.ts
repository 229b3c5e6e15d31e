/**
 * Test helper (never imported by production code): checks a REFI-QDA `project.qde` against the structure the
 * Project Exchange standard 1.0 (Project.xsd, `urn:QDA-XML:project:1.0`) defines, for the parts the dashboard
 * writes: well-formed XML (fast-xml-parser's validator), the root and its namespace, each element's children in the
 * schema's order, required attributes and their types (GUIDType, xsd:dateTime, xsd:integer, xsd:boolean, RGBType),
 * GUIDs unique, every CodeRef / NoteRef / creatingUser pointing at a defined code / note / user, each text source
 * either inline or at a file of the archive, and every selection's range inside its source (code points, end
 * excluded). It returns the selections' texts, so a test can check each covers exactly what was coded.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser'

const PROJECT_NS = 'urn:QDA-XML:project:1.0'

const GUID =
  /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|\{[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\})$/
const DATE_TIME = /^-?\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})?$/
const INTEGER = /^[+-]?\d+$/
const BOOLEAN = /^(?:true|false|1|0)$/
const RGB = /^#(?:[A-Fa-f0-9]{6}|[A-Fa-f0-9]{3})$/

type AttrType = 'guid' | 'string' | 'dateTime' | 'integer' | 'boolean' | 'rgb'
type Rule = {
  /** Children in the schema's sequence order; `*` = any number, `?` = at most one, `+` = at least one, none = exactly one. */
  children: string[]
  attrs: Record<string, AttrType>
  required: string[]
}

const AUDIT = {
  creatingUser: 'guid',
  creationDateTime: 'dateTime',
  modifyingUser: 'guid',
  modifiedDateTime: 'dateTime',
} as const
const TEXT_SOURCE: Rule = {
  children: [
    'Description?',
    'PlainTextContent?',
    'PlainTextSelection*',
    'Coding*',
    'NoteRef*',
    'VariableValue*',
  ],
  attrs: { guid: 'guid', name: 'string', richTextPath: 'string', plainTextPath: 'string', ...AUDIT },
  required: ['guid'],
}
const REF: Rule = { children: [], attrs: { targetGUID: 'guid' }, required: ['targetGUID'] }
const TEXT: Rule = { children: [], attrs: {}, required: [] }
/** Elements the dashboard never writes but the schema allows: accepted, their insides not checked. */
const OPAQUE = new Set([
  'Variables',
  'Cases',
  'Links',
  'Sets',
  'Graphs',
  'VariableValue',
  'PictureSource',
  'PDFSource',
  'AudioSource',
  'VideoSource',
])

const RULES: Record<string, Rule> = {
  Project: {
    children: [
      'Users?',
      'CodeBook?',
      'Variables?',
      'Cases?',
      'Sources?',
      'Notes?',
      'Links?',
      'Sets?',
      'Graphs?',
      'Description?',
      'NoteRef*',
    ],
    attrs: {
      xmlns: 'string',
      name: 'string',
      origin: 'string',
      creatingUserGUID: 'guid',
      creationDateTime: 'dateTime',
      modifyingUserGUID: 'guid',
      modifiedDateTime: 'dateTime',
      basePath: 'string',
    },
    required: ['name'],
  },
  Users: { children: ['User+'], attrs: {}, required: [] },
  User: { children: [], attrs: { guid: 'guid', name: 'string', id: 'string' }, required: ['guid'] },
  CodeBook: { children: ['Codes'], attrs: {}, required: [] },
  Codes: { children: ['Code+'], attrs: {}, required: [] },
  Code: {
    children: ['Description?', 'NoteRef*', 'Code*'],
    attrs: { guid: 'guid', name: 'string', isCodable: 'boolean', color: 'rgb' },
    required: ['guid', 'name', 'isCodable'],
  },
  Sources: {
    children: ['TextSource|PictureSource|PDFSource|AudioSource|VideoSource+'],
    attrs: {},
    required: [],
  },
  TextSource: TEXT_SOURCE,
  Note: TEXT_SOURCE,
  PlainTextSelection: {
    children: ['Description?', 'Coding*', 'NoteRef*'],
    attrs: { guid: 'guid', name: 'string', startPosition: 'integer', endPosition: 'integer', ...AUDIT },
    required: ['guid', 'startPosition', 'endPosition'],
  },
  Coding: {
    children: ['CodeRef', 'NoteRef*'],
    attrs: { guid: 'guid', creatingUser: 'guid', creationDateTime: 'dateTime' },
    required: ['guid'],
  },
  Notes: { children: ['Note+'], attrs: {}, required: [] },
  CodeRef: REF,
  NoteRef: REF,
  Description: TEXT,
  PlainTextContent: TEXT,
}

/** A node of fast-xml-parser's ordered output. */
type Ordered = Record<string, unknown> & { ':@'?: Record<string, string> }
type El = { tag: string; attrs: Record<string, string>; children: El[]; text: string; path: string }

type SelectionText = {
  guid: string
  sourceGuid: string
  startPosition: number
  endPosition: number
  /** The source's characters in the range (code points), or null when the range or source is wrong. */
  text: string | null
  codeGuids: string[]
}

export type QdeReport = { problems: string[]; selections: SelectionText[] }

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
})

function toEl(node: Ordered, path: string): El | null {
  const tag = Object.keys(node).find((k) => k !== ':@')!
  if (tag === '#text' || tag === '?xml') return null
  const raw = (node[tag] as Ordered[]) ?? []
  const here = `${path}/${tag}`
  return {
    tag,
    attrs: node[':@'] ?? {},
    children: raw.map((n) => toEl(n, here)).filter((e): e is El => e !== null),
    text: raw.map((n) => (typeof n['#text'] === 'string' ? n['#text'] : '')).join(''),
    path: here,
  }
}

function checkAttrs(el: El, rule: Rule, problems: string[]) {
  for (const name of rule.required)
    if (el.attrs[name] === undefined) problems.push(`${el.path}: the required attribute ${name} is missing`)
  for (const [name, value] of Object.entries(el.attrs)) {
    const type = rule.attrs[name]
    if (!type) problems.push(`${el.path}: the attribute ${name} is not in the schema`)
    const pattern = {
      guid: GUID,
      dateTime: DATE_TIME,
      integer: INTEGER,
      boolean: BOOLEAN,
      rgb: RGB,
      string: null,
    }[type ?? 'string']
    if (pattern && !pattern.test(value))
      problems.push(`${el.path}: ${name}="${value}" is not a valid ${type}`)
  }
}

/** Children against the sequence: each in order, counts within their bounds, nothing else. */
function checkChildren(el: El, rule: Rule, problems: string[]) {
  let i = 0
  for (const slot of rule.children) {
    const bound = /[?*+]$/.exec(slot)?.[0] ?? ''
    const names = slot.replace(/[?*+]$/, '').split('|')
    let n = 0
    while (
      i < el.children.length &&
      names.includes(el.children[i]!.tag) &&
      (n === 0 || bound === '*' || bound === '+')
    ) {
      n++
      i++
    }
    if (n === 0 && (bound === '' || bound === '+'))
      problems.push(`${el.path}: the required element ${names.join(' or ')} is missing`)
  }
  if (i < el.children.length)
    problems.push(
      `${el.path}: the element ${el.children[i]!.tag} is not allowed there (schema order: ${rule.children.join(', ')})`,
    )
}

function walk(el: El, visit: (el: El) => void) {
  visit(el)
  if (!OPAQUE.has(el.tag)) for (const c of el.children) walk(c, visit)
}

const codePoints = (s: string) => [...s]

const norm = (g: string | undefined): string => g?.replace(/[{}]/g, '').toLowerCase() ?? ''

/** `sources` maps the archive's file names (`sources/<guid>.txt`) to their text. */
export function validateProjectQde(xml: string, sources: Readonly<Record<string, string>> = {}): QdeReport {
  const problems: string[] = []
  const valid = XMLValidator.validate(xml)
  if (valid !== true)
    return { problems: [`not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`], selections: [] }
  const roots = (parser.parse(xml) as Ordered[]).map((n) => toEl(n, '')).filter((e): e is El => e !== null)
  if (roots.length !== 1 || roots[0]!.tag !== 'Project')
    return {
      problems: [`the root element must be one Project, not ${roots.map((r) => r.tag).join(', ')}`],
      selections: [],
    }
  const root = roots[0]!
  if (root.attrs.xmlns !== PROJECT_NS)
    problems.push(`/Project: the namespace must be ${PROJECT_NS}, not ${root.attrs.xmlns}`)

  const guids = new Map<string, string>()
  const kinds = { User: new Set<string>(), Code: new Set<string>(), Note: new Set<string>() }
  walk(root, (el) => {
    const rule = RULES[el.tag]
    if (!rule) {
      if (!OPAQUE.has(el.tag)) problems.push(`${el.path}: the element ${el.tag} is not in the schema`)
      return
    }
    checkAttrs(el, rule, problems)
    checkChildren(el, rule, problems)
    const guid = el.attrs.guid === undefined ? undefined : norm(el.attrs.guid)
    if (guid) {
      if (guids.has(guid))
        problems.push(`${el.path}: the GUID ${el.attrs.guid} is already used by ${guids.get(guid)}`)
      else guids.set(guid, el.path)
      if (el.tag in kinds) kinds[el.tag as keyof typeof kinds].add(guid)
    }
  })

  const selections: SelectionText[] = []
  walk(root, (el) => {
    for (const attr of ['creatingUser', 'modifyingUser', 'creatingUserGUID', 'modifyingUserGUID'])
      if (el.attrs[attr] !== undefined && !kinds.User.has(norm(el.attrs[attr])))
        problems.push(`${el.path}: ${attr}="${el.attrs[attr]}" names no User`)
    if (el.tag === 'CodeRef' && !kinds.Code.has(norm(el.attrs.targetGUID)))
      problems.push(`${el.path}: CodeRef targetGUID="${el.attrs.targetGUID}" names no Code`)
    if (el.tag === 'NoteRef' && !kinds.Note.has(norm(el.attrs.targetGUID)))
      problems.push(`${el.path}: NoteRef targetGUID="${el.attrs.targetGUID}" names no Note`)
    if (el.tag === 'TextSource' || el.tag === 'Note')
      selections.push(...checkTextSource(el, sources, problems))
  })
  return { problems, selections }
}

function sourceText(el: El, sources: Readonly<Record<string, string>>, problems: string[]): string | null {
  const inline = el.children.find((c) => c.tag === 'PlainTextContent')
  const path = el.attrs.plainTextPath
  if (inline && path !== undefined)
    problems.push(`${el.path}: both PlainTextContent and plainTextPath (the schema allows one)`)
  if (inline) return inline.text
  if (path === undefined) {
    problems.push(`${el.path}: neither PlainTextContent nor plainTextPath`)
    return null
  }
  const file = path.startsWith('internal://') ? `sources/${path.slice('internal://'.length)}` : null
  if (file === null) {
    problems.push(`${el.path}: plainTextPath "${path}" is not inside the archive (internal://)`)
    return null
  }
  if (!Object.hasOwn(sources, file)) {
    problems.push(`${el.path}: plainTextPath "${path}" names no file of the archive (${file})`)
    return null
  }
  return sources[file]!
}

function checkTextSource(
  el: El,
  sources: Readonly<Record<string, string>>,
  problems: string[],
): SelectionText[] {
  const text = sourceText(el, sources, problems)
  const points = text === null ? null : codePoints(text)
  return el.children
    .filter((c) => c.tag === 'PlainTextSelection')
    .map((sel) => {
      const start = Number(sel.attrs.startPosition)
      const end = Number(sel.attrs.endPosition)
      let inside = points !== null && Number.isInteger(start) && Number.isInteger(end)
      if (inside && !(start >= 0 && start <= end && end <= points!.length)) {
        problems.push(
          `${sel.path}: the range ${start}–${end} is not inside its source's ${points!.length} characters`,
        )
        inside = false
      }
      return {
        guid: sel.attrs.guid ?? '',
        sourceGuid: el.attrs.guid ?? '',
        startPosition: start,
        endPosition: end,
        text: inside ? points!.slice(start, end).join('') : null,
        codeGuids: sel.children
          .filter((c) => c.tag === 'Coding')
          .flatMap((c) => c.children.filter((r) => r.tag === 'CodeRef').map((r) => norm(r.attrs.targetGUID))),
      }
    })
}

/** A coding as a test knows it: the text it coded and its code's GUID. */
export type ExpectedCoding = { text: string; codeGuid: string; label?: string }

/** The codings no selection covers exactly: same text, code among the selection's codings. */
export function uncoveredCodings(report: QdeReport, expected: readonly ExpectedCoding[]): string[] {
  return expected
    .filter(
      (e) => !report.selections.some((s) => s.text === e.text && s.codeGuids.includes(norm(e.codeGuid))),
    )
    .map((e) => `${e.label ?? e.codeGuid}: no selection covers exactly ${JSON.stringify(e.text)}`)
}
