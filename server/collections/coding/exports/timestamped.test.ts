import { describe, expect, it } from 'vitest'
import { readZip } from '#test-readers/read-zip.ts'
import type { CodingProject, ExportFile, ProjectVideo, TranscriptFormat } from './coding-project.ts'
import { writeElanZip } from './write-elan.ts'
import { writeTranscriptsZip } from './write-transcripts.ts'
import { CODINGS, codedProject, ENGLISH, JAPANESE } from './testing/coding-project-fixture.ts'

type Timed = { startMs: number; endMs: number; text: string }
type Tiered = Timed & { tier: string }

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

function unzip(file: ExportFile): Record<string, string> {
  return Object.fromEntries(
    Object.entries(readZip(file.body as Uint8Array)).map(([n, b]) => [n, utf8.decode(b)]),
  )
}

/** Lines of a file that must start with a BOM (or must not) and end every line with `eol`, nothing after. */
function strictLines(text: string, bom: boolean, eol: string): string[] {
  expect(text.startsWith('\uFEFF')).toBe(bom)
  const body = bom ? text.slice(1) : text
  expect(body.endsWith(eol)).toBe(true)
  const lines = body.slice(0, -eol.length).split(eol)
  for (const line of lines) expect(line, 'a stray line break').not.toMatch(/[\r\n]/)
  return lines
}

const ms = (h: string, m: string, s: string, frac: string) =>
  ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(frac)

/** NVivo rows: `h:mm:ss.mmm - h:mm:ss.mmm<TAB>content`, nothing else. */
function readNvivo(text: string): Timed[] {
  return strictLines(text, true, '\r\n').map((line) => {
    const m = /^(\d+):([0-5]\d):([0-5]\d)\.(\d{3}) - (\d+):([0-5]\d):([0-5]\d)\.(\d{3})\t([^\t]*)$/.exec(line)
    if (!m) throw new Error(`Not an NVivo transcript row: ${JSON.stringify(line)}`)
    return { startMs: ms(m[1]!, m[2]!, m[3]!, m[4]!), endMs: ms(m[5]!, m[6]!, m[7]!, m[8]!), text: m[9]! }
  })
}

/** MAXQDA / ATLAS.ti lines: `#hh:mm:ss-mmm# text #hh:mm:ss-mmm#`, marks in time order. */
function readTimeMarks(text: string): Timed[] {
  const rows = strictLines(text, true, '\r\n').map((line) => {
    const m = /^#(\d{2}):([0-5]\d):([0-5]\d)-(\d{3})# (.*) #(\d{2}):([0-5]\d):([0-5]\d)-(\d{3})#$/.exec(line)
    if (!m || m[5]!.includes('#')) throw new Error(`Not a time-marked line: ${JSON.stringify(line)}`)
    return { startMs: ms(m[1]!, m[2]!, m[3]!, m[4]!), endMs: ms(m[6]!, m[7]!, m[8]!, m[9]!), text: m[5]! }
  })
  const marks = rows.flatMap((r) => [r.startMs, r.endMs])
  expect(marks).toEqual([...marks].sort((a, b) => a - b))
  return rows
}

/** ELAN tab-delimited: four fields, times `ss.msec`, begin before end. */
function readElan(text: string): Tiered[] {
  return strictLines(text, false, '\n').map((line) => {
    const f = line.split('\t')
    if (f.length !== 4 || !/^\d+\.\d{3}$/.test(f[1]!) || !/^\d+\.\d{3}$/.test(f[2]!))
      throw new Error(`Not an ELAN row: ${JSON.stringify(line)}`)
    const row = {
      tier: f[0]!,
      startMs: Math.round(Number(f[1]) * 1000),
      endMs: Math.round(Number(f[2]) * 1000),
      text: f[3]!,
    }
    expect(row.endMs).toBeGreaterThan(row.startMs)
    return row
  })
}

/** What every transcript must say: each cue from its start to its end or the next cue's start, on one line. */
function expectedCues(v: ProjectVideo): Timed[] {
  return v.cues.map((c, i) => {
    const next = v.cues[i + 1]
    return {
      startMs: c.start * 1000,
      endMs: Math.min(c.start + c.duration, next?.start ?? Infinity) * 1000,
      text: c.text.split('\n').join(' '),
    }
  })
}

function expectWithin1ms(actual: Timed[], expected: Timed[]) {
  expect(actual.map((a) => a.text)).toEqual(expected.map((e) => e.text))
  actual.forEach((a, i) => {
    expect(Math.abs(a.startMs - expected[i]!.startMs)).toBeLessThanOrEqual(1)
    expect(Math.abs(a.endMs - expected[i]!.endMs)).toBeLessThanOrEqual(1)
  })
}

describe.each<[TranscriptFormat, (t: string) => Timed[]]>([
  ['nvivo', readNvivo],
  ['maxqda', readTimeMarks],
  ['atlasti', readTimeMarks],
])('timestamped transcripts for %s', (format, read) => {
  it('write one file per video that parses back to the same cues, times within 1 ms', async () => {
    const file = await writeTranscriptsZip(codedProject(), format)
    expect(file.name).toBe(`transit-voices-transcripts-${format}-2026-11-25.zip`)
    const files = unzip(file)
    expect(Object.keys(files)).toEqual(['manifest.json', 'vidEnglish0.txt', 'vidJapanes0.txt'])
    expectWithin1ms(read(files['vidEnglish0.txt']!), expectedCues(ENGLISH))
    expectWithin1ms(read(files['vidJapanes0.txt']!), expectedCues(JAPANESE))
  })

  it('say in the manifest where they come from and how to import them', async () => {
    const manifest = JSON.parse(
      unzip(await writeTranscriptsZip(codedProject(), format))['manifest.json']!,
    ) as Record<string, unknown>
    expect(Object.keys(manifest).slice(0, 2)).toEqual(['title', 'source'])
    expect(manifest).toMatchObject({
      source: 'demo simulator (invented data)',
      kind: 'poix-timestamped-transcripts',
      format,
      files: 2,
      collection: { id: 'c_coded', name: 'Transit "voices", 東京' },
      videos: [
        {
          videoId: 'vidEnglish0',
          url: 'https://www.youtube.com/watch?v=vidEnglish0',
          file: 'vidEnglish0.txt',
          cues: 4,
        },
        { videoId: 'vidJapanes0', title: '東京', lang: 'ja', file: 'vidJapanes0.txt' },
      ],
    })
    expect(String(manifest.howToImport)).toMatch(
      format === 'nvivo' ? /NVivo/ : format === 'maxqda' ? /MAXQDA/ : /ATLAS\.ti/,
    )
  })
})

it('writes exactly the documented line shapes', async () => {
  const nvivo = unzip(await writeTranscriptsZip(codedProject(), 'nvivo'))['vidEnglish0.txt']!
  expect(nvivo).toBe(
    '\uFEFF0:00:00.000 - 0:00:05.000\t[Music]\r\n0:00:05.000 - 0:00:08.000\twe were running to the metro station\r\n' +
      '0:00:08.250 - 0:00:10.750\tthe bus was late again\r\n0:00:12.100 - 0:00:14.000\tI run every day 🏃‍♀️\r\n',
  )
  const maxqda = unzip(await writeTranscriptsZip(codedProject(), 'maxqda'))['vidJapanes0.txt']!
  expect(maxqda.split('\r\n')[2]).toBe('#00:00:05-345# 駅で #00:00:07-000#')
})

it('writes an hour past 9 with two hour digits in the marks and one or more in NVivo', async () => {
  const long: ProjectVideo = { ...ENGLISH, cues: [{ seq: 0, start: 36_000.5, duration: 1, text: 'late' }] }
  const p = codedProject({ videos: [long], codings: [] })
  expect(unzip(await writeTranscriptsZip(p, 'nvivo'))['vidEnglish0.txt']).toBe(
    '\uFEFF10:00:00.500 - 10:00:01.500\tlate\r\n',
  )
  expect(unzip(await writeTranscriptsZip(p, 'atlasti'))['vidEnglish0.txt']).toBe(
    '\uFEFF#10:00:00-500# late #10:00:01-500#\r\n',
  )
})

describe('ELAN tab-delimited', () => {
  const project: CodingProject = codedProject()

  it('writes a transcript tier that parses back to the same cues, times within 1 ms', async () => {
    const file = await writeElanZip(project)
    expect(file.name).toBe('transit-voices-elan-2026-11-25.zip')
    const files = unzip(file)
    expect(Object.keys(files)).toEqual(['manifest.json', 'vidEnglish0.elan.txt', 'vidJapanes0.elan.txt'])
    for (const v of [ENGLISH, JAPANESE]) {
      const rows = readElan(files[`${v.videoId}.elan.txt`]!).filter((r) => r.tier === 'transcript')
      expectWithin1ms(rows, expectedCues(v))
    }
  })

  it('writes a tier per code with every coded moment, times within 1 ms, overlaps on a second tier', async () => {
    const files = unzip(await writeElanZip(project))
    const english = readElan(files['vidEnglish0.elan.txt']!).filter((r) => r.tier !== 'transcript')
    const at = (c: (typeof CODINGS)[number]) => {
      if (c.segment.kind !== 'cues') throw new Error('a moment')
      return [c.segment.start * 1000, c.segment.end * 1000]
    }
    const summary = english.map((r) => [r.tier, r.startMs, r.endMs, r.text])
    expect(summary).toEqual([
      ['Nostalgia', ...at(CODINGS[0]!), 'Nostalgia: Commute memory, "then" & <now>'],
      ['Nostalgia (2)', ...at(CODINGS[4]!), 'Nostalgia'],
      ['Place', ...at(CODINGS[8]!), 'Place'],
      ['Place / Metro', ...at(CODINGS[1]!), 'Metro'],
    ])
    const japanese = readElan(files['vidJapanes0.elan.txt']!).filter((r) => r.tier !== 'transcript')
    const jaCodings = CODINGS.filter(
      (c) => c.segment.kind === 'cues' && c.segment.videoId === JAPANESE.videoId,
    )
    expect(japanese).toHaveLength(jaCodings.length)
    for (const c of jaCodings) {
      const [start, end] = at(c)
      expect(japanese.some((r) => Math.abs(r.startMs - start!) <= 1 && Math.abs(r.endMs - end!) <= 1)).toBe(
        true,
      )
    }
    expect(japanese.find((r) => r.tier === 'Place / Metro')!.text).toBe('Metro: 地下鉄の記憶')
  })

  it('names the tiers and the import steps in its manifest', async () => {
    const manifest = JSON.parse(unzip(await writeElanZip(project))['manifest.json']!) as Record<
      string,
      unknown
    >
    expect(manifest).toMatchObject({
      source: 'demo simulator (invented data)',
      kind: 'poix-elan-tab-delimited',
      columns: ['tier', 'begin time (ss.msec)', 'end time (ss.msec)', 'annotation'],
      codes: ['Counter-argument', 'Nostalgia', 'Place', 'Place / Metro'],
    })
    expect(String(manifest.howToImport)).toContain('CSV / Tab-delimited Text')
  })

  it('keeps tabs and line breaks of memos out of the rows', async () => {
    const codings = CODINGS.map((c, i) => (i === 0 ? { ...c, memo: 'two\tcolumns\nand lines' } : c))
    const files = unzip(await writeElanZip(codedProject({ codings })))
    const row = readElan(files['vidEnglish0.elan.txt']!).find((r) => r.tier === 'Nostalgia')!
    expect(row.text).toBe('Nostalgia: two columns and lines')
  })
})
