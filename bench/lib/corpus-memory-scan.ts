/**
 * The baseline for the corpus search: the same cues held in this process's memory, scanned cue by cue with a
 * case-insensitive whole-word pattern, in the collection's order (video, then cue).
 */
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

export type ScanResult = {
  hits: { videoId: string; seq: number }[]
  total: number
  /** Time until the first `limit` hits were found. */
  firstMs: number
  /** Time for the whole pass (the exact total). */
  totalMs: number
}

/** Every cue matching `pattern` (one per cue), keeping the first `limit`. */
export function scanCorpus(corpus: MemoryCorpus, pattern: RegExp, limit = 100): ScanResult {
  const re = new RegExp(pattern.source, pattern.flags.replace('g', ''))
  const t0 = performance.now()
  let firstMs = Number.NaN
  const hits: ScanResult['hits'] = []
  let total = 0
  corpus.texts.forEach((texts, v) => {
    for (let seq = 0; seq < texts.length; seq++) {
      if (!re.test(texts[seq]!)) continue
      total++
      if (hits.length < limit) {
        hits.push({ videoId: corpus.videoIds[v]!, seq })
        if (hits.length === limit) firstMs = performance.now() - t0
      }
    }
  })
  const totalMs = performance.now() - t0
  return { hits, total, firstMs: Number.isNaN(firstMs) ? totalMs : firstMs, totalMs }
}
