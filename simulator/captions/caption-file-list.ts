/** The caption file list (spec 2.5, 4.3): one entry per native track × format. */
import {
  CAPTION_FORMATS,
  PLATFORM_URL_FORMATS,
  type CaptionFileEntry,
  type CaptionFormat,
} from '#contract/index.ts'
import { hashSeed, SIMULATOR_EPOCH_MS } from '../random.ts'
import type { CaptionSubject } from '../types.ts'
import { trackLanguageName } from './language-names.ts'

/** Platform URLs are signed for six hours; ours expire six hours after the simulator's fixed epoch (deterministic). */
const URL_LIFETIME_SEC = 6 * 3600

/**
 * Entries for the video's native tracks, narrowed by `filter` (a language without a native track gives []).
 * `staticUrl` is `${baseUrl}/captions/<videoId>?format=<format>&lang=<lang>`; `url` only for PLATFORM_URL_FORMATS.
 */
export function captionFileList(
  subject: CaptionSubject,
  baseUrl: string,
  filter: { lang?: string; format?: CaptionFormat },
): CaptionFileEntry[] {
  const base = baseUrl.replace(/\/+$/, '')
  const formats = CAPTION_FORMATS.filter((format) => filter.format === undefined || format === filter.format)
  return subject.tracks
    .filter((track) => filter.lang === undefined || track.lang === filter.lang)
    .flatMap((track) =>
      formats.map((format): CaptionFileEntry => {
        const staticUrl = `${base}/captions/${encodeURIComponent(subject.videoId)}?format=${format}&lang=${encodeURIComponent(track.lang)}`
        const entry: CaptionFileEntry = {
          languageName: trackLanguageName(track.lang, track.source),
          languageCode: track.lang,
          format,
        }
        if (PLATFORM_URL_FORMATS.includes(format))
          entry.url = platformUrl(subject.videoId, track.lang, track.source === 'asr', format)
        entry.staticUrl = staticUrl
        return entry
      }),
    )
}

/** A signed-looking timedtext address, the same for the same track and format every time. */
function platformUrl(videoId: string, lang: string, asr: boolean, format: CaptionFormat): string {
  const expire = Math.floor(SIMULATOR_EPOCH_MS / 1000) + URL_LIFETIME_SEC
  const params = new URLSearchParams({ v: videoId })
  if (asr) params.set('caps', 'asr')
  params.set('xoaf', '5')
  params.set('hl', 'en')
  params.set('ip', '0.0.0.0')
  params.set('ipbits', '0')
  params.set('expire', String(expire))
  params.set('sparams', asr ? 'ip,ipbits,expire,v,caps,xoaf' : 'ip,ipbits,expire,v,xoaf')
  params.set('signature', `${hexDigest(videoId, lang, expire, 'a')}.${hexDigest(videoId, lang, expire, 'b')}`)
  params.set('key', 'yt8')
  if (asr) params.set('kind', 'asr')
  params.set('lang', lang)
  params.set('fmt', format)
  return `https://www.youtube.com/api/timedtext?${params.toString()}`
}

/** 40 upper-case hex digits from five chained FNV hashes: looks like the platform's signature halves. */
function hexDigest(...parts: (string | number)[]): string {
  let digest = ''
  let seed = hashSeed(...parts)
  for (let round = 0; round < 5; round++) {
    digest += seed.toString(16).padStart(8, '0')
    seed = hashSeed(seed, round, ...parts)
  }
  return digest.toUpperCase()
}
