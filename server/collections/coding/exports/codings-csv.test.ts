import { expect, it } from 'vitest'
import { readStrictCsvBytes } from '#test-readers/strict-csv.ts'
import { codingsCsvProvenance, writeCodingsCsv } from './write-codings-csv.ts'
import { CODINGS, codedProject, REPLY_ID, THREAD_ID } from './testing/coding-project-fixture.ts'

const read = (body: string | Uint8Array) =>
  readStrictCsvBytes(typeof body === 'string' ? new TextEncoder().encode(body) : body)

it('writes one row per coding through the one CSV writer: header on line 1, CRLF, BOM, exact values', () => {
  const file = writeCodingsCsv(codedProject())
  expect(file.name).toBe('transit-voices-codings-2026-11-25.csv')
  expect(file.contentType).toBe('text/csv; charset=utf-8')
  const csv = read(file.body)
  expect(csv.header).toEqual([
    'video_id',
    'video_url',
    'start',
    'end',
    'start_hms',
    'end_hms',
    'lang',
    'first_cue',
    'last_cue',
    'comment_id',
    'parent_id',
    'published_at',
    'text',
    'code',
    'code_path',
    'memo',
    'coder',
    'coded_at',
  ])
  expect(csv.records).toHaveLength(CODINGS.length)
  // Moments in video order and by time, then the thread.
  expect(csv.records.map((r) => `${r.video_id} ${r.start} ${r.code}`)).toEqual([
    'vidEnglish0 0 Place',
    'vidEnglish0 5 Nostalgia',
    'vidEnglish0 5 Metro',
    'vidEnglish0 8.25 Nostalgia',
    'vidJapanes0 0 Metro',
    'vidJapanes0 3 Nostalgia',
    'vidJapanes0 5.345 Place',
    'vidEnglish0  Counter-argument',
    'vidEnglish0  Nostalgia',
  ])
  expect(csv.records[1]).toEqual({
    video_id: 'vidEnglish0',
    video_url: 'https://www.youtube.com/watch?v=vidEnglish0&t=5',
    start: '5',
    end: '10.75',
    start_hms: '00:00:05.000',
    end_hms: '00:00:10.750',
    lang: 'en',
    first_cue: '1',
    last_cue: '2',
    comment_id: '',
    parent_id: '',
    published_at: '',
    text: 'we were running to the metro station\nthe bus was late\nagain',
    code: 'Nostalgia',
    code_path: 'Nostalgia',
    memo: 'Commute memory, "then" & <now>',
    coder: 'Ana',
    coded_at: '2026-11-20T09:01:00.000Z',
  })
  expect(csv.records[4]).toMatchObject({
    end: '5.345',
    end_hms: '00:00:05.345',
    code_path: 'Place / Metro',
    coder: '佐藤',
  })
  expect(csv.records[7]).toEqual({
    video_id: 'vidEnglish0',
    video_url: `https://www.youtube.com/watch?v=vidEnglish0&lc=${REPLY_ID}`,
    start: '',
    end: '',
    start_hms: '',
    end_hms: '',
    lang: '',
    first_cue: '',
    last_cue: '',
    comment_id: REPLY_ID,
    parent_id: THREAD_ID,
    published_at: '2026-01-03T08:00:00Z',
    text: 'Not true, the metro was fine 🚇 & <b>on time</b>',
    code: 'Counter-argument',
    code_path: 'Counter-argument',
    memo: 'Disagrees with the video',
    coder: 'Ana',
    coded_at: '2026-11-20T09:06:00.000Z',
  })
  expect(csv.records[8]!.video_url).toBe(`https://www.youtube.com/watch?v=vidEnglish0&lc=${THREAD_ID}`)
  expect(csv.records[8]).toMatchObject({ comment_id: THREAD_ID, parent_id: '' })
})

it('traces a reply coded without its video through its thread: video id and URL from the thread the export holds', () => {
  const codings = CODINGS.map((c) =>
    c.segment.kind === 'reply' && c.segment.commentId === REPLY_ID
      ? { ...c, segment: { ...c.segment, videoId: null } }
      : c,
  )
  const replySources = [{ commentId: THREAD_ID, videoId: 'vidEnglish0', lines: [] }]
  const records = read(writeCodingsCsv(codedProject({ codings, replySources })).body).records
  expect(records.find((r) => r.comment_id === REPLY_ID)).toMatchObject({
    video_id: 'vidEnglish0',
    video_url: `https://www.youtube.com/watch?v=vidEnglish0&lc=${REPLY_ID}`,
    parent_id: THREAD_ID,
    published_at: '2026-01-03T08:00:00Z',
  })
})

it('keeps a formula-looking memo exactly (the plain CSV repairs nothing)', () => {
  const codings = CODINGS.map((c, i) => (i === 0 ? { ...c, memo: '=HYPERLINK("x")' } : c))
  expect(read(writeCodingsCsv(codedProject({ codings })).body).records[1]!.memo).toBe('=HYPERLINK("x")')
})

it('describes the CSV in a provenance sidecar named after it', () => {
  const sidecar = codingsCsvProvenance(codedProject())
  expect(sidecar.name).toBe('transit-voices-codings-2026-11-25.provenance.json')
  const provenance = JSON.parse(sidecar.body as string) as Record<string, unknown>
  expect(Object.keys(provenance).slice(0, 2)).toEqual(['title', 'source'])
  expect(provenance).toMatchObject({
    source: 'demo simulator (invented data)',
    dataSource: { kind: 'demo', url: null },
    describes: 'transit-voices-codings-2026-11-25.csv',
    rows: 9,
    videos: 2,
    codes: 4,
    coders: ['Ana', 'Ben', '佐藤'],
    exportedAt: '2026-11-25T12:00:00.000Z',
    collection: { id: 'c_coded', url: '/collections/c_coded' },
  })
  expect(Object.keys(provenance.columns as object)).toEqual(read(writeCodingsCsv(codedProject()).body).header)
})

it('names a live collection’s service and falls back to the collection id when its name has no usable letter', () => {
  const p = codedProject({
    collection: { id: 'c_7fk2q9xw', name: '東京', description: '' },
    source: { kind: 'live', name: 'Poix data service', url: 'https://api.example.org' },
  })
  expect(writeCodingsCsv(p).name).toBe('c_7fk2q9xw-codings-2026-11-25.csv')
  expect(JSON.parse(codingsCsvProvenance(p).body as string)).toMatchObject({
    source: 'https://api.example.org',
  })
})
