/** Videos: each recorded at a place with a few km of jitter, so distance filtering is meaningful. */
import type { LanguageCode } from '#contract/index.ts'
import { createRandom, hashSeed, type Random } from '../random.ts'
import {
  ANCHOR_CHANNEL,
  ANCHOR_VIDEO_ID,
  ASR_ONLY_VIDEO_ID,
  CJK_VIDEO_ID,
  HOSTILE_VIDEO_ID,
  LONG_VIDEO_ID,
  NO_CAPTIONS_VIDEO_ID,
  RTL_VIDEO_ID,
} from './anchors.ts'
import { newVideoId, uniqueId } from './ids.ts'
import type { CaptionTrackRecord, ChannelRecord, VideoRecord } from './model.ts'
import { PLACES, placeNamed, type Place } from './places.ts'
import { clock, DAY_MS, daysBeforeEpoch, fill, isoSeconds, logUniform, pickSome } from './text.ts'
import { THEME_WALKING, TIMES_OF_DAY, type Theme } from './themes.ts'

/** Total videos; Western Europe alone holds more than the ~500 a search can page through. */
const VIDEO_COUNT = 1200

/** Titles some local channels write in their own language. */
const NATIVE_TITLES: Partial<Record<LanguageCode, string[]>> = {
  fr: ['Balade à {area} ({city}) — 4K', '{city} : une journée à {area}'],
  'fr-CA': ['Promenade dans {area}, {city}'],
  es: ['Recorriendo {area}, {city}', 'Un día en {area} | {city}'],
  'es-419': ['Recorriendo {area}, {city} 🇲🇽🇦🇷', '¿Qué comer en {area}? {city}'],
  pt: ['Caminhando por {area} — {city} 4K', 'Um dia em {area}, {city}'],
  'pt-PT': ['Passeio por {area}, {city}'],
  de: ['Spaziergang durch {area}, {city}', '{city}: ein Tag in {area}'],
  it: ['Passeggiata a {area}, {city}'],
  nl: ['Wandelen door {area}, {city}'],
  ja: ['{area}を歩く | {city} 4K', '{city}の夜 — {area}', '【{city}】{area}の朝'],
  ko: ['{area} 걷기 | {city} 4K', '{city} {area} 브이로그'],
  'zh-CN': ['漫步{area} | {city} 4K', '{city}{area}一日游'],
  'zh-HK': ['{area}散步 | {city}'],
  'zh-TW': ['{area}夜市散步 | {city}'],
  ar: ['جولة في {area} - {city}', 'يوم في {area} | {city}'],
  fa: ['قدم زدن در {area} - {city}'],
  iw: ['סיור ב{area}, {city}'],
  hi: ['{area} की सैर | {city}'],
  ur: ['{area} کی سیر | {city}'],
  tr: ['{area} yürüyüşü | {city} 4K'],
  th: ['เดินเล่น {area} | {city}'],
  uk: ['Прогулянка {area}, {city}'],
  el: ['Βόλτα στην {area}, {city}'],
}

const EXTRA_CAPTION_LANGS: LanguageCode[] = [
  'en',
  'es',
  'fr',
  'de',
  'ja',
  'ar',
  'pt',
  'ko',
  'zh-CN',
  'fa',
  'iw',
  'ru',
  'hi',
  'it',
  'tr',
  'id',
]
const CAMERAS = [
  'Sony A7S III',
  'DJI Osmo Pocket 3',
  'iPhone 15 Pro',
  'GoPro HERO12',
  'DJI Mini 4 Pro',
  'Canon R6',
]

/** A point `km` away from the place in a seeded direction. */
function offsetPoint(place: Place, km: number, bearing: number): { lat: number; lng: number } {
  const lat = place.lat + (km / 111.32) * Math.cos(bearing)
  const lng = place.lng + (km / (111.32 * Math.cos((place.lat * Math.PI) / 180))) * Math.sin(bearing)
  return { lat: Number(lat.toFixed(5)), lng: Number(lng.toFixed(5)) }
}

/** Mostly within a few km of the centre, sometimes out to ~30 km (suburbs, airports, day trips). */
function jitterKm(r: Random): number {
  const roll = r.next()
  if (roll < 0.8) return 0.2 + r.next() * 5.8
  if (roll < 0.95) return 6 + r.next() * 9
  return 15 + r.next() * 15
}

function captionTracks(r: Random, place: Place): CaptionTrackRecord[] {
  if (r.chance(0.12)) return []
  const primary: LanguageCode = r.chance(0.65) ? place.lang : 'en'
  const tracks: CaptionTrackRecord[] = [{ lang: primary, source: r.chance(0.45) ? 'asr' : 'manual' }]
  const extras = pickSome(
    r,
    EXTRA_CAPTION_LANGS.filter((l) => l !== primary),
    r.int(0, 3),
  )
  return [...tracks, ...extras.map((lang) => ({ lang, source: 'manual' as const }))]
}

function durationFor(r: Random, theme: Theme): number {
  const longish = ['walking', 'transit', 'news', 'sport'].includes(theme.key)
  if (longish && r.chance(0.03)) return r.int(2 * 3600 + 60, 11 * 3600)
  return r.int(theme.duration[0], theme.duration[1])
}

function chapters(r: Random, durationSec: number, place: Place): string[] {
  if (durationSec < 600) return []
  const stops = pickSome(r, place.areas, Math.min(place.areas.length, r.int(2, 4)))
  const step = Math.floor(durationSec / (stops.length + 1))
  return ['0:00 Intro', ...stops.map((area, i) => `${clock(step * (i + 1) + r.int(0, 59))} ${area}`)]
}

function describe(
  r: Random,
  v: {
    theme: Theme
    place: Place
    area: string
    area2: string
    time: string
    durationSec: number
    handle: string
  },
): string {
  const vars = { city: v.place.name, area: v.area, area2: v.area2, time: v.time }
  const slug = v.handle.replace(/^@/, '')
  const lines = [fill(r.pick(v.theme.intros), vars), '']
  const ch = chapters(r, v.durationSec, v.place)
  if (ch.length) lines.push(...ch, '')
  lines.push(`📍 ${v.area}, ${v.place.name}`, `🎥 Filmed on ${r.pick(CAMERAS)}`, '')
  lines.push(`Support the channel: https://www.patreon.com/${encodeURIComponent(slug)}`)
  if (r.chance(0.6))
    lines.push(
      `Map of the route: https://maps.example.com/?q=${encodeURIComponent(`${v.area}, ${v.place.name}`)}`,
    )
  lines.push(
    '',
    `#${v.place.name.replace(/\s+/g, '')} #${v.theme.tags[0]!.replace(/\s+/g, '')} #${v.theme.key}`,
  )
  return lines.join('\n')
}

type Spec = {
  id?: string
  channel: ChannelRecord
  place: Place
  theme?: Theme
  durationSec?: number
  tracks?: CaptionTrackRecord[]
  maxJitterKm?: number
}

function makeVideo(r: Random, taken: Set<string>, s: Spec): VideoRecord {
  const id = s.id ?? uniqueId(taken, () => newVideoId(r))
  const theme = s.theme ?? s.channel.theme
  const [area, area2] = pickSome(r, s.place.areas, 2) as [string, string]
  const time = r.pick(TIMES_OF_DAY)
  const vars = { city: s.place.name, area, area2, time, n: r.int(3, 12), year: 2020 + r.int(0, 6) }
  const native = NATIVE_TITLES[s.place.lang]
  const title = fill(
    native && s.channel.home === s.place && r.chance(0.35) ? r.pick(native) : r.pick(theme.videoTitles),
    vars,
  )
  const durationSec = s.durationSec ?? durationFor(r, theme)
  const km = Math.min(jitterKm(r), s.maxJitterKm ?? Infinity)
  const at = offsetPoint(s.place, km, r.next() * 2 * Math.PI)
  const viewCount = logUniform(r, 120, 25_000_000)
  const likeCount = Math.floor(viewCount * (0.005 + r.next() * 0.055))
  const channelStart = Date.parse(s.channel.publishedAt)
  const published = Math.max(
    daysBeforeEpoch(r, 1, 6 * 365),
    channelStart + 30 * DAY_MS + r.int(0, 90) * DAY_MS,
  )
  return {
    id,
    channelId: s.channel.id,
    channelTitle: s.channel.title,
    title,
    description: describe(r, {
      theme,
      place: s.place,
      area,
      area2,
      time,
      durationSec,
      handle: s.channel.customUrl,
    }),
    publishedAt: isoSeconds(published),
    lat: at.lat,
    lng: at.lng,
    place: s.place,
    tags: [...pickSome(r, theme.tags, r.int(2, 4)), s.place.name.toLowerCase(), area.toLowerCase()],
    categoryId: theme.categoryId,
    categoryTitle: theme.categoryTitle,
    topicCategories: theme.topics.map((t) => t.uri),
    viewCount,
    likeCount,
    commentCount: Math.floor(likeCount * (0.01 + r.next() * 0.14)),
    uploadStatus: 'processed',
    privacyStatus: 'public',
    license: r.chance(0.1) ? 'creativeCommon' : 'youtube',
    embeddable: !r.chance(0.05),
    publicStatsViewable: !r.chance(0.07),
    madeForKids: s.channel.madeForKids,
    hasPaidProductPlacement: r.chance(0.12),
    durationSec,
    captionTracks: s.tracks ?? captionTracks(r, s.place),
  }
}

function anchorVideo(rick: ChannelRecord): VideoRecord {
  return {
    id: ANCHOR_VIDEO_ID,
    channelId: rick.id,
    channelTitle: rick.title,
    title: 'Rick Astley - Never Gonna Give You Up (Official Music Video)',
    description: [
      'The official video for “Never Gonna Give You Up” by Rick Astley.',
      '',
      'Never: The Autobiography 📚 OUT NOW!',
      'Follow this link to get your copy and listen to Rick’s ‘Never’ playlist ❤️ #RickAstleyNever',
      'https://linktr.ee/rickastleynever',
      '',
      '“Never Gonna Give You Up” was a global smash on its release in July 1987, topping the charts in 25 countries.',
      '',
      'Subscribe to the official Rick Astley YouTube channel: https://RickAstley.lnk.to/YTSubID',
      '',
      'Follow Rick Astley:',
      'Facebook: https://RickAstley.lnk.to/FBFollowID',
      'Instagram: https://RickAstley.lnk.to/InstagramID',
      'Website: https://RickAstley.lnk.to/storeID',
      '',
      '#RickAstley #NeverGonnaGiveYouUp #WheneverYouNeedSomebody #OfficialMusicVideo',
    ].join('\n'),
    publishedAt: '2009-10-25T06:57:33Z',
    lat: 51.50941,
    lng: -0.11912,
    place: placeNamed('London'),
    tags: [
      'rick astley',
      'Never Gonna Give You Up',
      'nggyu',
      'never gonna give you up lyrics',
      'rick rolled',
      'Rick Roll',
      'rick astley official',
      'rickrolled',
      '80s music',
      'pop',
    ],
    categoryId: '10',
    categoryTitle: 'Music',
    topicCategories: ['https://en.wikipedia.org/wiki/Music', 'https://en.wikipedia.org/wiki/Pop_music'],
    viewCount: 1_702_345_118,
    likeCount: 18_402_113,
    commentCount: 2_404_561,
    uploadStatus: 'processed',
    privacyStatus: 'public',
    license: 'youtube',
    embeddable: true,
    publicStatsViewable: true,
    madeForKids: false,
    hasPaidProductPlacement: false,
    durationSec: 213,
    captionTracks: (['en', 'es', 'de', 'fr', 'ja', 'ar'] as const).map((lang) => ({
      lang,
      source: 'manual' as const,
    })),
  }
}

function weightedPlace(r: Random): Place {
  const total = PLACES.reduce((s, p) => s + p.weight, 0)
  let roll = r.next() * total
  for (const place of PLACES) {
    roll -= place.weight
    if (roll < 0) return place
  }
  return PLACES[PLACES.length - 1]!
}

export function buildVideos(channels: ChannelRecord[]): VideoRecord[] {
  const r = createRandom(hashSeed('videos'))
  const fixedIds = [
    ANCHOR_VIDEO_ID,
    LONG_VIDEO_ID,
    NO_CAPTIONS_VIDEO_ID,
    RTL_VIDEO_ID,
    CJK_VIDEO_ID,
    ASR_ONLY_VIDEO_ID,
    HOSTILE_VIDEO_ID,
  ]
  const taken = new Set<string>(fixedIds)
  const rick = channels.find((c) => c.id === ANCHOR_CHANNEL.id)!
  const localAt = (place: Place) => channels.filter((c) => c.home === place && !c.roams && c.id !== rick.id)
  const travellers = channels.filter((c) => c.roams)
  const at = (name: string) => placeNamed(name)
  const videos: VideoRecord[] = [anchorVideo(rick)]
  const add = (s: Spec) => videos.push(makeVideo(r, taken, s))

  for (let i = 0; i < 5; i++) add({ channel: rick, place: at('London'), theme: rick.theme, maxJitterKm: 12 })
  add({
    id: LONG_VIDEO_ID,
    channel: localAt(at('Tokyo'))[0]!,
    place: at('Tokyo'),
    theme: THEME_WALKING,
    durationSec: 8 * 3600 + 2 * 60 + 11,
    tracks: [{ lang: 'ja', source: 'asr' }],
  })
  add({
    id: NO_CAPTIONS_VIDEO_ID,
    channel: localAt(at('Paris'))[0]!,
    place: at('Paris'),
    tracks: [],
    maxJitterKm: 6,
  })
  add({
    id: HOSTILE_VIDEO_ID,
    channel: localAt(at('Paris'))[1]!,
    place: at('Paris'),
    maxJitterKm: 6,
    tracks: [
      { lang: 'fr', source: 'manual' },
      { lang: 'en', source: 'manual' },
    ],
  })
  add({
    id: RTL_VIDEO_ID,
    channel: localAt(at('Cairo'))[0]!,
    place: at('Cairo'),
    tracks: [
      { lang: 'ar', source: 'manual' },
      { lang: 'fa', source: 'manual' },
      { lang: 'iw', source: 'manual' },
      { lang: 'en', source: 'asr' },
    ],
  })
  add({
    id: CJK_VIDEO_ID,
    channel: localAt(at('Tokyo'))[0]!,
    place: at('Tokyo'),
    tracks: [
      { lang: 'ja', source: 'manual' },
      { lang: 'zh-CN', source: 'manual' },
      { lang: 'ko', source: 'manual' },
      { lang: 'en', source: 'manual' },
    ],
  })
  add({
    id: ASR_ONLY_VIDEO_ID,
    channel: localAt(at('New York'))[0]!,
    place: at('New York'),
    tracks: [{ lang: 'en', source: 'asr' }],
  })

  // Every channel gets at least one video at home, then the rest follow the places' weights.
  for (const channel of channels) if (channel.id !== rick.id) add({ channel, place: channel.home })
  while (videos.length < VIDEO_COUNT) {
    const place = weightedPlace(r)
    const locals = localAt(place)
    add({ channel: locals.length > 0 && r.chance(0.8) ? r.pick(locals) : r.pick(travellers), place })
  }
  return videos
}

/** Channel totals that depend on the videos: count and trailer (the channel's most viewed video). */
export function linkChannelsToVideos(channels: ChannelRecord[], videos: VideoRecord[]): void {
  const r = createRandom(hashSeed('channel-video-counts'))
  for (const channel of channels) {
    const own = videos.filter((v) => v.channelId === channel.id).sort((a, b) => b.viewCount - a.viewCount)
    channel.videoCount = own.length + r.int(0, 600)
    channel.unsubscribedTrailer = own[0]?.id ?? ''
  }
}
