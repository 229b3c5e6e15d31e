/** Channels: one or more per place (denser where the place is), a few travelling ones, and the anchor channel. */
import { createRandom, hashSeed, type Random } from '../random.ts'
import { ANCHOR_CHANNEL } from './anchors.ts'
import { newChannelId, ID_ALPHABET, uniqueId } from './ids.ts'
import type { ChannelRecord, ThumbnailSet } from './model.ts'
import { PLACES, placeNamed, type Place } from './places.ts'
import { asciiSlug, daysBeforeEpoch, fill, isoSeconds, logUniform, pickSome } from './text.ts'
import {
  LOCALIZED_HL,
  LOCALIZED_TAGLINES,
  THEMES,
  THEME_MUSIC,
  THEME_WALKING,
  type LocalizedHl,
  type Theme,
} from './themes.ts'

/** City names in their own script, for non-Latin handles. */
const NATIVE_CITY: Record<string, string> = {
  Tokyo: '東京',
  Osaka: '大阪',
  Seoul: '서울',
  Shanghai: '上海',
  'Hong Kong': '香港',
  Taipei: '台北',
  Cairo: 'القاهرة',
  Dubai: 'دبي',
  Casablanca: 'الدار_البيضاء',
  Tehran: 'تهران',
  'Tel Aviv': 'תל_אביב',
  Kyiv: 'Київ',
  Athens: 'Αθήνα',
  Bangkok: 'กรุงเทพ',
  Mumbai: 'मुंबई',
  Delhi: 'दिल्ली',
  Karachi: 'کراچی',
  'Addis Ababa': 'አዲስ_አበባ',
}

/** Exonyms used in localized channel titles; other places keep their name. */
const EXONYMS: Record<string, Partial<Record<LocalizedHl, string>>> = {
  London: { es: 'Londres', fr: 'Londres', ja: 'ロンドン', ar: 'لندن' },
  Paris: { ja: 'パリ', ar: 'باريس' },
  Tokyo: { ja: '東京', ar: 'طوكيو', es: 'Tokio' },
  'New York': { es: 'Nueva York', ja: 'ニューヨーク', ar: 'نيويورك' },
  Cairo: { es: 'El Cairo', fr: 'Le Caire', de: 'Kairo', ja: 'カイロ', ar: 'القاهرة' },
  Berlin: { es: 'Berlín', ja: 'ベルリン', ar: 'برلين' },
  Brussels: { es: 'Bruselas', fr: 'Bruxelles', de: 'Brüssel', ja: 'ブリュッセル', ar: 'بروكسل' },
  Munich: { es: 'Múnich', fr: 'Munich', de: 'München', ja: 'ミュンヘン', ar: 'ميونخ' },
  Seoul: { es: 'Seúl', fr: 'Séoul', ja: 'ソウル', ar: 'سول' },
  'Mexico City': {
    es: 'Ciudad de México',
    fr: 'Mexico',
    de: 'Mexiko-Stadt',
    ja: 'メキシコシティ',
    ar: 'مكسيكو سيتي',
  },
  'São Paulo': { ja: 'サンパウロ', ar: 'ساو باولو' },
  Nairobi: { ja: 'ナイロビ', ar: 'نيروبي' },
  Sydney: { es: 'Sídney', ja: 'シドニー', ar: 'سيدني' },
  Mumbai: { es: 'Bombay', ja: 'ムンバイ', ar: 'مومباي' },
}

const cityIn = (place: Place, hl: LocalizedHl): string => EXONYMS[place.name]?.[hl] ?? place.name

function channelThumbnails(r: Random): ThumbnailSet {
  const key = r.chars(60, ID_ALPHABET)
  const at = (px: number) => ({
    url: `https://yt3.ggpht.com/${key}=s${px}-c-k-c0x00ffffff-no-rj`,
    width: px,
    height: px,
  })
  return { default: at(88), medium: at(240), high: at(800) }
}

function keywordsFor(theme: Theme, place: Place, r: Random): string {
  const words = [...pickSome(r, theme.tags, 3), place.name, ...pickSome(r, place.areas, 1), theme.key]
  return words.map((w) => (/\s/.test(w) ? `"${w}"` : w.toLowerCase())).join(' ')
}

function describe(title: string, theme: Theme, place: Place, slug: string): string {
  return [
    `${title}: ${theme.categoryTitle.toLowerCase()} from ${place.name}.`,
    '',
    `New videos every week, filmed in and around ${place.areas.slice(0, 3).join(', ')}.`,
    '',
    `Instagram: https://www.instagram.com/${slug}`,
    `Business enquiries: hello@${slug}.example.com`,
  ].join('\n')
}

function localize(r: Random, theme: Theme, place: Place, slug: string): ChannelRecord['localizations'] {
  const hls = pickSome(r, LOCALIZED_HL, r.int(2, LOCALIZED_HL.length))
  const out: ChannelRecord['localizations'] = {}
  for (const hl of hls) {
    const title = fill(theme.localizedTitles[hl], { city: cityIn(place, hl) })
    out[hl] = {
      title,
      description: `${title}\n\n${fill(LOCALIZED_TAGLINES[hl], { city: cityIn(place, hl) })}\n\nInstagram: https://www.instagram.com/${slug}`,
    }
  }
  return out
}

type Draft = { home: Place; theme: Theme; title: string; nativeHandle: boolean; roams: boolean }

function draftChannels(r: Random): Draft[] {
  const drafts: Draft[] = []
  for (const home of PLACES) {
    const count = Math.max(1, Math.round(home.weight / 12))
    const themes = pickSome(r, THEMES, count)
    for (const theme of themes) {
      drafts.push({
        home,
        theme,
        title: fill(r.pick(theme.channelTitles), { city: home.name, area: r.pick(home.areas) }),
        nativeHandle: home.name in NATIVE_CITY && r.chance(0.5),
        roams: false,
      })
    }
  }
  // Travelling channels film everywhere; their home is where they started.
  for (const title of [
    'Nomad Frames',
    'The Long Way Round',
    'Passport Stories',
    'Atlas Walks',
    'Far From Home TV',
    'Orbit Travel Co.',
  ]) {
    drafts.push({ home: r.pick(PLACES), theme: THEME_WALKING, title, nativeHandle: false, roams: true })
  }
  return drafts
}

function handleFor(d: Draft, slug: string, taken: Set<string>): string {
  const base = d.nativeHandle ? `${NATIVE_CITY[d.home.name]}_${d.theme.key}` : slug.slice(0, 26)
  let handle = base
  for (let n = 2; taken.has(handle.toLowerCase()); n++) handle = `${base}${n}`
  taken.add(handle.toLowerCase())
  return `@${handle}`
}

/** Special cases tests and reviewers look for, fixed by position so they never drift. */
export const CHANNEL_WITH_HIDDEN_SUBSCRIBERS_INDEX = 1
export const CHANNEL_WITH_EMPTY_LIKES_INDEX = 2

export function buildChannels(): ChannelRecord[] {
  const r = createRandom(hashSeed('channels'))
  const taken = new Set<string>([ANCHOR_CHANNEL.id])
  const handles = new Set<string>([ANCHOR_CHANNEL.customUrl.slice(1).toLowerCase()])
  const usernames = new Set<string>([ANCHOR_CHANNEL.username.toLowerCase()])
  const channels: ChannelRecord[] = [anchorChannel()]

  draftChannels(r).forEach((d, i) => {
    const id = uniqueId(taken, () => newChannelId(r))
    const slug = asciiSlug(d.title)
    let username = slug.slice(0, 20) || 'channel'
    for (let n = 2; usernames.has(username.toLowerCase()); n++) username = `${slug.slice(0, 20)}${n}`
    usernames.add(username.toLowerCase())
    const subscriberCount = logUniform(r, 150, 4_000_000)
    const thumbnails = channelThumbnails(r)
    const index = i + 1
    channels.push({
      id,
      title: d.title,
      description: describe(d.title, d.theme, d.home, slug),
      keywords: keywordsFor(d.theme, d.home, r),
      unsubscribedTrailer: '',
      country: d.home.regionCode,
      customUrl: handleFor(d, slug, handles),
      username: r.chance(0.5) ? username : `${username}TV`,
      publishedAt: isoSeconds(daysBeforeEpoch(r, 2200, 7300)),
      thumbnails,
      viewCount: subscriberCount * r.int(40, 400),
      subscriberCount,
      hiddenSubscriberCount: index === CHANNEL_WITH_HIDDEN_SUBSCRIBERS_INDEX || r.chance(0.08),
      videoCount: 0,
      topicIds: d.theme.topics.map((t) => t.id),
      topicCategories: d.theme.topics.map((t) => t.uri),
      relatedPlaylists: {
        likes: index === CHANNEL_WITH_EMPTY_LIKES_INDEX || r.chance(0.3) ? '' : `LL${id.slice(2)}`,
        uploads: `UU${id.slice(2)}`,
      },
      privacyStatus: 'public',
      isLinked: !r.chance(0.05),
      longUploadsStatus: r.pick(['longUploadsUnspecified', 'allowed', 'allowed', 'eligible']),
      madeForKids: d.theme.key === 'nature' && r.chance(0.3),
      bannerExternalUrl: `https://yt3.googleusercontent.com/${r.chars(64, ID_ALPHABET)}`,
      thumbnailUrl: thumbnails.high!.url,
      localizations: r.chance(0.75) ? localize(r, d.theme, d.home, slug) : {},
      home: d.home,
      roams: d.roams,
      theme: d.theme,
    })
  })
  return channels
}

function anchorChannel(): ChannelRecord {
  const r = createRandom(hashSeed('channel', ANCHOR_CHANNEL.id))
  const thumbnails = channelThumbnails(r)
  const london = placeNamed('London')
  return {
    id: ANCHOR_CHANNEL.id,
    title: 'Rick Astley',
    description: [
      'Never: The Autobiography 📚 OUT NOW!',
      'Follow this link to get your copy and listen to Rick’s ‘Never’ playlist ❤️ #RickAstleyNever',
      'https://linktr.ee/rickastleynever',
      '',
      'Official YouTube channel of Rick Astley. Subscribe for new music, live performances and the classics.',
      'Website: https://www.rickastley.co.uk',
    ].join('\n'),
    keywords: '"rick astley" "never gonna give you up" "together forever" pop 80s "official music video"',
    unsubscribedTrailer: '',
    country: 'GB',
    customUrl: ANCHOR_CHANNEL.customUrl,
    username: ANCHOR_CHANNEL.username,
    publishedAt: '2009-02-01T10:33:51Z',
    thumbnails,
    viewCount: 2_674_511_223,
    subscriberCount: 4_210_000,
    hiddenSubscriberCount: false,
    videoCount: 0,
    topicIds: [THEME_MUSIC.topics[0]!.id, THEME_MUSIC.topics[1]!.id],
    topicCategories: THEME_MUSIC.topics.map((t) => t.uri),
    relatedPlaylists: { likes: '', uploads: `UU${ANCHOR_CHANNEL.id.slice(2)}` },
    privacyStatus: 'public',
    isLinked: true,
    longUploadsStatus: 'longUploadsUnspecified',
    madeForKids: false,
    bannerExternalUrl: `https://yt3.googleusercontent.com/${r.chars(64, ID_ALPHABET)}`,
    thumbnailUrl: thumbnails.high!.url,
    localizations: {
      es: {
        title: 'Rick Astley',
        description:
          'Canal oficial de Rick Astley.\n\nNueva música, directos y los clásicos.\nhttps://www.rickastley.co.uk',
      },
      fr: {
        title: 'Rick Astley',
        description:
          'Chaîne officielle de Rick Astley.\n\nNouvelle musique, concerts et les classiques.\nhttps://www.rickastley.co.uk',
      },
      de: {
        title: 'Rick Astley',
        description:
          'Offizieller Kanal von Rick Astley.\n\nNeue Musik, Live-Auftritte und die Klassiker.\nhttps://www.rickastley.co.uk',
      },
      ja: {
        title: 'リック・アストリー',
        description:
          'リック・アストリー公式チャンネル。\n\n新曲、ライブ、そして名曲の数々。\nhttps://www.rickastley.co.uk',
      },
      ar: {
        title: 'ريك أستلي',
        description:
          'القناة الرسمية لريك أستلي.\n\nموسيقى جديدة وحفلات حية وأغانٍ كلاسيكية.\nhttps://www.rickastley.co.uk',
      },
    },
    home: london,
    roams: false,
    theme: THEME_MUSIC,
  }
}
