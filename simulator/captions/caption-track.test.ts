import { describe, expect, it } from 'vitest'
import type { CaptionSubject, Cue } from '../types.ts'
import { generateCues } from './cue-generator.ts'
import { captionTrack } from './index.ts'
import { createLruCache } from './lru-cache.ts'
import { decodeUntilStable } from './platform-escaping.ts'

const multi: CaptionSubject = {
  videoId: 'dQw4w9WgXcQ',
  title: 'Never Gonna Give You Up',
  durationSec: 213,
  tracks: [
    { lang: 'en', source: 'manual' },
    { lang: 'es', source: 'asr' },
  ],
}
const silent: CaptionSubject = { videoId: 'aaaaaaaaaa0', title: 'No captions', durationSec: 95, tracks: [] }

function okTrack(result: ReturnType<typeof captionTrack>) {
  if (!result.ok) throw new Error(`expected a track, got 404: ${result.message}`)
  return result
}

describe('captionTrack: modes', () => {
  it('gives the default (first) track when no language is asked for', () => {
    const track = okTrack(captionTrack(multi, undefined, 'default'))
    expect(track).toMatchObject({ lang: 'en', source: 'manual', languageName: 'English' })
    expect(track.cues.length).toBeGreaterThan(10)
  })

  it('default: the native track, or 404 naming the available languages and the fallback modes', () => {
    expect(okTrack(captionTrack(multi, 'es', 'default'))).toMatchObject({
      lang: 'es',
      source: 'asr',
      languageName: 'Spanish (auto-generated)',
    })
    const missing = captionTrack(multi, 'fr', 'default')
    expect(missing).toMatchObject({ ok: false, status: 404 })
    if (missing.ok) return
    expect(missing.message).toContain('No captions in fr for this video; available: en, es')
    expect(missing.message).toContain('fallback-auto-translated')
    expect(captionTrack(silent, undefined, 'default')).toMatchObject({ ok: false, status: 404 })
  })

  it('matches language codes exactly (en-GB is not en)', () => {
    expect(captionTrack(multi, 'en-GB', 'default').ok).toBe(false)
  })

  it('fallback-auto-translated: native when present, else a translation of the default track with its timings', () => {
    expect(okTrack(captionTrack(multi, 'es', 'fallback-auto-translated')).source).toBe('asr')
    const base = okTrack(captionTrack(multi, 'en', 'default'))
    const french = okTrack(captionTrack(multi, 'fr', 'fallback-auto-translated'))
    expect(french).toMatchObject({
      lang: 'fr',
      source: 'translated',
      languageName: 'French (auto-translated from English)',
    })
    expect(french.cues.map((c) => [c.offset, c.duration])).toEqual(
      base.cues.map((c) => [c.offset, c.duration]),
    )
    expect(french.cues.every((c) => c.lang === 'fr')).toBe(true)
    expect(french.cues.map((c) => c.text)).not.toEqual(base.cues.map((c) => c.text))
    expect(captionTrack(silent, 'fr', 'fallback-auto-translated')).toMatchObject({ ok: false, status: 404 })
  })

  it('fallback-whisper: native when present; a transcript only when the video has no captions at all', () => {
    expect(okTrack(captionTrack(multi, 'en', 'fallback-whisper')).source).toBe('manual')
    const otherLanguage = captionTrack(multi, 'fr', 'fallback-whisper')
    expect(otherLanguage).toMatchObject({ ok: false, status: 404 })
    if (!otherLanguage.ok) expect(otherLanguage.message).toContain('available: en, es')
    expect(okTrack(captionTrack(silent, 'de', 'fallback-whisper'))).toMatchObject({
      lang: 'de',
      source: 'whisper',
      languageName: 'German (speech recognition)',
    })
    expect(okTrack(captionTrack(silent, undefined, 'fallback-whisper')).lang).toBe('en')
  })

  it('force-whisper: always a transcript, in the asked language or else the default track language', () => {
    expect(okTrack(captionTrack(multi, 'en', 'force-whisper'))).toMatchObject({
      source: 'whisper',
      languageName: 'English (speech recognition)',
    })
    expect(okTrack(captionTrack(multi, undefined, 'force-whisper')).lang).toBe('en')
    expect(okTrack(captionTrack(silent, 'ar', 'force-whisper')).cues[0]?.lang).toBe('ar')
  })
})

describe('captionTrack: generated cues', () => {
  const long: CaptionSubject = {
    videoId: 'LongVideo00',
    title: 'Three hours',
    durationSec: 3 * 3600 + 17,
    tracks: [
      { lang: 'en', source: 'manual' },
      { lang: 'ja', source: 'asr' },
    ],
  }

  function checkTimeline(cues: Cue[], durationSec: number) {
    expect(cues.length).toBeGreaterThan(0)
    cues.forEach((cue, i) => {
      expect(cue.duration).toBeGreaterThanOrEqual(1)
      expect(cue.duration).toBeLessThanOrEqual(8)
      expect(Math.round(cue.offset * 1000) / 1000).toBe(cue.offset)
      expect(Math.round(cue.duration * 1000) / 1000).toBe(cue.duration)
      if (i > 0) expect(cue.offset).toBeGreaterThan(cues[i - 1]!.offset)
      expect(cue.offset + cue.duration).toBeLessThanOrEqual(durationSec + 1e-9)
    })
    const last = cues.at(-1)!
    expect(last.offset + last.duration).toBeGreaterThan(durationSec - 12) // covers the whole video
  }

  it('covers the video with 1–8 s cues at increasing offsets (≤ 3 decimals); a 3-hour video has thousands', () => {
    const manual = okTrack(captionTrack(long, 'en', 'default')).cues
    const asr = okTrack(captionTrack(long, 'ja', 'default')).cues
    checkTimeline(manual, long.durationSec)
    checkTimeline(asr, long.durationSec)
    expect(manual.length).toBeGreaterThan(1500)
    expect(asr.length).toBeGreaterThan(1500)
  })

  it('manual tracks have gaps, some overlaps and two-line cues; asr tracks never overlap and are lower-case without punctuation', () => {
    const manual = okTrack(captionTrack(long, 'en', 'default')).cues
    const endMs = (cue: Cue) => Math.round((cue.offset + cue.duration) * 1000)
    const overlaps = manual.filter((cue, i) => i > 0 && endMs(manual[i - 1]!) > Math.round(cue.offset * 1000))
    const gaps = manual.filter((cue, i) => i > 0 && endMs(manual[i - 1]!) < Math.round(cue.offset * 1000))
    expect(overlaps.length).toBeGreaterThan(manual.length * 0.05)
    expect(gaps.length).toBeGreaterThan(manual.length * 0.5)
    expect(manual.some((cue) => cue.text.includes('\n'))).toBe(true)

    const englishAsr = okTrack(
      captionTrack({ ...long, tracks: [{ lang: 'en', source: 'asr' }] }, 'en', 'default'),
    ).cues
    englishAsr.forEach((cue, i) => {
      const previous = englishAsr[i - 1]
      if (previous)
        expect(Math.round((previous.offset + previous.duration) * 1000)).toBeLessThanOrEqual(
          Math.round(cue.offset * 1000),
        )
      const shown = decodeUntilStable(cue.text)
      expect(shown).not.toContain('\n')
      if (!shown.startsWith('[')) expect(shown).toMatch(/^[a-z' ]+$/)
    })
  })

  it("keeps the platform's escaping: &#39;, doubled &amp;#39;, &quot;, &amp;amp; and sound markers", () => {
    const texts = okTrack(captionTrack(long, 'en', 'default')).cues.map((cue) => cue.text)
    for (const escaped of [
      '&#39;',
      '&amp;#39;',
      '&quot;',
      '&amp;amp;',
      '[Music]',
      '[Applause]',
      '[Laughter]',
    ]) {
      expect(
        texts.some((text) => text.includes(escaped)),
        escaped,
      ).toBe(true)
    }
    expect(texts.some((text) => /(^|[^&])'/.test(text))).toBe(false) // no bare apostrophe in platform text
  })

  it('speech-recognition transcripts are plain text, not entity-escaped', () => {
    const texts = okTrack(captionTrack(long, 'en', 'force-whisper')).cues.map((cue) => cue.text)
    expect(texts.some((text) => text.includes("'"))).toBe(true)
    expect(texts.some((text) => text.includes('&#39;') || text.includes('&quot;'))).toBe(false)
  })

  it('writes each language in its own script', () => {
    const scripts: [CaptionSubject['tracks'][number]['lang'], RegExp][] = [
      ['ar', /\p{Script=Arabic}/u],
      ['fa', /\p{Script=Arabic}/u],
      ['iw', /\p{Script=Hebrew}/u],
      ['ja', /\p{Script=Hiragana}|\p{Script=Katakana}/u],
      ['zh-CN', /\p{Script=Han}/u],
      ['ko', /\p{Script=Hangul}/u],
      ['ru', /\p{Script=Cyrillic}/u],
      ['uk', /\p{Script=Cyrillic}/u],
      ['hi', /\p{Script=Devanagari}/u],
      ['tr', /^[\p{Script=Latin}\p{P}\s\d&#;[\]]+$/u],
    ]
    for (const [lang, script] of scripts) {
      const cues = okTrack(
        captionTrack({ ...silent, tracks: [{ lang, source: 'manual' }] }, lang, 'default'),
      ).cues
      expect(
        cues.filter((cue) => !cue.text.startsWith('[')).every((cue) => script.test(cue.text)),
        lang,
      ).toBe(true)
    }
  })

  it('is deterministic and memoised: the same request gives the same cues, the second time from the cache', () => {
    const first = okTrack(captionTrack(multi, 'en', 'default')).cues
    expect(okTrack(captionTrack(multi, 'en', 'default')).cues).toBe(first)
    const request = { videoId: multi.videoId, lang: 'en', durationSec: multi.durationSec }
    expect(generateCues(request, 'manual')).toEqual(first) // a fresh generation, not the cache
    expect(generateCues(request, 'manual')).toEqual(generateCues(request, 'manual'))
    const otherVideo = okTrack(captionTrack({ ...multi, videoId: 'xxxxxxxxxx4' }, 'en', 'default')).cues
    expect(otherVideo).not.toEqual(first)
  })

  it('a very short video still gets a cue', () => {
    const cues = okTrack(
      captionTrack(
        { ...silent, durationSec: 2, tracks: [{ lang: 'en', source: 'manual' }] },
        'en',
        'default',
      ),
    ).cues
    expect(cues.length).toBeGreaterThanOrEqual(1)
  })
})

describe('createLruCache', () => {
  it('evicts the least recently used entry beyond its bound', () => {
    const cache = createLruCache<number>(2)
    let made = 0
    const make = () => ++made
    cache.getOrCreate('a', make)
    cache.getOrCreate('b', make)
    cache.getOrCreate('a', make) // a is now the most recent
    cache.getOrCreate('c', make) // evicts b
    expect(cache.size).toBe(2)
    expect(cache.getOrCreate('a', make)).toBe(1)
    expect(cache.getOrCreate('b', make)).toBe(4) // regenerated
  })
})
