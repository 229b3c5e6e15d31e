/**
 * The hits placed from the stored vector's positions, against ts_headline's marks on the same text, on both engines:
 * every text placed here is placed where ts_headline places it, and plain text is placed here.
 */
import { describe, expect, it } from 'vitest'
import type { Database } from '#server/db/database.ts'
import { describeOnEngines } from '#server/testing/postgres-cluster.ts'
import { openEngineDatabase } from '#server/testing/open-engine-database.ts'
import { MARK_END, MARK_START, readMarks, type Span } from './kwic.ts'
import { markedSpans, plainWords, tsqueryOperands, tsvectorPositions } from './hit-positions.ts'

describe('reading what Postgres writes', () => {
  it('reads a tsquery’s operands, prefixes and quotes included', () => {
    expect(tsqueryOperands(`'metro' <-> 'station' & !'bus' & 'run':* & 'it''s'`)).toEqual([
      { lexeme: 'metro', prefix: false },
      { lexeme: 'station', prefix: false },
      { lexeme: 'bus', prefix: false },
      { lexeme: 'run', prefix: true },
      { lexeme: "it's", prefix: false },
    ])
  })
  it('reads a tsvector’s positions, weights ignored', () => {
    expect([...tsvectorPositions(`'a''b':2 'metro':3,9A 'x'`)]).toEqual([
      ["a'b", [2]],
      ['metro', [3, 9]],
      ['x', []],
    ])
  })
  it('counts plain words and refuses what the parser may read otherwise', () => {
    expect(plainWords("[Music] don't go, Ana!")?.length).toBe(4)
    for (const text of [
      'well-known',
      'e.g. this',
      '3.5 km',
      'a/b',
      'x@y',
      'it’s',
      '¿Qué?',
      'a\u00a0b',
      '[open',
    ])
      expect(plainWords(text), text).toBeUndefined()
  })
})

/** A deterministic generator (mulberry32): the same cases every run. */
function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const WORDS = [
  ...[
    'metro',
    'station',
    'stations',
    'running',
    'run',
    'runs',
    'happy',
    'happiness',
    'the',
    'a',
    'of',
    'people',
  ],
  ...[
    'Metro',
    'STATION',
    'Über',
    'über',
    'straße',
    'años',
    'niño',
    '東京',
    'mp3',
    '2020',
    '1,000',
    "don't",
    'rock',
  ],
  ...[
    '[music]',
    '[Applause]',
    'well-known',
    'e.g.',
    'U.S.',
    '3.5',
    'a_b',
    'it’s',
    '¿qué?',
    'x/y',
    'stationary',
  ],
]
const GAPS = [' ', ' ', ' ', ', ', '. ', '! ', '? ', ' (', ') ', ' "', '" ', ' - ', ': ', '; ', '  ']
const QUERIES = [
  ['english', "'metro'"],
  ['english', "'metro' <-> 'station'"],
  ['english', "'run' & !'bus'"],
  ['english', "'station':*"],
  ['english', "'happi'"],
  ['english', "'peopl' | 'rock'"],
  ['simple', "'über'"],
  ['simple', "'metro'"],
  ['german', "'strass'"],
  ['spanish', "'años' | 'niño'"],
] as const

function texts(next: () => number, count: number): string[] {
  return Array.from({ length: count }, () => {
    const n = 1 + Math.floor(next() * 12)
    let s = ''
    for (let i = 0; i < n; i++)
      s += WORDS[Math.floor(next() * WORDS.length)]! + GAPS[Math.floor(next() * GAPS.length)]!
    return s.trim()
  })
}

type Row = {
  cfg: string
  q: string
  text: string
  tsv: string
  tsq: string
  marked: string
  matches: boolean
}

async function headlines(db: Database, cases: { cfg: string; q: string; text: string }[]): Promise<Row[]> {
  return db.query<Row>(
    `SELECT u.cfg, u.q, u.text, to_tsvector(u.cfg::regconfig, regexp_replace(u.text, '\\[[^]]*\\]', ' ', 'g'))::text AS tsv,
       to_tsquery(u.cfg::regconfig, u.q)::text AS tsq,
       to_tsvector(u.cfg::regconfig, regexp_replace(u.text, '\\[[^]]*\\]', ' ', 'g')) @@ to_tsquery(u.cfg::regconfig, u.q) AS matches,
       ts_headline(u.cfg::regconfig, u.text, to_tsquery(u.cfg::regconfig, u.q), $4) AS marked
     FROM unnest($1::text[], $2::text[], $3::text[]) AS u(cfg, q, text)`,
    [
      cases.map((c) => c.cfg),
      cases.map((c) => c.q),
      cases.map((c) => c.text),
      `StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`,
    ],
  )
}

const spanText = (text: string, spans: Span[]) => spans.map((s) => text.slice(s.start, s.end))

describeOnEngines('hits placed from the vector’s positions', (engine) => {
  it('places every hit where ts_headline marks it, and places most plain text itself', async () => {
    const db = await openEngineDatabase(engine)
    const next = random(7)
    const cases = texts(next, 3000).flatMap((text, i) => {
      const [cfg, q] = QUERIES[i % QUERIES.length]!
      return [{ cfg, q, text }]
    })
    const rows = await headlines(db, cases)
    let placed = 0
    let plain = 0
    // The search places hits only in cues that match its query.
    for (const row of rows.filter((r) => r.matches)) {
      const spans = markedSpans(row.text, row.tsv, tsqueryOperands(row.tsq))
      if (plainWords(row.text)) plain++
      if (!spans) continue
      placed++
      const expected = readMarks(row.marked)
      expect(expected.plain).toBe(row.text)
      expect({ text: row.text, q: row.q, spans: spanText(row.text, spans) }).toEqual({
        text: row.text,
        q: row.q,
        spans: spanText(row.text, expected.spans),
      })
    }
    // Most plain text is placed here (the rest: stems that do not begin their word, such as happy → happi).
    expect(plain).toBeGreaterThan(150)
    expect(placed).toBeGreaterThan(plain * 0.7)
  })
})
