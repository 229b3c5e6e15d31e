/** The Postgres text-search configuration for a caption language: its stemming where Postgres has one, `simple` otherwise. */

/** Configurations this function writes into corpus_tracks.cfg; the query builder accepts no other name into SQL. */
export const TEXT_SEARCH_CONFIGS = [
  'simple',
  'english',
  'spanish',
  'german',
  'french',
  'portuguese',
  'italian',
  'dutch',
  'turkish',
  'russian',
  'swedish',
  'danish',
  'finnish',
  'hungarian',
  'norwegian',
  'romanian',
  'arabic',
  'greek',
  'indonesian',
  'catalan',
  'basque',
  'hindi',
  'tamil',
  'nepali',
  'lithuanian',
  'estonian',
  'serbian',
  'armenian',
  'irish',
  'yiddish',
] as const

export type TextSearchConfig = (typeof TEXT_SEARCH_CONFIGS)[number]

/** Primary language subtag → configuration (en-GB, es-419, pt-PT, fr-CA, sr-Latn follow their primary tag). */
const BY_LANGUAGE: Record<string, TextSearchConfig> = {
  en: 'english',
  es: 'spanish',
  de: 'german',
  fr: 'french',
  pt: 'portuguese',
  it: 'italian',
  nl: 'dutch',
  tr: 'turkish',
  ru: 'russian',
  sv: 'swedish',
  da: 'danish',
  fi: 'finnish',
  hu: 'hungarian',
  no: 'norwegian',
  ro: 'romanian',
  ar: 'arabic',
  el: 'greek',
  id: 'indonesian',
  ca: 'catalan',
  eu: 'basque',
  hi: 'hindi',
  ta: 'tamil',
  ne: 'nepali',
  lt: 'lithuanian',
  et: 'estonian',
  sr: 'serbian',
  hy: 'armenian',
  ga: 'irish',
  yi: 'yiddish',
}

/** `en-GB` → `english`, `ja` → `simple`: Postgres has no stemmer for ja, zh, ko and most others. */
export function textSearchConfig(lang: string): TextSearchConfig {
  const primary = lang.trim().toLowerCase().split(/[-_]/)[0] ?? ''
  return BY_LANGUAGE[primary] ?? 'simple'
}

export function isTextSearchConfig(name: string): name is TextSearchConfig {
  return (TEXT_SEARCH_CONFIGS as readonly string[]).includes(name)
}
