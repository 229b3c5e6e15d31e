import { expect, it } from 'vitest'
import { readStrictCsvBytes } from '#test-readers/strict-csv.ts'
import { readZip, strFromU8 } from '#test-readers/read-zip.ts'
import { describeOnEngines } from '#server/testing/postgres-cluster.ts'
import { ENGLISH, KNOWN, knownCorpusPerTest } from '../search/testing/known-corpus.ts'

const bytes = async (res: Response) => new Uint8Array(await res.arrayBuffer())

describeOnEngines('corpus exports', (engine) => {
  const corpus = knownCorpusPerTest(engine)
  const get = (path: string) => corpus.app().request(`/api/collections/${KNOWN}/export/${path}`)

  it('writes the KWIC lines as a strict CSV: header on line 1, CRLF, BOM, exact values', async () => {
    const res = await get('kwic.csv?q=metro*&sort=before')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="kwic-c_known-metro-2026-11-25-[0-9a-f]{6}\.csv"$/,
    )
    const csv = readStrictCsvBytes(await bytes(res))
    expect(csv.header).toEqual([
      'videoId',
      'title',
      'channelTitle',
      'publishedAt',
      'lang',
      'offset',
      'duration',
      'before',
      'hit',
      'after',
      'text',
      'seq',
      'studio',
    ])
    expect(csv.records).toHaveLength(3)
    expect(csv.records.map((r) => `${r.videoId}#${r.seq}`)).toEqual([
      'vidEnglish0#3',
      'vidRolling0#2',
      'vidEnglish0#1',
    ])
    expect(csv.records[2]).toEqual({
      videoId: 'vidEnglish0',
      title: ENGLISH.title,
      channelTitle: 'City Channel',
      publishedAt: '2026-01-02T10:00:00Z',
      lang: 'en',
      offset: '5',
      duration: '3',
      before: '[Music] we were running to the',
      hit: 'metro',
      after: 'station the bus was late I run every',
      text: 'we were running to the metro station',
      seq: '1',
      studio: '/videos/vidEnglish0?lang=en&mode=default&t=5',
    })
  })

  it('keeps quotes, apostrophes and CJK exactly', async () => {
    const strangers = readStrictCsvBytes(await bytes(await get('kwic.csv?q=strangers')))
    expect(strangers.records[0]!.text).toBe("we're no strangers to [Applause] love")
    const ja = readStrictCsvBytes(
      await bytes(await get(`kwic.csv?q=${encodeURIComponent('地下鉄')}&match=substring`)),
    )
    expect(ja.records.map((r) => [r.hit, r.title, r.offset])).toEqual([
      ['地下鉄', '東京', '0'],
      ['地下鉄', '東京', '3'],
    ])
  })

  it('describes the CSV in a provenance sidecar naming the collection’s source and the query', async () => {
    const res = await get('kwic.provenance.json?q=metro')
    expect(res.status).toBe(200)
    const provenance = (await res.json()) as Record<string, unknown>
    expect(provenance).toMatchObject({
      source: 'demo simulator (invented data)',
      dataSource: { kind: 'demo', url: null },
      query: { q: 'metro', match: 'words', sort: 'time' },
      lines: 2,
      videos: 1,
      exportedAt: '2026-11-25T12:00:00.000Z',
      collection: { id: KNOWN, name: 'Known "corpus", commas', url: '/collections/c_known' },
      viewUrl: '/collections/c_known?q=metro',
    })
    expect(Object.keys(provenance).slice(0, 2)).toEqual(['title', 'source'])
    // The sidecar names the CSV of the same query, and is named after it; another query gets another name.
    const csvName = /filename="(.+)"/.exec(
      (await get('kwic.csv?q=metro')).headers.get('Content-Disposition')!,
    )![1]!
    expect(provenance.describes).toBe(csvName)
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="${csvName.replace(/\.csv$/, '.provenance.json')}"`,
    )
    const other = (await get('kwic.csv?q=metro&sort=after')).headers.get('Content-Disposition')
    expect(other).not.toContain(csvName)
  })

  it('zips the corpus as converted tracks with a manifest and per-video provenance', async () => {
    const res = await get('corpus.zip?format=srt')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/zip')
    expect(res.headers.get('Content-Disposition')).toBe(
      'attachment; filename="corpus-c_known-srt-2026-11-25.zip"',
    )
    const files = readZip(await bytes(res))
    expect(Object.keys(files)).toEqual([
      'manifest.json',
      'vidEnglish0/vidEnglish0.en.srt',
      'vidRolling0/vidRolling0.en.srt',
      'vidJapanes0/vidJapanes0.ja.srt',
      'vidChinese0/vidChinese0.zh-Hans.srt',
    ])
    expect(strFromU8(files['vidRolling0/vidRolling0.en.srt']!)).toBe(
      '1\n00:00:00,000 --> 00:00:02,000\nso today we\n\n' +
        '2\n00:00:02,000 --> 00:00:04,000\nare going\n\n' +
        '3\n00:00:04,010 --> 00:00:06,010\nto the metropolis\n\n',
    )
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as {
      source: string
      kind: string
      files: number
      videos: { videoId: string; foundBy: unknown; file: string | null; track: Record<string, unknown> }[]
    }
    expect(manifest).toMatchObject({
      source: 'demo simulator (invented data)',
      kind: 'poix-corpus',
      files: 4,
    })
    expect(manifest.videos.map((v) => v.videoId)).toEqual([
      'vidEnglish0',
      'vidRolling0',
      'vidJapanes0',
      'vidChinese0',
      'vidMissing0',
    ])
    expect(manifest.videos[0]).toMatchObject({
      title: 'Morning commute',
      foundBy: ENGLISH.foundBy,
      file: 'vidEnglish0/vidEnglish0.en.srt',
      track: { state: 'collected', lang: 'en', mode: 'default', cueCount: 5, costUsd: 0.00053 },
    })
    expect(manifest.videos[4]).toMatchObject({ file: null, track: { state: 'wanted', lang: null } })
  })

  it.each([
    ['vtt', 'vidEnglish0/vidEnglish0.en.vtt', 'WEBVTT\nKind: captions\nLanguage: en\n\nNOTE\n'],
    ['ttml', 'vidEnglish0/vidEnglish0.en.ttml', '<?xml'],
    ['csv', 'vidEnglish0/vidEnglish0.en.csv', 'start,duration,text\r\n0,5,[Music]\r\n'],
    ['text', 'vidEnglish0/vidEnglish0.en.txt', '[Music]\nwe were running to the metro station\n'],
    ['json', 'vidEnglish0/vidEnglish0.en.json', '{\n  "provenance"'],
  ])('writes %s files', async (format, path, start) => {
    const files = readZip(await bytes(await get(`corpus.zip?format=${format}`)))
    expect(strFromU8(files[path]!).startsWith(start)).toBe(true)
  })

  it('writes a plain-text corpus, one .txt per video, timestamps when asked', async () => {
    const plain = readZip(await bytes(await get('corpus.zip?plain=1')))
    expect(Object.keys(plain).filter((n) => n.endsWith('.txt'))).toEqual([
      'vidEnglish0.txt',
      'vidRolling0.txt',
      'vidJapanes0.txt',
      'vidChinese0.txt',
    ])
    expect(strFromU8(plain['vidRolling0.txt']!)).toBe('so today we\nare going\nto the metropolis\n')
    const stamped = readZip(await bytes(await get('corpus.zip?plain=1&timestamps=1')))
    expect(strFromU8(stamped['vidRolling0.txt']!)).toBe(
      '[00:00:00.000] so today we\n[00:00:02.000] are going\n[00:00:04.010] to the metropolis\n',
    )
  })

  it('answers 404 for an unknown collection and 400 naming the parameter for bad input', async () => {
    for (const path of ['kwic.csv?q=metro', 'kwic.provenance.json?q=metro', 'corpus.zip'])
      expect((await corpus.app().request(`/api/collections/c_nothere/export/${path}`)).status, path).toBe(404)
    const refusals: [string, string][] = [
      ['kwic.csv', 'q'],
      ['kwic.csv?q=-metro', 'q'],
      ['kwic.csv?q=metro&sort=up', 'sort'],
      ['kwic.provenance.json?q=metro&match=x', 'match'],
      ['corpus.zip?format=doc', 'format'],
      ['corpus.zip?timestamps=yes', 'timestamps'],
      ['corpus.zip?plain=2', 'plain'],
      ['corpus.zip?zip=1', 'zip'],
    ]
    for (const [path, param] of refusals) {
      const res = await get(path)
      expect(res.status, path).toBe(400)
      expect(await res.json(), path).toMatchObject({ error: { code: 'invalid_query', param } })
    }
  })
})
