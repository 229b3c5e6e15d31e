/** The platform's category titles in the languages the simulator localizes (`hl`); others keep the English title. */
import type { HlCode } from '#contract/index.ts'
import { LOCALIZED_HL, type LocalizedHl } from './themes.ts'

const TITLES: Record<string, Record<LocalizedHl, string>> = {
  'Travel & Events': {
    es: 'Viajes y eventos',
    fr: 'Voyages et événements',
    de: 'Reisen & Events',
    ja: '旅行とイベント',
    ar: 'السفر والأحداث',
  },
  'Howto & Style': {
    es: 'Consejos y estilo',
    fr: 'Vie pratique et style',
    de: 'Praktische Tipps & Styling',
    ja: 'ハウツーとスタイル',
    ar: 'نصائح وأناقة',
  },
  Music: { es: 'Música', fr: 'Musique', de: 'Musik', ja: '音楽', ar: 'موسيقى' },
  'News & Politics': {
    es: 'Noticias y política',
    fr: 'Actualités et politique',
    de: 'Nachrichten & Politik',
    ja: 'ニュースと政治',
    ar: 'الأخبار والسياسة',
  },
  'Autos & Vehicles': {
    es: 'Motor',
    fr: 'Auto/Moto',
    de: 'Autos & Fahrzeuge',
    ja: '自動車と乗り物',
    ar: 'السيارات والمركبات',
  },
  'Film & Animation': {
    es: 'Cine y animación',
    fr: 'Films et animations',
    de: 'Film & Animation',
    ja: '映画とアニメ',
    ar: 'الأفلام والرسوم المتحركة',
  },
  'People & Blogs': {
    es: 'Gente y blogs',
    fr: 'People et blogs',
    de: 'Menschen & Blogs',
    ja: 'ブログ',
    ar: 'الأشخاص والمدونات',
  },
  'Pets & Animals': {
    es: 'Mascotas y animales',
    fr: 'Animaux',
    de: 'Tiere',
    ja: 'ペットと動物',
    ar: 'الحيوانات الأليفة',
  },
  Sports: { es: 'Deportes', fr: 'Sport', de: 'Sport', ja: 'スポーツ', ar: 'رياضة' },
  'Science & Technology': {
    es: 'Ciencia y tecnología',
    fr: 'Science et technologie',
    de: 'Wissenschaft & Technik',
    ja: '科学と技術',
    ar: 'العلوم والتكنولوجيا',
  },
  Education: { es: 'Educación', fr: 'Éducation', de: 'Bildung', ja: '教育', ar: 'التعليم' },
}

/** `es-419` reads as `es`, `fr-CA` as `fr`, as channel localizations do. */
export function categoryTitleIn(title: string, hl: HlCode | undefined): string {
  const base = hl?.split('-')[0] as LocalizedHl | undefined
  return base && LOCALIZED_HL.includes(base) ? (TITLES[title]?.[base] ?? title) : title
}
