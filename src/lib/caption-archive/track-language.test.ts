import { describe, expect, it } from 'vitest'
import { languageOfJsonTrack } from './track-language.ts'

const bytes = (v: unknown) => new TextEncoder().encode(typeof v === 'string' ? v : JSON.stringify(v))
const item = (lang: string) => ({
  text: '[Music]',
  offset: 0,
  duration: 1,
  lang,
  wordCount: 1,
  speechRate: 60,
})

describe('languageOfJsonTrack', () => {
  it('reads the language the items are in', () => {
    expect(languageOfJsonTrack(bytes([item('ja'), item('ja')]))).toBe('ja')
    expect(languageOfJsonTrack(bytes([item('es-419')]))).toBe('es-419')
  })

  it('knows nothing from an empty, malformed or foreign track', () => {
    expect(languageOfJsonTrack(bytes([]))).toBeUndefined()
    expect(languageOfJsonTrack(bytes('{not json'))).toBeUndefined()
    expect(languageOfJsonTrack(bytes([{ text: 'x' }]))).toBeUndefined()
    // Service data that would make an unsafe or unknown file name is not trusted.
    expect(languageOfJsonTrack(bytes([item('../../etc')]))).toBeUndefined()
    expect(languageOfJsonTrack(bytes([item('klingon')]))).toBeUndefined()
  })
})
