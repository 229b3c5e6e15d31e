/**
 * The generated research corpus: videos of about 1,000 cues (600–1,400), cues of 5–12 words drawn from each
 * language's Zipf vocabulary (bench/lib/corpus-words.ts), mostly English, some Spanish and German, some Japanese
 * written without spaces, an occasional `[Music]` marker. Video i depends only on (seed, i): the loaders and the
 * in-memory baseline regenerate the same cues independently.
 */
import {
  makeVocabulary,
  PHRASE_RATE,
  PROBES,
  seededRandom,
  type CorpusLanguage,
  type Vocabulary,
} from './corpus-words.ts'

type GeneratedCue = { start: number; duration: number; text: string; sounds: string[] }
export type GeneratedVideo = {
  index: number
  videoId: string
  lang: CorpusLanguage
  /** The text-search configuration the design gives the language (server/collections/text-search-config.ts). */
  cfg: 'english' | 'spanish' | 'german' | 'simple'
  cues: GeneratedCue[]
}

const CONFIG: Record<CorpusLanguage, GeneratedVideo['cfg']> = {
  en: 'english',
  es: 'spanish',
  de: 'german',
  ja: 'simple',
}
const MUSIC_RATE = 0.01

/** Bumped whenever the generated text changes: cached databases of another version are rebuilt (corpus-cache.ts). */
export const GENERATOR_VERSION = 1

export type CorpusGenerator = { video(index: number): GeneratedVideo }

/** 11 characters of the video-id alphabet, distinct per index. */
export const corpusVideoId = (index: number) => `cb${index.toString(36).padStart(9, '0')}`

function languageOf(random: () => number): CorpusLanguage {
  const x = random()
  return x < 0.8 ? 'en' : x < 0.88 ? 'es' : x < 0.95 ? 'de' : 'ja'
}

function cueText(vocabulary: Vocabulary, random: () => number): string {
  const count = 5 + Math.floor(random() * 8)
  const words: string[] = []
  for (let i = 0; i < count; i++) words.push(vocabulary.draw(random))
  if (vocabulary.lang === 'en' && random() < PHRASE_RATE)
    words.splice(Math.floor(random() * words.length), 1, ...PROBES.phrase)
  if (vocabulary.lang === 'ja') return words.join('')
  const text = words.join(' ')
  return text[0]!.toUpperCase() + text.slice(1)
}

export function corpusGenerator(seed = 15): CorpusGenerator {
  const vocabularies = new Map<CorpusLanguage, Vocabulary>()
  const vocabulary = (lang: CorpusLanguage) => {
    let v = vocabularies.get(lang)
    if (!v) vocabularies.set(lang, (v = makeVocabulary(lang, seed)))
    return v
  }
  return {
    video(index) {
      const random = seededRandom(seed * 1_000_003 + index)
      const lang = languageOf(random)
      const words = vocabulary(lang)
      const cueCount = 600 + Math.floor(random() * 801)
      const cues: GeneratedCue[] = []
      let start = 0
      for (let seq = 0; seq < cueCount; seq++) {
        const duration = Math.round((1.5 + random() * 2.5) * 1000) / 1000
        const music = random() < MUSIC_RATE
        const text = music
          ? random() < 0.5
            ? '[Music]'
            : `[Music] ${cueText(words, random)}`
          : cueText(words, random)
        cues.push({ start, duration, text, sounds: music ? ['music'] : [] })
        start = Math.round((start + duration) * 1000) / 1000
      }
      return { index, videoId: corpusVideoId(index), lang, cfg: CONFIG[lang], cues }
    },
  }
}
