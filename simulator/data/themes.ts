/** What channels are about: category, topics, tags and the phrasing of titles and descriptions. */

/** The `hl` values the simulator has channel translations for; others get the default text. */
export const LOCALIZED_HL = ['es', 'fr', 'de', 'ja', 'ar'] as const
export type LocalizedHl = (typeof LOCALIZED_HL)[number]

type Topic = { id: string; uri: string }

const T = {
  tourism: { id: '/m/07bxq', uri: 'https://en.wikipedia.org/wiki/Tourism' },
  food: { id: '/m/02wbm', uri: 'https://en.wikipedia.org/wiki/Food' },
  music: { id: '/m/04rlf', uri: 'https://en.wikipedia.org/wiki/Music' },
  pop: { id: '/m/064t9', uri: 'https://en.wikipedia.org/wiki/Pop_music' },
  society: { id: '/m/098wr', uri: 'https://en.wikipedia.org/wiki/Society' },
  politics: { id: '/m/05qt0', uri: 'https://en.wikipedia.org/wiki/Politics' },
  vehicle: { id: '/m/07yv9', uri: 'https://en.wikipedia.org/wiki/Vehicle' },
  lifestyle: { id: '/m/019_rr', uri: 'https://en.wikipedia.org/wiki/Lifestyle_(sociology)' },
  pets: { id: '/m/068hy', uri: 'https://en.wikipedia.org/wiki/Pet' },
  sport: { id: '/m/06ntj', uri: 'https://en.wikipedia.org/wiki/Sport' },
  technology: { id: '/m/07c1v', uri: 'https://en.wikipedia.org/wiki/Technology' },
  knowledge: { id: '/m/01k8wb', uri: 'https://en.wikipedia.org/wiki/Knowledge' },
  entertainment: { id: '/m/02jjt', uri: 'https://en.wikipedia.org/wiki/Entertainment' },
} satisfies Record<string, Topic>

export type Theme = {
  key: string
  categoryId: string
  categoryTitle: string
  topics: Topic[]
  tags: string[]
  /** Placeholders: {city} {area} {area2} {n} {year} {time}. */
  videoTitles: string[]
  intros: string[]
  channelTitles: string[]
  /** Localized channel title per hl; {city} is replaced. */
  localizedTitles: Record<LocalizedHl, string>
  /** Typical duration in seconds. */
  duration: [number, number]
}

export const THEMES: readonly Theme[] = [
  {
    key: 'walking',
    categoryId: '19',
    categoryTitle: 'Travel & Events',
    topics: [T.tourism, T.lifestyle],
    tags: ['walking tour', '4k walk', 'city walk', 'ambient', 'binaural audio'],
    videoTitles: [
      'Walking {area}, {city} — {time} walk (4K HDR)',
      '{city} 4K Walking Tour: {area} to {area2}',
      'A quiet {time} in {area} | {city} ambient walk',
      '{area} in the rain 🌧️ {city} walk with binaural sound',
    ],
    intros: [
      'An unhurried {time} walk from {area} to {area2}, filmed in one take.',
      'No talking, just the sounds of {area}. Headphones recommended.',
    ],
    channelTitles: ['{city} Walks', 'Wandering {city}', 'Slow Steps {city}'],
    localizedTitles: {
      es: 'Paseos por {city}',
      fr: 'Balades à {city}',
      de: '{city} zu Fuß',
      ja: '{city}散歩',
      ar: 'جولات في {city}',
    },
    duration: [900, 5400],
  },
  {
    key: 'food',
    categoryId: '26',
    categoryTitle: 'Howto & Style',
    topics: [T.food, T.lifestyle],
    tags: ['street food', 'food tour', 'where to eat', 'local food', 'foodie'],
    videoTitles: [
      'Eating my way through {area} — {city} street food',
      'The best breakfast in {city}? We tried {n} spots',
      '{n} things to eat in {area}, {city} (with prices)',
      "{city}'s night market at {time}: everything we ate",
    ],
    intros: [
      'We spent a whole day eating around {area}. Prices are in the description.',
      'Every stall, every bite, no sponsorships.',
    ],
    channelTitles: ['Hungry in {city}', '{city} Eats', 'The {city} Food Diary'],
    localizedTitles: {
      es: 'Comer en {city}',
      fr: 'Manger à {city}',
      de: 'Essen in {city}',
      ja: '{city}グルメ',
      ar: 'أكلات {city}',
    },
    duration: [480, 1800],
  },
  {
    key: 'music',
    categoryId: '10',
    categoryTitle: 'Music',
    topics: [T.music, T.pop],
    tags: ['live music', 'busking', 'live session', 'acoustic', 'concert'],
    videoTitles: [
      'Live at {area} — full set ({year})',
      'Busking in {area}, {city}: the crowd joined in',
      '{city} jazz session #{n}',
      'Rooftop session over {area} | {city} live',
    ],
    intros: [
      'Recorded live in {area}, {city}. Mixed from the room microphones.',
      'Full set, no edits. Setlist below.',
    ],
    channelTitles: ['{city} Sessions', 'Sounds of {city}', '{area} Live'],
    localizedTitles: {
      es: 'Sesiones de {city}',
      fr: 'Sessions de {city}',
      de: '{city} Sessions',
      ja: '{city}ライブセッション',
      ar: 'جلسات {city} الموسيقية',
    },
    duration: [200, 3600],
  },
  {
    key: 'news',
    categoryId: '25',
    categoryTitle: 'News & Politics',
    topics: [T.society, T.politics],
    tags: ['news', 'local news', 'breaking', 'city council', 'live'],
    videoTitles: [
      '{city}: thousands gather in {area} for the {year} festival',
      'LIVE: {city} city council debates the {area} plan',
      'What the new tram line means for {area}',
      'Flooding in {area}: residents count the cost',
    ],
    intros: ['Our reporters were in {area} as it happened.', 'Full coverage from {city}; timestamps below.'],
    channelTitles: ['{city} Today', '{city} Local News', 'The {city} Report'],
    localizedTitles: {
      es: '{city} Hoy',
      fr: '{city} Aujourd’hui',
      de: '{city} Heute',
      ja: '今日の{city}',
      ar: '{city} اليوم',
    },
    duration: [120, 2400],
  },
  {
    key: 'transit',
    categoryId: '2',
    categoryTitle: 'Autos & Vehicles',
    topics: [T.vehicle, T.tourism],
    tags: ['metro', 'train ride', 'cab view', 'public transport', 'cycling'],
    videoTitles: [
      'Riding the {city} metro end to end (cab view)',
      'Cycling from {area} to {area2}, {city} POV',
      '{city} night bus ride — full route in real time',
      'Every tram line in {city} in one day',
    ],
    intros: ['Real-time ride from {area} to {area2}.', 'Filmed from the front seat; no speed-up.'],
    channelTitles: ['{city} Transit Rides', 'Rails of {city}', 'Two Wheels {city}'],
    localizedTitles: {
      es: 'Transporte de {city}',
      fr: 'Transports de {city}',
      de: 'Unterwegs in {city}',
      ja: '{city}の電車と街',
      ar: 'مواصلات {city}',
    },
    duration: [600, 6000],
  },
  {
    key: 'drone',
    categoryId: '1',
    categoryTitle: 'Film & Animation',
    topics: [T.tourism, T.entertainment],
    tags: ['drone', 'aerial', 'fpv', 'cinematic', '4k'],
    videoTitles: [
      '{city} from above — drone 4K',
      'Sunrise over {area}, {city} | FPV drone',
      '{area} at golden hour (aerial film)',
    ],
    intros: ['Filmed with permission over {area}.', 'Aerial footage of {city}, graded for HDR.'],
    channelTitles: ['Above {city}', '{city} Aerials', 'Sky over {city}'],
    localizedTitles: {
      es: '{city} desde el cielo',
      fr: '{city} vue du ciel',
      de: '{city} von oben',
      ja: '空から見た{city}',
      ar: '{city} من السماء',
    },
    duration: [120, 900],
  },
  {
    key: 'interviews',
    categoryId: '22',
    categoryTitle: 'People & Blogs',
    topics: [T.society, T.lifestyle],
    tags: ['street interview', 'vox pop', 'asking strangers', 'culture'],
    videoTitles: [
      'Asking strangers in {area} what they earn',
      'What do people in {city} think about {area}? Street interview',
      '{n} questions for {city} locals',
    ],
    intros: ['We asked people in {area} one question.', 'Honest answers from {city}.'],
    channelTitles: ['Voices of {city}', 'Ask {city}', '{city} Streets Talk'],
    localizedTitles: {
      es: 'Voces de {city}',
      fr: 'Les voix de {city}',
      de: 'Stimmen aus {city}',
      ja: '{city}の声',
      ar: 'أصوات {city}',
    },
    duration: [300, 1500],
  },
  {
    key: 'nature',
    categoryId: '15',
    categoryTitle: 'Pets & Animals',
    topics: [T.pets],
    tags: ['urban wildlife', 'birds', 'nature', 'birdsong', 'wildlife'],
    videoTitles: [
      'Urban wildlife in {area}, {city}',
      'Birdsong at dawn — {area} ({city})',
      'The foxes of {area}',
    ],
    intros: [
      'Early mornings in {area}, filmed over a season.',
      'Wildlife living right next to us in {city}.',
    ],
    channelTitles: ['Wild {city}', '{city} Nature Notes'],
    localizedTitles: {
      es: '{city} salvaje',
      fr: '{city} sauvage',
      de: 'Wildes {city}',
      ja: '{city}の自然',
      ar: 'طبيعة {city}',
    },
    duration: [240, 1200],
  },
  {
    key: 'sport',
    categoryId: '17',
    categoryTitle: 'Sports',
    topics: [T.sport],
    tags: ['marathon', 'football', 'skateboarding', 'highlights', 'sunday league'],
    videoTitles: [
      '{city} Marathon {year} — full race',
      'Sunday league highlights: {area} vs {area2}',
      'Skateboarding {area}, {city}',
    ],
    intros: ['Highlights and the full race below.', 'A season with the {area} team.'],
    channelTitles: ['{city} Sport', 'Game Day {city}'],
    localizedTitles: {
      es: 'Deporte en {city}',
      fr: 'Sport à {city}',
      de: 'Sport in {city}',
      ja: '{city}スポーツ',
      ar: 'رياضة {city}',
    },
    duration: [300, 10800],
  },
  {
    key: 'tech',
    categoryId: '28',
    categoryTitle: 'Science & Technology',
    topics: [T.technology],
    tags: ['tech', 'smart city', 'engineering', 'infrastructure', 'review'],
    videoTitles: [
      "{city}'s new metro signalling: how it works",
      'I lived a week in {city} using only contactless',
      'Inside the data centre under {area}',
    ],
    intros: ['How the infrastructure under {area} actually works.', 'An engineer’s tour of {city}.'],
    channelTitles: ['{city} Tech', 'Smart {city}'],
    localizedTitles: {
      es: 'Tecnología en {city}',
      fr: 'Tech à {city}',
      de: 'Technik in {city}',
      ja: '{city}テック',
      ar: 'تقنية {city}',
    },
    duration: [400, 1800],
  },
  {
    key: 'history',
    categoryId: '27',
    categoryTitle: 'Education',
    topics: [T.knowledge, T.society],
    tags: ['history', 'urbanism', 'architecture', 'documentary', 'explained'],
    videoTitles: [
      'The history of {area} in {n} minutes',
      'Why {city} looks the way it does',
      'How {area} was built',
    ],
    intros: ['From the archives to the streets of {area}.', 'Sources and maps are linked below.'],
    channelTitles: ['{city} Explained', 'Old {city}', 'The {city} Archive'],
    localizedTitles: {
      es: '{city} explicada',
      fr: '{city} expliquée',
      de: '{city} erklärt',
      ja: '{city}の歴史',
      ar: 'تاريخ {city}',
    },
    duration: [600, 3000],
  },
]

export const THEME_MUSIC = THEMES.find((t) => t.key === 'music')!
export const THEME_WALKING = THEMES.find((t) => t.key === 'walking')!

/** Localized channel description endings per hl. */
export const LOCALIZED_TAGLINES: Record<LocalizedHl, string> = {
  es: 'Vídeos nuevos cada semana, grabados en {city}.',
  fr: 'De nouvelles vidéos chaque semaine, tournées à {city}.',
  de: 'Jede Woche neue Videos, gedreht in {city}.',
  ja: '毎週、{city}で撮影した新しい動画を公開しています。',
  ar: 'فيديوهات جديدة كل أسبوع، مصوّرة في {city}.',
}

export const TIMES_OF_DAY = ['morning', 'evening', 'night', 'Sunday morning', 'late-night', 'sunset'] as const
