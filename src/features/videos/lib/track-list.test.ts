import { describe, expect, it } from 'vitest'
import { groupCaptionFiles, trackKind } from './track-list.ts'
import { fallbackModes } from './fallback-modes.ts'

const entry = (languageCode: string, languageName: string, format: string) => ({
  languageCode,
  languageName,
  format,
})

describe('groupCaptionFiles', () => {
  it('groups entries by language, keeps the service order, orders formats like the contract', () => {
    const langs = groupCaptionFiles([
      entry('en', 'English (auto-generated)', 'srt'),
      entry('en', 'English (auto-generated)', 'json'),
      entry('fr', 'French', 'vtt'),
      entry('en', 'English (auto-generated)', 'srt'),
      entry('de', 'German (auto-translated from English)', 'json3'),
      entry('fr', 'French', 'docx'),
    ])
    expect(langs).toEqual([
      {
        code: 'en',
        name: 'English',
        fullName: 'English (auto-generated)',
        kind: 'auto-generated',
        formats: ['json', 'srt'],
      },
      { code: 'fr', name: 'French', fullName: 'French', kind: 'manual', formats: ['vtt'] },
      {
        code: 'de',
        name: 'German',
        fullName: 'German (auto-translated from English)',
        kind: 'translated',
        formats: ['json3'],
      },
    ])
  })

  it('keeps parentheses that are part of the language name', () => {
    expect(groupCaptionFiles([entry('sr-Latn', 'Serbian (Latin)', 'srt')])[0]).toMatchObject({
      name: 'Serbian (Latin)',
      kind: 'manual',
    })
  })
})

describe('trackKind', () => {
  it('reads how a track was made from languageName', () => {
    expect(trackKind('English')).toBe('manual')
    expect(trackKind('English (auto-generated)')).toBe('auto-generated')
    expect(trackKind('Spanish (auto-translated from English)')).toBe('translated')
    expect(trackKind('English (speech recognition)')).toBe('transcribed')
  })
})

describe('fallbackModes', () => {
  it('offers the modes the message names, without the current one', () => {
    const msg =
      'No captions in fr. Try mode=fallback-auto-translated (translation), mode=fallback-whisper or mode=force-whisper.'
    expect(fallbackModes(msg, 'default')).toEqual([
      'fallback-auto-translated',
      'fallback-whisper',
      'force-whisper',
    ])
    expect(fallbackModes(msg, 'fallback-whisper')).toEqual(['fallback-auto-translated', 'force-whisper'])
  })

  it('offers every fallback when the message names none', () => {
    expect(fallbackModes('No captions.', 'default')).toEqual([
      'fallback-whisper',
      'force-whisper',
      'fallback-auto-translated',
    ])
  })
})
