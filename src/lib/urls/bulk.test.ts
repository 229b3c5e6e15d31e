import { describe, expect, it } from 'vitest'
import { bulkPath, bulkSearchString, DEFAULT_BULK_STATE, MAX_VIDEOS, parseBulkSearch } from './bulk.ts'

const parseBulk = (qs: string) => parseBulkSearch(new URLSearchParams(qs))

describe('bulk URL state', () => {
  it('reads ids (as the search and popular views link them), selection, formats, languages, mode and parallelism', () => {
    const { state, problems } = parseBulk(
      'ids=dQw4w9WgXcQ,Jp4cK9tRz1U,Zp3xQe9LbTg&off=Jp4cK9tRz1U&formats=vtt,srt&langs=en,fr&mode=force-whisper&files=converted&parallel=2',
    )
    expect(problems).toEqual([])
    expect(state).toEqual({
      ids: ['dQw4w9WgXcQ', 'Jp4cK9tRz1U', 'Zp3xQe9LbTg'],
      excluded: ['Jp4cK9tRz1U'],
      formats: ['vtt', 'srt'],
      languages: ['en', 'fr'],
      mode: 'force-whisper',
      files: 'converted',
      parallel: 2,
    })
  })

  it('defaults to each video’s default language, mode default and 4 parallel requests', () => {
    expect(parseBulk('')).toEqual({ state: DEFAULT_BULK_STATE, problems: [] })
    expect(parseBulk('langs=default').state.languages).toBe('default')
  })

  it('names every ignored value and merges repeated ids', () => {
    const { state, problems } = parseBulk(
      'ids=dQw4w9WgXcQ,bad,dQw4w9WgXcQ&formats=srt,docx&langs=en,xx&mode=loud&files=cheap&parallel=99',
    )
    expect(state.ids).toEqual(['dQw4w9WgXcQ'])
    expect(state.formats).toEqual(['srt'])
    expect(state.languages).toEqual(['en'])
    expect(state.mode).toBe('default')
    expect(state.parallel).toBe(4)
    expect(state.files).toBe('exact')
    expect(problems).toEqual([
      expect.stringMatching(/"bad" in ids/),
      expect.stringMatching(/format "docx"/),
      expect.stringMatching(/language "xx"/),
      expect.stringMatching(/mode "loud"/),
      expect.stringMatching(/files=cheap/),
      expect.stringMatching(/parallel=99/),
    ])
  })

  it(`keeps at most ${MAX_VIDEOS} videos and says so`, () => {
    const ids = Array.from({ length: MAX_VIDEOS + 3 }, (_, i) => `v${String(i).padStart(10, '0')}`)
    const { state, problems } = parseBulk(`ids=${ids.join(',')}`)
    expect(state.ids).toHaveLength(MAX_VIDEOS)
    expect(problems[0]).toMatch(/first 500 of 503/)
  })

  it('writes the state back with readable commas, defaults left out, round-tripping', () => {
    const state = {
      ...DEFAULT_BULK_STATE,
      ids: ['dQw4w9WgXcQ', 'Jp4cK9tRz1U'],
      excluded: ['Jp4cK9tRz1U'],
      formats: ['srt' as const, 'json' as const],
      languages: ['en' as const, 'es-419' as const],
      files: 'converted' as const,
    }
    const qs = bulkSearchString(state)
    expect(qs).toBe(
      '?ids=dQw4w9WgXcQ,Jp4cK9tRz1U&off=Jp4cK9tRz1U&formats=srt,json&langs=en,es-419&files=converted',
    )
    expect(parseBulk(qs.slice(1)).state).toEqual(state)
    expect(bulkSearchString(DEFAULT_BULK_STATE)).toBe('')
    expect(bulkPath({ ids: ['dQw4w9WgXcQ', 'Jp4cK9tRz1U'] })).toBe('/bulk?ids=dQw4w9WgXcQ,Jp4cK9tRz1U')
    expect(bulkPath()).toBe('/bulk')
  })
})
