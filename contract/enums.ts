/** Enumerations of the data service's interface (spec 4.2–4.5). */
export const CAPTION_FORMATS = [
  'json',
  'text',
  'csv',
  'xml',
  'srt',
  'vtt',
  'ttml',
  'srv1',
  'srv2',
  'srv3',
  'json3',
] as const
export type CaptionFormat = (typeof CAPTION_FORMATS)[number]

/** Formats whose file-list entries carry a platform `url` (spec 2.5). */
export const PLATFORM_URL_FORMATS: readonly CaptionFormat[] = [
  'srt',
  'vtt',
  'ttml',
  'srv1',
  'srv2',
  'srv3',
  'json3',
]

export const CAPTION_MODES = [
  'default',
  'fallback-whisper',
  'force-whisper',
  'fallback-auto-translated',
] as const
export type CaptionMode = (typeof CAPTION_MODES)[number]

export const CAPTION_MODE_DESCRIPTIONS: Record<CaptionMode, string> = {
  default: 'Only captions that exist in the requested language; fails when there are none.',
  'fallback-auto-translated':
    "Uses the platform's auto-translated captions when the language is not natively available.",
  'fallback-whisper': 'Transcribes the audio with speech recognition when the video has no captions at all.',
  'force-whisper': 'Always transcribes the audio with speech recognition, ignoring existing captions.',
}

export const LANGUAGE_CODES = [
  'en',
  'es',
  'de',
  'fr',
  'ja',
  'pt',
  'tr',
  'it',
  'fa',
  'nl',
  'af',
  'am',
  'ar',
  'as',
  'az',
  'be',
  'bg',
  'bn',
  'bs',
  'ca',
  'cs',
  'da',
  'el',
  'en-GB',
  'en-IN',
  'es-419',
  'es-US',
  'et',
  'eu',
  'fi',
  'fil',
  'fr-CA',
  'gl',
  'gu',
  'hi',
  'hr',
  'hu',
  'hy',
  'id',
  'is',
  'iw',
  'ka',
  'kk',
  'km',
  'kn',
  'ko',
  'ky',
  'lo',
  'lt',
  'lv',
  'mk',
  'ml',
  'mn',
  'mr',
  'ms',
  'my',
  'no',
  'ne',
  'or',
  'pa',
  'pl',
  'pt-PT',
  'ro',
  'ru',
  'si',
  'sk',
  'sl',
  'sq',
  'sr-Latn',
  'sr',
  'sv',
  'sw',
  'ta',
  'te',
  'th',
  'uk',
  'ur',
  'uz',
  'vi',
  'zh-CN',
  'zh-HK',
  'zh-TW',
  'zh-Hans',
  'zu',
  'en-US',
  'zh-Hant',
  'zh',
  'yue',
] as const
export type LanguageCode = (typeof LANGUAGE_CODES)[number]

const NOT_HL = new Set<string>(['en-US', 'zh-Hant', 'zh', 'yue'])
/** `hl` of /channels: the caption codes except en-US, zh-Hant, zh, yue (spec 4.5). */
export const HL_CODES = LANGUAGE_CODES.filter((c) => !NOT_HL.has(c)) as Exclude<
  LanguageCode,
  'en-US' | 'zh-Hant' | 'zh' | 'yue'
>[]
export type HlCode = (typeof HL_CODES)[number]

/** Scripts written right to left among the language codes. */
export const RTL_LANGUAGES: ReadonlySet<string> = new Set(['ar', 'fa', 'iw', 'ur'])

export const COMMENT_FORMATS = ['html', 'plainText'] as const
export type CommentFormat = (typeof COMMENT_FORMATS)[number]

export const RADIUS_UNITS = ['km', 'm', 'mi', 'ft'] as const
export type RadiusUnit = (typeof RADIUS_UNITS)[number]

export const MAX_RADIUS_KM = 1000
