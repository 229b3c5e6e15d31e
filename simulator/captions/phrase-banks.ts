/** Small phrase banks, one per script/language the demo data shows natively; other languages use a transliterated bank. */

export type PhraseBank = {
  /** Plain text (not escaped): apostrophes, quotes and `&` are escaped later, the way the platform does. */
  phrases: readonly string[]
  /** Localised bracketed sound markers: music, applause, laughter. */
  markers: readonly [string, string, string]
  /** False for scripts written without spaces between words (Japanese, Chinese). */
  spaced: boolean
}

const EN: PhraseBank = {
  spaced: true,
  markers: ['[Music]', '[Applause]', '[Laughter]'],
  phrases: [
    'welcome back to the channel',
    "today we're going to look at something new",
    "I don't think anyone expected this",
    "let's get started",
    'this is where it gets interesting',
    'thanks for watching & see you next time',
    'she said "it\'s now or never"',
    "we've been working on this for months",
    "if you're new here, hit subscribe",
    "here's what happened next",
    "it's a lot harder than it looks",
    'rock & roll never dies',
    'the city looks completely different at night',
    'you can see the river from up here',
    "that's the best part of the trip",
    "we'll come back to that in a minute",
  ],
}

const ES: PhraseBank = {
  spaced: true,
  markers: ['[Música]', '[Aplausos]', '[Risas]'],
  phrases: [
    'bienvenidos de nuevo al canal',
    'hoy vamos a ver algo nuevo',
    'no me lo esperaba',
    'empecemos',
    'aquí es donde se pone interesante',
    'gracias por ver el vídeo',
    'la ciudad es preciosa de noche',
    'dijo "ahora o nunca"',
    'llevamos meses trabajando en esto',
    '¿qué os parece?',
    'esto es más difícil de lo que parece',
    'nos vemos en el próximo vídeo',
  ],
}

const FR: PhraseBank = {
  spaced: true,
  markers: ['[Musique]', '[Applaudissements]', '[Rires]'],
  phrases: [
    'bienvenue sur la chaîne',
    "aujourd'hui on va voir quelque chose de nouveau",
    "je ne m'y attendais pas",
    "c'est parti",
    "c'est là que ça devient intéressant",
    "merci d'avoir regardé",
    'la ville est magnifique la nuit',
    'il a dit « maintenant ou jamais »',
    'on travaille là-dessus depuis des mois',
    "qu'est-ce que vous en pensez ?",
    "c'est plus dur qu'il n'y paraît",
    'à la prochaine',
  ],
}

const DE: PhraseBank = {
  spaced: true,
  markers: ['[Musik]', '[Applaus]', '[Lachen]'],
  phrases: [
    'willkommen zurück auf dem Kanal',
    'heute schauen wir uns etwas Neues an',
    'damit hätte ich nicht gerechnet',
    "los geht's",
    'jetzt wird es spannend',
    'danke fürs Zuschauen',
    'die Stadt ist nachts wunderschön',
    'er sagte „jetzt oder nie“',
    'wir arbeiten seit Monaten daran',
    'was haltet ihr davon?',
    'das ist schwerer, als es aussieht',
    'bis zum nächsten Mal',
  ],
}

const PT: PhraseBank = {
  spaced: true,
  markers: ['[Música]', '[Aplausos]', '[Risos]'],
  phrases: [
    'bem-vindos de volta ao canal',
    'hoje vamos ver uma coisa nova',
    'eu não esperava por isso',
    'vamos começar',
    'é aqui que fica interessante',
    'obrigado por assistirem',
    'a cidade é linda à noite',
    'ele disse "agora ou nunca"',
    'estamos trabalhando nisso há meses',
    'o que vocês acham?',
    'é mais difícil do que parece',
    'até a próxima',
  ],
}

const IT: PhraseBank = {
  spaced: true,
  markers: ['[Musica]', '[Applausi]', '[Risate]'],
  phrases: [
    'bentornati sul canale',
    'oggi vediamo qualcosa di nuovo',
    "non me l'aspettavo",
    'cominciamo',
    'è qui che diventa interessante',
    'grazie per aver guardato',
    'la città è bellissima di notte',
    'ha detto "ora o mai più"',
    'ci lavoriamo da mesi',
    'cosa ne pensate?',
    'è più difficile di quanto sembri',
    'alla prossima',
  ],
}

const AR: PhraseBank = {
  spaced: true,
  markers: ['[موسيقى]', '[تصفيق]', '[ضحك]'],
  phrases: [
    'مرحبا بكم من جديد في القناة',
    'اليوم سنشاهد شيئا جديدا',
    'لم أكن أتوقع هذا',
    'هيا نبدأ',
    'هنا يصبح الأمر مثيرا للاهتمام',
    'شكرا على المشاهدة',
    'المدينة جميلة جدا في الليل',
    'قال "الآن أو أبدا"',
    'نعمل على هذا منذ أشهر',
    'ما رأيكم؟',
    'الأمر أصعب مما يبدو',
    'إلى اللقاء في الفيديو القادم',
  ],
}

const FA: PhraseBank = {
  spaced: true,
  markers: ['[موسیقی]', '[تشویق]', '[خنده]'],
  phrases: [
    'دوباره به کانال خوش آمدید',
    'امروز چیز جدیدی می‌بینیم',
    'انتظارش را نداشتم',
    'بیایید شروع کنیم',
    'اینجا جالب می‌شود',
    'ممنون که تماشا کردید',
    'شهر در شب خیلی زیباست',
    'گفت «حالا یا هرگز»',
    'ماه‌هاست روی این کار می‌کنیم',
    'نظر شما چیست؟',
    'سخت‌تر از آن است که به نظر می‌رسد',
    'تا ویدیوی بعدی خدانگهدار',
  ],
}

const IW: PhraseBank = {
  spaced: true,
  markers: ['[מוזיקה]', '[מחיאות כפיים]', '[צחוק]'],
  phrases: [
    'ברוכים השבים לערוץ',
    'היום נראה משהו חדש',
    'לא ציפיתי לזה',
    'בואו נתחיל',
    'כאן זה נהיה מעניין',
    'תודה שצפיתם',
    'העיר יפהפייה בלילה',
    'הוא אמר "עכשיו או לעולם לא"',
    'אנחנו עובדים על זה כבר חודשים',
    'מה דעתכם?',
    'זה קשה יותר ממה שזה נראה',
    'נתראה בסרטון הבא',
  ],
}

const JA: PhraseBank = {
  spaced: false,
  markers: ['[音楽]', '[拍手]', '[笑い]'],
  phrases: [
    'チャンネルへようこそ',
    '今日は新しいものを見ていきます',
    'これは予想していませんでした',
    'さあ、始めましょう',
    'ここからが面白いところです',
    'ご覧いただきありがとうございます',
    '夜の街はとてもきれいです',
    '「今しかない」と彼は言いました',
    '何か月もこれに取り組んできました',
    '皆さんはどう思いますか？',
    '見た目よりずっと難しいです',
    'また次の動画で会いましょう',
  ],
}

const ZH_HANS: PhraseBank = {
  spaced: false,
  markers: ['[音乐]', '[掌声]', '[笑声]'],
  phrases: [
    '欢迎回到我的频道',
    '今天我们来看一些新东西',
    '我真没想到会这样',
    '我们开始吧',
    '接下来就有意思了',
    '感谢观看',
    '这座城市的夜景非常美',
    '他说：“机不可失”',
    '我们已经为此努力了好几个月',
    '你们觉得怎么样？',
    '这比看起来难多了',
    '我们下期视频再见',
  ],
}

const ZH_HANT: PhraseBank = {
  spaced: false,
  markers: ['[音樂]', '[掌聲]', '[笑聲]'],
  phrases: [
    '歡迎回到我的頻道',
    '今天我們來看一些新東西',
    '我真沒想到會這樣',
    '我們開始吧',
    '接下來就有意思了',
    '感謝觀看',
    '這座城市的夜景非常美',
    '他說：「機不可失」',
    '我們已經為此努力了好幾個月',
    '你們覺得怎麼樣？',
    '這比看起來難多了',
    '我們下期影片再見',
  ],
}

const KO: PhraseBank = {
  spaced: true,
  markers: ['[음악]', '[박수]', '[웃음]'],
  phrases: [
    '채널에 다시 오신 것을 환영합니다',
    '오늘은 새로운 것을 살펴보겠습니다',
    '이건 정말 예상하지 못했어요',
    '시작해 볼까요',
    '여기서부터 재미있어집니다',
    '시청해 주셔서 감사합니다',
    '밤의 도시는 정말 아름다워요',
    '그는 "지금 아니면 안 돼"라고 말했어요',
    '몇 달 동안 이 작업을 해 왔어요',
    '여러분은 어떻게 생각하세요?',
    '보기보다 훨씬 어려워요',
    '다음 영상에서 만나요',
  ],
}

const RU: PhraseBank = {
  spaced: true,
  markers: ['[Музыка]', '[Аплодисменты]', '[Смех]'],
  phrases: [
    'с возвращением на канал',
    'сегодня посмотрим на кое-что новое',
    'я такого не ожидал',
    'давайте начнём',
    'вот здесь становится интересно',
    'спасибо за просмотр',
    'ночью город очень красивый',
    'он сказал «сейчас или никогда»',
    'мы работаем над этим уже несколько месяцев',
    'что вы об этом думаете?',
    'это сложнее, чем кажется',
    'увидимся в следующем видео',
  ],
}

const UK: PhraseBank = {
  spaced: true,
  markers: ['[Музика]', '[Оплески]', '[Сміх]'],
  phrases: [
    'з поверненням на канал',
    'сьогодні подивимося на щось нове',
    'я такого не очікував',
    'почнімо',
    'ось тут стає цікаво',
    'дякую за перегляд',
    'вночі місто дуже гарне',
    'він сказав «зараз або ніколи»',
    "ми працюємо над цим уже п'ять місяців",
    'що ви про це думаєте?',
    'це складніше, ніж здається',
    'побачимося в наступному відео',
  ],
}

const HI: PhraseBank = {
  spaced: true,
  markers: ['[संगीत]', '[तालियाँ]', '[हँसी]'],
  phrases: [
    'चैनल पर फिर से आपका स्वागत है',
    'आज हम कुछ नया देखेंगे',
    'मुझे इसकी उम्मीद नहीं थी',
    'चलिए शुरू करते हैं',
    'यहीं से बात दिलचस्प होती है',
    'देखने के लिए धन्यवाद',
    'रात में शहर बहुत सुंदर लगता है',
    'उसने कहा "अभी या कभी नहीं"',
    'हम महीनों से इस पर काम कर रहे हैं',
    'आप क्या सोचते हैं?',
    'यह जितना दिखता है उससे कहीं ज़्यादा मुश्किल है',
    'अगले वीडियो में मिलते हैं',
  ],
}

/** Languages the demo has no bank for: romanised, language-neutral travel-vlog phrases. */
const TRANSLITERATED: PhraseBank = {
  spaced: true,
  markers: ['[Music]', '[Applause]', '[Laughter]'],
  phrases: [
    'salam, video kanal',
    'okay, super, bravo',
    'taxi, hotel, restoran',
    'musik festival, konsert',
    'foto, kamera, video',
    'turist, muzey, park',
    'kafe & market',
    'online, internet, blog',
    'stadion, futbol, final',
    'ekspres, metro, autobus',
  ],
}

const BANKS: Record<string, PhraseBank> = {
  en: EN,
  'en-GB': EN,
  'en-IN': EN,
  'en-US': EN,
  es: ES,
  'es-419': ES,
  'es-US': ES,
  fr: FR,
  'fr-CA': FR,
  de: DE,
  pt: PT,
  'pt-PT': PT,
  it: IT,
  ar: AR,
  fa: FA,
  iw: IW,
  ja: JA,
  zh: ZH_HANS,
  'zh-CN': ZH_HANS,
  'zh-Hans': ZH_HANS,
  'zh-TW': ZH_HANT,
  'zh-HK': ZH_HANT,
  'zh-Hant': ZH_HANT,
  yue: ZH_HANT,
  ko: KO,
  ru: RU,
  uk: UK,
  hi: HI,
}

/** The phrase bank for a language code; the transliterated bank for languages without their own. */
export function phraseBankFor(lang: string): PhraseBank {
  return BANKS[lang] ?? TRANSLITERATED
}
