/** How long each operation's answers stay in the function's cache (seconds); CACHE_TTL_SECONDS overrides any of them. */
import { PRICES_USD, type Operation } from '#contract/index.ts'

/** Key for the brief cache of "no captions in that language" answers. */
export const CAPTIONS_UNAVAILABLE = 'captions_unavailable'

type CacheTtlKey = Operation | typeof CAPTIONS_UNAVAILABLE
export type CacheTtls = Record<CacheTtlKey, number>

const HOUR = 3600
const DAY = 24 * HOUR

/** Captions and caption lists barely change; search and replies grow; the popular list moves within the hour. */
export const DEFAULT_CACHE_TTLS: CacheTtls = {
  'GET /search': HOUR,
  'GET /popularVideos': 15 * 60,
  'GET /captions/{videoId}': 7 * DAY,
  'GET /files/captions/{videoId}': 7 * DAY,
  'GET /commentReplies': HOUR,
  'GET /channels': DAY,
  'GET /videos': DAY,
  'GET /autocomplete': HOUR,
  'GET /playlistItems': HOUR,
  'GET /commentThreads': HOUR,
  'GET /files/audio/{videoId}': HOUR,
  'GET /files/video/{videoId}': HOUR,
  'GET /files/thumbnails/{videoId}': DAY,
  [CAPTIONS_UNAVAILABLE]: 10 * 60,
}

const KEYS = [...Object.keys(PRICES_USD), CAPTIONS_UNAVAILABLE] as CacheTtlKey[]
const MAX_TTL = 365 * DAY

/**
 * Parses CACHE_TTL_SECONDS, a JSON object such as `{"GET /search": 600, "captions_unavailable": 0}`;
 * 0 turns caching off for that operation. Throws a sentence naming the wrong key or value.
 */
export function parseCacheTtls(raw: string | undefined): CacheTtls {
  if (!raw?.trim()) return { ...DEFAULT_CACHE_TTLS }
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    throw new Error('CACHE_TTL_SECONDS must be a JSON object such as {"GET /search": 3600}.')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('CACHE_TTL_SECONDS must be a JSON object such as {"GET /search": 3600}.')
  }
  const ttls = { ...DEFAULT_CACHE_TTLS }
  for (const [key, value] of Object.entries(parsed)) {
    if (!KEYS.includes(key as CacheTtlKey))
      throw new Error(`CACHE_TTL_SECONDS: "${key.slice(0, 60)}" is not one of ${KEYS.join(', ')}.`)
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_TTL) {
      throw new Error(`CACHE_TTL_SECONDS: "${key}" must be a whole number of seconds from 0 to ${MAX_TTL}.`)
    }
    ttls[key as CacheTtlKey] = value
  }
  return ttls
}
