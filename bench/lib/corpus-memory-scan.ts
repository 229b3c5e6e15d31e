/**
 * The baseline for the corpus search: the same cues held in this process's memory, scanned cue by cue with a
 * case-insensitive whole-word pattern in the collection's order (video, then cue), giving the same answer as the
 * search — the first `limit` hits as KWIC lines (the product's kwicLine, three neighbouring cues each side) and the
 * exact total. docs/decisions/0152.
 */
import { kwicLine, type Kwic } from '#server/collections/search/kwic.ts'
import type { GeneratedVideo } from './corpus-generator.ts'

export type MemoryCorpus = { videoIds: string[]; texts: string[][]; cues: number }

export function memoryCorpus(): MemoryCorpus & { keep(video: GeneratedVideo): void } {
  const corpus = {
    videoIds: [] as string[],
    texts: [] as string[][],
    cues: 0,
    keep(video: GeneratedVideo) {
      corpus.videoIds[video.index] = video.videoId
      corpus.texts[video.index] = video.cues.map((c) => c.text)
      corpus.cues += video.cues.length
    },
  }
  return corpus
}

export type HitKey = { videoId: string; seq: number }
export type ScanAnswer = {
  hits: (HitKey & Kwic)[]
  total: number
  /** Time for the whole answer (the exact total needs the whole pass). */
  ms: number
}

/** The search's neighbouring cues on each side (search-collection.ts). */
export const NEIGHBOURS = 3

function line(texts: string[], seq: number, match: RegExpExecArray): Kwic {
  const joined = (from: number, to: number) => texts.slice(Math.max(0, from), to).join(' ') || null
  const span = { start: match.index, end: match.index + match[0].length }
  return kwicLine(texts[seq]!, span, joined(seq - NEIGHBOURS, seq), joined(seq + 1, seq + 1 + NEIGHBOURS))
}

/** Every cue matching `pattern` (one per cue), the first `limit` as KWIC lines. */
export function scanAnswer(corpus: MemoryCorpus, pattern: RegExp, limit = 100): ScanAnswer {
  const re = new RegExp(pattern.source, pattern.flags.replace('g', ''))
  const t0 = performance.now()
  const hits: ScanAnswer['hits'] = []
  let total = 0
  corpus.texts.forEach((texts, v) => {
    for (let seq = 0; seq < texts.length; seq++) {
      if (hits.length >= limit) {
        if (re.test(texts[seq]!)) total++
        continue
      }
      const match = re.exec(texts[seq]!)
      if (!match) continue
      total++
      hits.push({ videoId: corpus.videoIds[v]!, seq, ...line(texts, seq, match) })
    }
  })
  return { hits, total, ms: performance.now() - t0 }
}
