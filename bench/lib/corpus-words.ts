/**
 * The generated corpus's vocabulary: tens of thousands of made-up word forms per language with Zipf-like
 * frequencies (rank r drawn with weight 1 / (r + 2.7)), seeded so every run draws the same corpus.
 * English stems come with inflected forms (-s, -ing, -ed) so stemming has something to fold.
 */

/** mulberry32: a small, fast, well-distributed 32-bit generator; the same seed gives the same sequence. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export type CorpusLanguage = 'en' | 'es' | 'de' | 'ja'

/** A vocabulary ordered by rank, and a sampler that draws a rank with Zipf-like probability. */
export type Vocabulary = {
  lang: CorpusLanguage
  words: readonly string[]
  /** Draws a word; `random` is the caller's generator so a video's text depends only on its own seed. */
  draw(random: () => number): string
}

/** Words the benchmark searches for, placed at known ranks of the English vocabulary (0 = most frequent). */
export const PROBES = {
  /** A common word: rank 30, in roughly one cue in fifty. */
  common: { word: 'people', rank: 30 },
  /** A rare word: rank 20,000, in roughly one cue in a hundred thousand. */
  rare: { word: 'funicular', rank: 20_000 },
  /** The phrase's words; the phrase itself is also spliced into some cues (PHRASE_RATE). */
  phrase: ['metro', 'station'] as const,
} as const
/** About one English cue in 5,000 says the phrase. */
export const PHRASE_RATE = 1 / 5000

const FUNCTION_WORDS: Record<Exclude<CorpusLanguage, 'ja'>, string[]> = {
  en: 'the and to of a in that it is you i for was on with he this as we but be have at they not are so what from all'.split(
    ' ',
  ),
  es: 'de la que el en y a los se del las un por con no una su para es al lo como más pero sus le ya o este'.split(
    ' ',
  ),
  de: 'der die und in den von zu das mit sich des auf für ist im dem nicht ein eine als auch es an werden aus er hat'.split(
    ' ',
  ),
}

const CONSONANTS = 'bcdfghjklmnprstvwz'
const VOWELS = 'aeiou'
const KANA =
  'あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをんがぎぐげござじずぜぞだでどばびぶべぼ'
const KANJI =
  '日本人大年一国中出見行時方上生会分事自社者地業新場員立開手力問代明動京目通言理体田主題意不作用度強公持野以思家世多正安院心界教文元重近考画海売知道集別物使品計死特私始朝運終台広住真有口少町料工建空急止送切転研足究楽起着店病質待試族銀早映親験英医仕去味写字答夜音注帰古歌買悪図週室歩風紙黒花春赤青館屋色走秋夏習駅洋旅服夕借曜飲肉貸堂鳥飯勉冬昼茶弟牛魚兄犬妹姉漢'

/** Word weights 1/(r + 2.7): the Zipf–Mandelbrot shape of natural text. */
function zipfSampler(size: number): (random: () => number) => number {
  const cumulative = new Float64Array(size)
  let total = 0
  for (let r = 0; r < size; r++) cumulative[r] = total += 1 / (r + 2.7)
  return (random) => {
    const x = random() * total
    let lo = 0
    let hi = size - 1
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (cumulative[mid]! < x) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}

function syllables(random: () => number, count: number): string {
  let s = ''
  for (let i = 0; i < count; i++) {
    s += CONSONANTS[Math.floor(random() * CONSONANTS.length)]! + VOWELS[Math.floor(random() * VOWELS.length)]!
    if (random() < 0.3) s += CONSONANTS[Math.floor(random() * CONSONANTS.length)]!
  }
  return s
}

/** Distinct made-up forms; for English each stem brings its inflections, ranked next to each other. */
function madeUpWords(lang: CorpusLanguage, size: number, seed: number): string[] {
  const random = seededRandom(seed)
  const seen = new Set<string>()
  const out: string[] = []
  const add = (w: string) => {
    if (out.length < size && !seen.has(w)) {
      seen.add(w)
      out.push(w)
    }
  }
  for (const w of lang === 'ja' ? [] : FUNCTION_WORDS[lang]) add(w)
  while (out.length < size) {
    if (lang === 'ja') {
      const kanji = 1 + Math.floor(random() * 2)
      let w = ''
      for (let i = 0; i < kanji; i++) w += KANJI[Math.floor(random() * KANJI.length)]!
      for (let i = Math.floor(random() * 3); i > 0; i--) w += KANA[Math.floor(random() * KANA.length)]!
      add(w)
      continue
    }
    const stem = syllables(random, 1 + Math.floor(random() * 3))
    if (lang === 'en') for (const form of [stem, `${stem}s`, `${stem}ing`, `${stem}ed`]) add(form)
    else if (lang === 'es') for (const form of [stem, `${stem}s`, `${stem}ndo`]) add(form)
    else for (const form of [stem, `${stem}en`, `ge${stem}t`]) add(form)
  }
  return out
}

/** Puts the probe words at their ranks; the made-up word there moves to the end (the vocabulary grows by up to 4). */
function placeProbes(words: string[]): void {
  const put = (word: string, rank: number) => {
    const at = words.indexOf(word)
    if (at >= 0) words.splice(at, 1)
    words.push(words[rank]!)
    words[rank] = word
  }
  put(PROBES.common.word, PROBES.common.rank)
  put(PROBES.rare.word, PROBES.rare.rank)
  put(PROBES.phrase[0], 900)
  put(PROBES.phrase[1], 700)
}

export const VOCABULARY_SIZE: Record<CorpusLanguage, number> = {
  en: 48_000,
  es: 24_000,
  de: 24_000,
  ja: 12_000,
}

export function makeVocabulary(lang: CorpusLanguage, seed = 15): Vocabulary {
  const words = madeUpWords(lang, VOCABULARY_SIZE[lang], seed * 31 + lang.charCodeAt(0))
  if (lang === 'en') placeProbes(words)
  const rank = zipfSampler(words.length)
  return { lang, words, draw: (random) => words[rank(random)]! }
}
