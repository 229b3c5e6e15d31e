/** People who write comments: names in many scripts, some shown by handle, some with spaces in their names. */
import { createRandom, hashSeed } from '../random.ts'
import { ID_ALPHABET, newChannelId, uniqueId } from './ids.ts'
import type { CommentAuthor } from './model.ts'
import { asciiSlug } from './text.ts'

/** Display name and, when it differs from a slug of the name, the handle. */
const NAMED: [string, string?][] = [
  ['Jane Doe'],
  ['Tom Okafor'],
  ['María José García', 'mariajosegarcia'],
  ['Liam O’Brien', 'liamobrien'],
  ['Chloé Martin'],
  ['Lukas Müller'],
  ['Aisha Bello'],
  ['Sam Carter'],
  ['Priya Nair'],
  ['João Pedro Silva'],
  ['Emma Jansen'],
  ['Noah Williams'],
  ['Sofia Rossi'],
  ['Kwame Mensah'],
  ['Olga Petrova'],
  ['Nguyễn Văn An', 'nguyenvanan'],
  ['Zanele Dlamini'],
  ['Mateo Fernández'],
  ['Ingrid Sørensen'],
  ['Chen Jing'],
  ['Fatima Zahra'],
  ['Diego Alvarez'],
  ['Hannah Schmidt'],
  ['Yusuf Demir'],
  ['Amara Nwosu'],
  ['Léa Dubois'],
  ['山田太郎', '山田太郎'],
  ['佐藤 花子', 'sato_hanako'],
  ['김민준', '김민준'],
  ['이서연', 'seoyeon.lee'],
  ['李伟', 'liwei88'],
  ['王芳', '王芳'],
  ['Мария Иванова', 'maria_ivanova'],
  ['Дмитрий', 'дмитрий'],
  ['محمد علي', 'mohamed.ali'],
  ['فاطمة الزهراء', 'فاطمة'],
  ['דני כהן', 'dani_cohen'],
  ['رضا احمدی', 'reza.ahmadi'],
  ['Ελένη Παπαδοπούλου', 'eleni_p'],
  ['अमित शर्मा', 'amitsharma'],
  ['สมชาย ใจดี', 'somchai'],
  ['Ayşe Yılmaz', 'ayseyilmaz'],
  ['Kofi Boateng'],
  ['Siobhán Kelly', 'siobhankelly'],
]

/** Accounts that show only their handle. */
const HANDLES = [
  'vinyl_collector42',
  'nightowl.walks',
  'mapsandmusic',
  'ricks_biggest_fan',
  'kpop-daily',
  'the.real.dj',
  'trainspotter_uk',
  'coffee_and_code',
  'wanderlust.ana',
  'synthwave_kid',
  'grandma_rocks',
  'lofi.beats',
  'urban_explorer',
  'sketchbook.sam',
  'midnight-runner',
  'retro_gamer_84',
  'bassline.bob',
  'cityslicker',
  'skyline.snaps',
  'tea_time_tom',
  'moonwalker99',
  'pixel.pusher',
  'late_bloomer',
  'jazz_hands',
  'the_commuter',
  'dance.machine',
  'sunset.chaser',
  'karaoke_queen',
]

export function buildCommentAuthors(): CommentAuthor[] {
  const r = createRandom(hashSeed('comment-authors'))
  const taken = new Set<string>()
  const image = () => `https://yt3.ggpht.com/ytc/${r.chars(42, ID_ALPHABET)}=s48-c-k-c0x00ffffff-no-rj`
  const named = NAMED.map(([displayName, handle]) => ({
    displayName,
    handle: handle ?? asciiSlug(displayName),
    channelId: uniqueId(taken, () => newChannelId(r)),
    profileImageUrl: image(),
    showsHandle: false,
  }))
  const handled = HANDLES.map((handle) => ({
    displayName: `@${handle}`,
    handle,
    channelId: uniqueId(taken, () => newChannelId(r)),
    profileImageUrl: image(),
    showsHandle: true,
  }))
  return [...named, ...handled]
}

export function authorChannelUrl(a: CommentAuthor): string {
  return `http://www.youtube.com/@${encodeURIComponent(a.handle)}`
}

/** How another commenter writes a mention of this author: by name (`@Jane Doe`) or by handle. */
export function mentionOf(a: CommentAuthor, byHandle: boolean): string {
  return a.showsHandle || byHandle ? `@${a.handle}` : `@${a.displayName}`
}
