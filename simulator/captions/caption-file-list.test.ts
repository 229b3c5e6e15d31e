import { describe, expect, it } from 'vitest'
import { CAPTION_FORMATS, CaptionFileList, PLATFORM_URL_FORMATS } from '#contract/index.ts'
import type { CaptionSubject } from '../types.ts'
import { captionFileList } from './index.ts'

const subject: CaptionSubject = {
  videoId: 'dQw4w9WgXcQ',
  title: 'Never Gonna Give You Up',
  durationSec: 213,
  tracks: [
    { lang: 'en', source: 'asr' },
    { lang: 'ar', source: 'manual' },
    { lang: 'zh-Hans', source: 'manual' },
  ],
}
const BASE = 'https://api.poix.io'

describe('captionFileList', () => {
  it('lists every native language × the 11 formats, valid against the contract', () => {
    const entries = captionFileList(subject, BASE, {})
    expect(entries).toHaveLength(3 * CAPTION_FORMATS.length)
    expect(CaptionFileList.safeParse(entries).success).toBe(true)
    expect(new Set(entries.map((e) => `${e.languageCode}/${e.format}`)).size).toBe(entries.length)
  })

  it('names languages in English and says which are auto-generated', () => {
    const names = new Map(
      captionFileList(subject, BASE, { format: 'srt' }).map((e) => [e.languageCode, e.languageName]),
    )
    expect(Object.fromEntries(names)).toEqual({
      en: 'English (auto-generated)',
      ar: 'Arabic',
      'zh-Hans': 'Simplified Chinese',
    })
  })

  it('gives a platform url only for srt, vtt, ttml, srv1, srv2, srv3 and json3; kind=asr on auto-generated tracks', () => {
    for (const entry of captionFileList(subject, BASE, {})) {
      const format = entry.format as (typeof CAPTION_FORMATS)[number]
      if (!PLATFORM_URL_FORMATS.includes(format)) {
        expect(entry.url, `${entry.languageCode}/${format}`).toBeUndefined()
        continue
      }
      const url = new URL(entry.url!)
      expect(`${url.origin}${url.pathname}`).toBe('https://www.youtube.com/api/timedtext')
      expect(url.searchParams.get('v')).toBe('dQw4w9WgXcQ')
      expect(url.searchParams.get('lang')).toBe(entry.languageCode)
      expect(url.searchParams.get('fmt')).toBe(format)
      expect(url.searchParams.get('expire')).toMatch(/^\d{10}$/)
      expect(url.searchParams.get('signature')).toMatch(/^[0-9A-F]{40}\.[0-9A-F]{40}$/)
      expect(url.searchParams.get('kind')).toBe(entry.languageCode === 'en' ? 'asr' : null)
    }
  })

  it('builds staticUrl from the base URL for every entry', () => {
    for (const entry of captionFileList(subject, `${BASE}/`, {})) {
      expect(entry.staticUrl).toBe(
        `${BASE}/captions/dQw4w9WgXcQ?format=${entry.format}&lang=${entry.languageCode}`,
      )
    }
  })

  it('filters by language and by format; a language without a native track lists nothing', () => {
    expect(captionFileList(subject, BASE, { lang: 'ar' }).map((e) => e.format)).toEqual([...CAPTION_FORMATS])
    expect(captionFileList(subject, BASE, { format: 'vtt' }).map((e) => e.languageCode)).toEqual([
      'en',
      'ar',
      'zh-Hans',
    ])
    expect(captionFileList(subject, BASE, { lang: 'ar', format: 'json' })).toHaveLength(1)
    expect(captionFileList(subject, BASE, { lang: 'fr' })).toEqual([])
    expect(captionFileList({ ...subject, tracks: [] }, BASE, {})).toEqual([])
  })

  it('is deterministic, and signatures differ between tracks', () => {
    expect(captionFileList(subject, BASE, {})).toEqual(captionFileList(subject, BASE, {}))
    const [en, ar] = captionFileList(subject, BASE, { format: 'srv3' })
    expect(new URL(en!.url!).searchParams.get('signature')).not.toBe(
      new URL(ar!.url!).searchParams.get('signature'),
    )
  })
})
