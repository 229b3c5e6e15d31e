import { readFileSync } from 'node:fs'
import { XMLParser } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { validateXML } from 'xmllint-wasm'
import { ApiFailure } from '#server/errors.ts'
import type { CodingProject } from './coding-project.ts'
import { uuidV5 } from './guid.ts'
import { writeQdc } from './write-qdc.ts'
import { writeQdpx } from './write-qdpx.ts'
import {
  CODE,
  CODINGS,
  codedProject,
  ENGLISH,
  REPLY_ID,
  THREAD_ID,
  UNPLACED,
} from './testing/coding-project-fixture.ts'
import { readQdpx } from './testing/read-qdpx.ts'
import { uncoveredCodings, validateProjectQde } from './testing/validate-project-qde.ts'

async function exported(p: CodingProject = codedProject()) {
  const file = await writeQdpx(p)
  const qdpx = readQdpx(file.body as Uint8Array)
  return { file, qdpx, report: validateProjectQde(qdpx.qde, qdpx.sources) }
}

/** The standard's own schema (src/testing/refi-qda/README.md), not our reading of it. */
const PROJECT_XSD = readFileSync(
  new URL('../../../../src/testing/refi-qda/Project.xsd', import.meta.url),
  'utf8',
)

async function schemaErrors(documents: Record<string, string>): Promise<string[]> {
  const result = await validateXML({
    xml: Object.entries(documents).map(([fileName, contents]) => ({ fileName, contents })),
    schema: [{ fileName: 'Project.xsd', contents: PROJECT_XSD }],
  })
  return result.errors.map((e) => e.rawMessage)
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
})
type Node = Record<string, unknown> & { [k: string]: unknown }
const all = (doc: string, tag: string): Node[] => {
  const found: Node[] = []
  const visit = (n: unknown) => {
    if (Array.isArray(n)) n.forEach(visit)
    else if (n && typeof n === 'object')
      for (const [k, v] of Object.entries(n)) {
        if (k === tag) found.push(...(v as Node[]))
        visit(v)
      }
  }
  visit(xml.parse(doc))
  return found
}
const text = (n: Node, tag: string) => String((n[tag] as Node[])[0]!['#text'] ?? (n[tag] as unknown[])[0])

describe('the REFI-QDA project (.qdpx)', () => {
  it('is a ZIP of project.qde, one UTF-8 text per source and provenance.json, named after the collection', async () => {
    const { file, qdpx } = await exported()
    expect(file.name).toBe('transit-voices-project-2026-11-25.qdpx')
    expect(file.contentType).toBe('application/zip')
    const sources = Object.keys(qdpx.sources)
    expect(Object.keys(qdpx.files)).toEqual(['project.qde', ...sources, 'provenance.json'])
    expect(sources).toHaveLength(3)
    for (const name of sources)
      expect(name).toMatch(
        /^sources\/[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.txt$/,
      )
    expect(Object.values(qdpx.sources)).toContain('東京の地下鉄は😀速い\n地下鉄で会いましょう\n駅で\nまたね')
  })

  it('passes every structure check of the Project Exchange standard', async () => {
    const { qdpx, report } = await exported()
    expect(report.problems).toEqual([])
    expect(
      qdpx.qde.startsWith(
        '<?xml version="1.0" encoding="utf-8"?>\n<Project xmlns="urn:QDA-XML:project:1.0" name="Transit &quot;voices&quot;, 東京"',
      ),
    ).toBe(true)
  })

  it('validates against the REFI-QDA Project.xsd: coded transcripts and a reply thread, unsafe memos, no codings', async () => {
    const memo = CODINGS.map((c, i) => (i === 0 ? { ...c, memo: 'bell\u0007 and \uFFFF end' } : c))
    const documents = {
      'coded.qde': (await exported()).qdpx.qde,
      'memos.qde': (await exported(codedProject({ codings: memo }))).qdpx.qde,
      'empty.qde': (await exported(codedProject({ codings: [] }))).qdpx.qde,
    }
    expect(await schemaErrors(documents)).toEqual([])
    // The schema does refuse: a project without its required name is reported.
    const nameless = documents['coded.qde'].replace(/(<Project\b[^>]*?) name="[^"]*"/, '$1')
    expect(nameless).not.toBe(documents['coded.qde'])
    expect((await schemaErrors({ 'nameless.qde': nameless })).join('\n')).toMatch(/'name' is required/)
  })

  it('makes each coded range one selection holding a coding per code, covering exactly the coded text', async () => {
    const { report } = await exported()
    const placed = CODINGS.filter((c) => c !== UNPLACED)
    expect(
      uncoveredCodings(
        report,
        placed.map((c) => ({ text: c.segment.text, codeGuid: c.codeId, label: c.id })),
      ),
    ).toEqual([])
    // Codings 1 and 2 share their moment: 8 codings, 7 selections.
    expect(report.selections).toHaveLength(7)
    expect(report.selections.flatMap((s) => s.codeGuids)).toHaveLength(8)
    const shared = report.selections.find((s) => s.codeGuids.length === 2)!
    expect(shared.codeGuids).toEqual([CODE.nostalgia, CODE.metro])
    expect(shared.text).toBe('we were running to the metro station\nthe bus was late\nagain')
  })

  it('counts positions in Unicode code points, not UTF-16 units', async () => {
    const { report } = await exported()
    // Line 0 is 10 code points (11 UTF-16 units: 😀 is two); cue 1 starts at 11, ends at 21.
    const ja = report.selections.find((s) => s.text === '地下鉄で会いましょう')!
    expect([ja.startPosition, ja.endPosition]).toEqual([11, 21])
    // 🏃‍♀️ is four code points (five UTF-16 units): the English transcript ends at code point 88.
    const run = report.selections.find((s) => s.text?.endsWith('🏃‍♀️'))!
    expect(run.endPosition).toBe([...ENGLISH.cues.map((c) => c.text).join('\n')].length)
    expect(run.endPosition).toBe(88)
    const reply = report.selections.find((s) => s.text?.includes('🚇'))!
    expect(reply.text).toBe('Not true, the metro was fine 🚇 & <b>on time</b>')
  })

  it('names the coders as users, nests the code tree, and points sources and selections at the video and moment', async () => {
    const { qdpx } = await exported()
    expect(all(qdpx.qde, 'User').map((u) => u.name)).toEqual([
      'Poix Research Dashboard (export)',
      'Ana',
      'Ben',
      '佐藤',
    ])
    const place = all(qdpx.qde, 'Code').find((c) => c.name === 'Place')!
    expect(place).toMatchObject({ guid: CODE.place, isCodable: 'true', color: '#59a14f' })
    expect((place.Code as Node[]).map((c) => c.name)).toEqual(['Metro'])
    expect(text(place, 'Description')).toBe('Where people are & go')
    const english = all(qdpx.qde, 'TextSource').find((s) => s.name === 'Morning commute [vidEnglish0]')!
    expect(text(english, 'Description')).toContain(
      'URL: https://www.youtube.com/watch?v=vidEnglish0\nChannel: City Channel\nPublished: 2026-01-02T10:00:00Z\nLanguage: en',
    )
    expect(text(english, 'Description')).toContain('Data source: demo simulator (invented data)')
    const moment = (english.PlainTextSelection as Node[])[0]!
    expect(moment.name).toBe('00:00:05.000–00:00:10.750')
    expect(text(moment, 'Description')).toBe(
      'Moment: 00:00:05.000 – 00:00:10.750 (5 s – 10.75 s, cues 1–2)\nURL: https://www.youtube.com/watch?v=vidEnglish0&t=5\nMemo by Ana (Nostalgia): Commute memory, "then" & <now>',
    )
    const thread = all(qdpx.qde, 'TextSource').find((s) => s.name === `Replies ${THREAD_ID}`)!
    expect(text(thread, 'Description')).toContain(
      `URL: https://www.youtube.com/watch?v=vidEnglish0&lc=${THREAD_ID}`,
    )
  })

  it('writes each memo as a note its coding refers to', async () => {
    const { qdpx } = await exported()
    const notes = all(qdpx.qde, 'Note')
    expect(notes.map((n) => text(n, 'PlainTextContent'))).toEqual([
      'Commute memory, "then" & <now>',
      '地下鉄の記憶',
      'Disagrees with the video',
    ])
    const coding = all(qdpx.qde, 'Coding').find((c) => c.guid === CODINGS[0]!.id)!
    expect((coding.NoteRef as Node[])[0]!.targetGUID).toBe(notes[0]!.guid)
    expect(all(qdpx.qde, 'Coding').find((c) => c.guid === CODINGS[1]!.id)!.NoteRef).toBeUndefined()
  })

  it('lists the codings it cannot place instead of writing a wrong range', async () => {
    const { qdpx, report } = await exported()
    expect(report.selections.some((s) => s.codeGuids.includes(CODE.place) && s.text === '[Music]')).toBe(
      false,
    )
    const description = text(all(qdpx.qde, 'Project')[0]!, 'Description')
    expect(description).toContain(
      `coding ${UNPLACED.id}: the text of cues 0–0 of vidEnglish0 has changed since it was coded`,
    )
    const provenance = JSON.parse(qdpx.files['provenance.json']!) as Record<string, unknown>
    expect(provenance).toMatchObject({
      source: 'demo simulator (invented data)',
      kind: 'poix-refi-qda-project',
      codings: 8,
      exportedAt: '2026-11-25T12:00:00.000Z',
      collection: { id: 'c_coded', name: 'Transit "voices", 東京', url: '/collections/c_coded' },
      notExported: [
        {
          codingId: UNPLACED.id,
          reason: 'the text of cues 0–0 of vidEnglish0 has changed since it was coded',
        },
      ],
    })
    expect(Object.keys(provenance).slice(0, 2)).toEqual(['title', 'source'])
  })

  it('leaves out a coding whose code is gone, and says so', async () => {
    const orphan = { ...CODINGS[0]!, id: '00000000-0000-4000-8000-0000000000ff', codeId: 'gone' }
    const { qdpx, report } = await exported(codedProject({ codings: [...CODINGS, orphan] }))
    expect(report.problems).toEqual([])
    expect(report.selections.flatMap((s) => s.codeGuids)).toHaveLength(8)
    const provenance = JSON.parse(qdpx.files['provenance.json']!) as { notExported: unknown[] }
    expect(provenance.notExported).toContainEqual({
      codingId: orphan.id,
      reason: 'its code gone is not in the codebook',
    })
  })

  it('keeps a thread’s loaded lines and still covers each coded reply exactly', async () => {
    const p = codedProject({
      replySources: [
        {
          commentId: THREAD_ID,
          videoId: ENGLISH.videoId,
          lines: [
            {
              commentId: `${THREAD_ID}.0aaaaaaaaaaaaaaaaaaaaa`,
              author: null,
              publishedAt: null,
              text: 'an uncoded reply 🙂',
            },
            {
              commentId: REPLY_ID,
              author: '@rider',
              publishedAt: '2026-01-03T08:00:00Z',
              text: 'Not true, the metro was fine 🚇 & <b>on time</b>',
            },
          ],
        },
      ],
    })
    const { qdpx, report } = await exported(p)
    expect(report.problems).toEqual([])
    const thread = Object.values(qdpx.sources).find((t) => t.includes('uncoded'))!
    expect(thread).toBe(
      'unknown author: an uncoded reply 🙂\n@rider (2026-01-03T08:00:00Z): Not true, the metro was fine 🚇 & <b>on time</b>\n@walker (2026-01-02T12:00:00Z): Buses were\nalways late',
    )
    const replies = CODINGS.filter((c) => c.segment.kind === 'reply')
    expect(
      uncoveredCodings(
        report,
        replies.map((c) => ({ text: c.segment.text, codeGuid: c.codeId })),
      ),
    ).toEqual([])
  })

  it('drops characters XML cannot carry from memos and still validates', async () => {
    const codings = CODINGS.map((c, i) => (i === 0 ? { ...c, memo: 'bell\u0007 and \uFFFF end' } : c))
    const { qdpx, report } = await exported(codedProject({ codings }))
    expect(report.problems).toEqual([])
    expect(text(all(qdpx.qde, 'Note')[0]!, 'PlainTextContent')).toBe('bell and  end')
  })

  it('is the same file when written twice (GUIDs from the records, not random)', async () => {
    const [a, b] = await Promise.all([writeQdpx(codedProject()), writeQdpx(codedProject())])
    expect(a.body).toEqual(b.body)
  })

  it('writes a project with no codings yet: the transcripts and the codebook', async () => {
    const { report, qdpx } = await exported(codedProject({ codings: [] }))
    expect(report.problems).toEqual([])
    expect(report.selections).toEqual([])
    expect(Object.keys(qdpx.sources)).toHaveLength(2)
    expect(all(qdpx.qde, 'Notes')).toEqual([])
  })
})

describe('the codebook (.qdc)', () => {
  it('is the code tree in urn:QDA-XML:codebook:1.0 with the same GUIDs as the project', () => {
    const file = writeQdc(codedProject())
    expect(file.name).toBe('transit-voices-codebook-2026-11-25.qdc')
    const doc = file.body as string
    expect(
      doc.startsWith(
        '<?xml version="1.0" encoding="utf-8"?>\n<CodeBook xmlns="urn:QDA-XML:codebook:1.0" origin="Poix Research Dashboard',
      ),
    ).toBe(true)
    const top = (all(doc, 'Codes')[0]!.Code as Node[]).map((c) => [c.name, c.guid, c.isCodable, c.color])
    expect(top).toEqual([
      ['Nostalgia', CODE.nostalgia, 'true', '#e15759'],
      ['Place', CODE.place, 'true', '#59a14f'],
      ['Counter-argument', CODE.counter, 'true', '#f28e2b'],
    ])
    expect(all(doc, 'Code').find((c) => c.name === 'Metro')).toMatchObject({ guid: CODE.metro })
    expect(text(all(doc, 'Code')[0]!, 'Description')).toBe('Longing for the past <b>then</b>')
  })

  it('is refused for a collection without codes (the schema wants one code at least)', () => {
    expect(() => writeQdc(codedProject({ codes: [] }))).toThrow(ApiFailure)
    expect(() => writeQdc(codedProject({ codes: [] }))).toThrow(/no codes yet/)
  })

  it('puts a code whose parent is missing at the top, and never loops on a cycle', () => {
    const cyclic = codedProject({
      codes: [
        { ...codedProject().codes[0]!, id: 'a', parentId: 'b', name: 'A' },
        { ...codedProject().codes[0]!, id: 'b', parentId: 'a', name: 'B' },
        { ...codedProject().codes[0]!, id: 'c', parentId: 'gone', name: 'C' },
      ],
    })
    const names = (all(writeQdc(cyclic).body as string, 'Codes')[0]!.Code as Node[]).map((c) => c.name)
    expect(names.sort()).toEqual(['A', 'B', 'C'])
  })
})

it('derives name-based GUIDs as RFC 4122 version 5 does', () => {
  // The RFC's DNS namespace example.
  expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
    '2ed6657d-e927-568b-95e1-2665a8aea6a2',
  )
})
