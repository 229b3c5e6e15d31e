import { beforeAll, describe, expect, it } from 'vitest'
import { writeQdpx } from '../write-qdpx.ts'
import { CODE, CODINGS, codedProject } from './coding-project-fixture.ts'
import { readQdpx, type Qdpx } from './read-qdpx.ts'
import { uncoveredCodings, validateProjectQde } from './validate-project-qde.ts'

let good: Qdpx

beforeAll(async () => {
  good = readQdpx((await writeQdpx(codedProject())).body as Uint8Array)
})

/** The good project with one exact edit; the edit must apply, or the test would check nothing. */
function edited(from: string | RegExp, to: string): string {
  const xml = good.qde.replace(from, to)
  expect(xml).not.toBe(good.qde)
  return xml
}

const problems = (xml: string, sources: Record<string, string> = good.sources) =>
  validateProjectQde(xml, sources).problems

const firstGuid = (tag: string) => new RegExp(`<${tag} guid="([^"]+)"`).exec(good.qde)![1]!

describe('validateProjectQde', () => {
  it('accepts the dashboard’s project', () => {
    expect(problems(good.qde)).toEqual([])
  })

  it.each<[string, () => string, RegExp]>([
    ['XML that is not well-formed', () => edited('</Sources>', '</Source>'), /not well-formed XML/],
    [
      'another root element',
      () => edited(/<Project xmlns/, '<Projekt xmlns').replace('</Project>', '</Projekt>'),
      /root element must be one Project/,
    ],
    [
      'a wrong namespace',
      () => edited('xmlns="urn:QDA-XML:project:1.0"', 'xmlns="urn:QDA-XML:project:2.0"'),
      /namespace must be urn:QDA-XML:project:1.0/,
    ],
    ['a missing namespace', () => edited(' xmlns="urn:QDA-XML:project:1.0"', ''), /namespace must be/],
    [
      'a missing required attribute',
      () => edited(/ startPosition="\d+"/, ''),
      /PlainTextSelection: the required attribute startPosition is missing/,
    ],
    [
      'a code without isCodable',
      () => edited(' isCodable="true"', ''),
      /Code: the required attribute isCodable is missing/,
    ],
    [
      'an attribute the schema does not know',
      () => edited('<Coding guid=', '<Coding weight="2" guid='),
      /the attribute weight is not in the schema/,
    ],
    [
      'a GUID that is not one',
      () => edited(firstGuid('User'), 'user-1'),
      /creatingUserGUID="user-1" is not a valid guid/,
    ],
    [
      'a date that is not xsd:dateTime',
      () => edited(/creationDateTime="2026-11-20T09:01:00.000Z"/, 'creationDateTime="20 Nov 2026"'),
      /is not a valid dateTime/,
    ],
    [
      'a position that is not an integer',
      () => edited(/startPosition="8"/, 'startPosition="8.5"'),
      /startPosition="8.5" is not a valid integer/,
    ],
    [
      'a colour that is not #rrggbb',
      () => edited('color="#e15759"', 'color="red"'),
      /color="red" is not a valid rgb/,
    ],
    [
      'an element out of the schema’s order',
      () => edited(/(<CodeBook>[\s\S]*<\/CodeBook>)\s*(<Sources>[\s\S]*<\/Sources>)/, '$2$1'),
      /the element CodeBook is not allowed there/,
    ],
    [
      'an element the schema does not know',
      () => edited('<Notes>', '<Memos/><Notes>'),
      /the element Memos is not allowed there/,
    ],
    [
      'a coding without its CodeRef',
      () => edited(/<CodeRef targetGUID="[^"]+"\/>/, ''),
      /Coding: the required element CodeRef is missing/,
    ],
    [
      'an empty Users',
      () => edited(/<Users>[\s\S]*<\/Users>/, '<Users></Users>'),
      /Users: the required element User is missing/,
    ],
  ])('catches %s', (_what, xml, expected) => {
    expect(problems(xml()).join('\n')).toMatch(expected)
  })

  it('catches a GUID used twice, in either spelling', () => {
    const user = firstGuid('User')
    const xml = edited(`<Code guid="${CODE.nostalgia}"`, `<Code guid="{${user.toUpperCase()}}"`)
    expect(problems(xml).join('\n')).toMatch(
      /the GUID \{[0-9A-F-]+\} is already used by \/Project\/Users\/User/,
    )
  })

  it('catches references to nothing: a code, a note, a user', () => {
    expect(
      problems(edited(`<CodeRef targetGUID="${CODE.metro}"`, `<CodeRef targetGUID="${CODINGS[0]!.id}"`)).join(
        '\n',
      ),
    ).toMatch(/CodeRef targetGUID=".+" names no Code/)
    expect(
      problems(edited(/<NoteRef targetGUID="[^"]+"/, `<NoteRef targetGUID="${CODE.metro}"`)).join('\n'),
    ).toMatch(/NoteRef targetGUID=".+" names no Note/)
    expect(problems(edited(/creatingUser="[^"]+"/, `creatingUser="${CODE.metro}"`)).join('\n')).toMatch(
      /creatingUser=".+" names no User/,
    )
    expect(
      problems(edited(/creatingUserGUID="[^"]+"/, `creatingUserGUID="${CODE.metro}"`)).join('\n'),
    ).toMatch(/creatingUserGUID=".+" names no User/)
  })

  it('catches a source whose text is missing, outside the archive, or given twice', () => {
    const [path] = Object.keys(good.sources)
    const rest = Object.fromEntries(Object.entries(good.sources).slice(1))
    expect(problems(good.qde, rest).join('\n')).toMatch(
      new RegExp(`names no file of the archive \\(${path}\\)`),
    )
    expect(
      problems(edited(/plainTextPath="internal:\/\//, 'plainTextPath="file:///tmp/')).join('\n'),
    ).toMatch(/is not inside the archive/)
    expect(problems(edited(/ plainTextPath="[^"]+"/, '')).join('\n')).toMatch(
      /neither PlainTextContent nor plainTextPath/,
    )
    const both = edited(
      /(<TextSource [^>]+>\s*<Description>[^<]*<\/Description>)/,
      '$1<PlainTextContent>x</PlainTextContent>',
    )
    expect(problems(both).join('\n')).toMatch(/both PlainTextContent and plainTextPath/)
  })

  it('catches a range outside its source, backwards, or negative', () => {
    expect(problems(edited(/endPosition="67"/, 'endPosition="999"')).join('\n')).toMatch(
      /the range 8–999 is not inside its source's 88 characters/,
    )
    expect(problems(edited(/startPosition="8"/, 'startPosition="70"')).join('\n')).toMatch(
      /the range 70–67 is not inside/,
    )
    expect(problems(edited(/startPosition="8"/, 'startPosition="-1"')).join('\n')).toMatch(
      /the range -1–67 is not inside/,
    )
  })

  it('catches a selection that does not cover exactly what was coded', () => {
    const expected = CODINGS.slice(0, 2).map((c) => ({
      text: c.segment.text,
      codeGuid: c.codeId,
      label: c.id,
    }))
    expect(uncoveredCodings(validateProjectQde(good.qde, good.sources), expected)).toEqual([])
    // One character off (a UTF-16 count where code points were due would do the same).
    const shifted = validateProjectQde(
      edited(/startPosition="8" endPosition="67"/, 'startPosition="9" endPosition="68"'),
      good.sources,
    )
    expect(shifted.problems).toEqual([])
    expect(uncoveredCodings(shifted, expected)).toEqual([
      `${CODINGS[0]!.id}: no selection covers exactly ${JSON.stringify(CODINGS[0]!.segment.text)}`,
      `${CODINGS[1]!.id}: no selection covers exactly ${JSON.stringify(CODINGS[1]!.segment.text)}`,
    ])
    // The right text under another code is not the coding either.
    const recoded = validateProjectQde(
      edited(`<CodeRef targetGUID="${CODE.metro}"`, `<CodeRef targetGUID="${CODE.place}"`),
      good.sources,
    )
    expect(uncoveredCodings(recoded, expected.slice(1))).toHaveLength(1)
  })
})
