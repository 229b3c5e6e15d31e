import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { corpusGenerator, type CorpusGenerator, type GeneratedVideo } from './corpus-generator.ts'
import { memoryCorpus, NEIGHBOURS, scanAnswer } from './corpus-memory-scan.ts'
import { PROBES } from './corpus-words.ts'
import { buildPeer, peerHits, probePeer, type PeerTiming } from './fts5-peer.ts'

const GENERATED = 3
/** After the generated videos: the rare word at a video's first and last cue, where the neighbours are cut short. */
const edges: GeneratedVideo = {
  index: GENERATED,
  videoId: 'edges',
  lang: 'en',
  cfg: 'english',
  cues: ['Funicular first', 'one', 'two', 'three', 'four', 'the last FUNICULAR'].map((text, i) => ({
    start: i,
    duration: 1,
    text,
    sounds: [],
  })),
}
const VIDEOS = GENERATED + 1
const withEdges = (generator: CorpusGenerator): CorpusGenerator => ({
  video: (i) => (i < GENERATED ? generator.video(i) : edges),
})
const PAGE = 20
const PROBE_QUERIES = [
  { key: 'common', match: PROBES.common.word, pattern: new RegExp(`\\b${PROBES.common.word}\\b`, 'i') },
  { key: 'rare', match: PROBES.rare.word, pattern: new RegExp(`\\b${PROBES.rare.word}\\b`, 'i') },
  {
    key: 'phrase',
    match: `"${PROBES.phrase.join(' ')}"`,
    pattern: new RegExp(`\\b${PROBES.phrase.join(' ')}\\b`, 'i'),
  },
]

describe('the SQLite FTS5 peer (python3 sqlite3) on 3 generated videos', () => {
  let dir: string
  let file: string
  let loaded: Awaited<ReturnType<typeof buildPeer>>
  let timings: PeerTiming[]
  const corpus = memoryCorpus()

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fts5-peer-'))
    file = join(dir, 'peer.sqlite')
    const generator = withEdges(corpusGenerator())
    for (let i = 0; i < VIDEOS; i++) corpus.keep(generator.video(i))
    loaded = await buildPeer(file, withEdges(corpusGenerator()), VIDEOS)
    timings = await probePeer(file, {
      probes: PROBE_QUERIES.map(({ key, match }) => ({ key, match })),
      warmUp: 1,
      runs: 2,
      limit: PAGE,
      neighbours: NEIGHBOURS,
    })
  }, 30_000)
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('loads every generated cue and reports the file it wrote', () => {
    expect(loaded.videos).toBe(VIDEOS)
    expect(loaded.cues).toBe(corpus.cues)
    expect(loaded.sizeBytes).toBeGreaterThan(0)
  })

  it.each(PROBE_QUERIES)(
    '$key: the same total, the same first hits and the same KWIC lines as the memory scan',
    ({ key, pattern }) => {
      const t = timings.find((p) => p.key === key)!
      const scan = scanAnswer(corpus, pattern, PAGE)
      expect(scan.total).toBeGreaterThan(0)
      expect(t.total).toBe(scan.total)
      expect(peerHits(t.page)).toEqual(scan.hits)
    },
  )

  it('times the runs asked for, not the warm-up', () => {
    for (const t of timings) {
      expect(t.answerMs).toHaveLength(2)
      expect(t.pageMs).toHaveLength(2)
      expect(t.countMs).toHaveLength(2)
      expect(t.firstAnswerMs).toBeGreaterThan(0)
    }
  })

  it('names what failed when the script cannot build', async () => {
    await expect(buildPeer(join(dir, 'missing', 'x.sqlite'), corpusGenerator(), 1)).rejects.toThrow(
      /fts5-peer\.py build exited with 1: .*unable to open database/s,
    )
  })
})
