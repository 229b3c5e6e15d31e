// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import {
  getVideoSummary,
  MAX_SUMMARIES,
  rememberVideos,
  resetVideoSummariesForTests,
  SUMMARIES_STORAGE_KEY,
  useVideoSummary,
  type VideoSummary,
} from './video-summaries.ts'

const RICK: VideoSummary = {
  videoId: 'dQw4w9WgXcQ',
  title: 'Never Gonna Give You Up',
  channelId: 'UCuAXFkgsw1L7xaCfnd5JJOw',
  channelTitle: 'Rick Astley',
  publishedAt: '2009-10-25T06:57:33Z',
  seenIn: 'the popular videos',
}
const saved = () => new Promise((r) => setTimeout(r, 5))
const stored = () => JSON.parse(localStorage.getItem(SUMMARIES_STORAGE_KEY) ?? '[]') as VideoSummary[]

beforeEach(() => {
  localStorage.clear()
  resetVideoSummariesForTests()
})

describe('the video summary store', () => {
  it('remembers what a list showed and keeps it across page loads (localStorage)', async () => {
    rememberVideos([RICK])
    expect(getVideoSummary(RICK.videoId)).toEqual(RICK)
    await saved()
    expect(stored()).toEqual([RICK])
    resetVideoSummariesForTests()
    expect(getVideoSummary(RICK.videoId)).toEqual(RICK)
    expect(getVideoSummary('aaaaaaaaaaa')).toBeUndefined()
  })

  it('updates a video with what a later list says, keeping what it does not say', () => {
    rememberVideos([RICK])
    rememberVideos([{ videoId: RICK.videoId, title: 'Renamed', seenIn: 'a location search' }])
    expect(getVideoSummary(RICK.videoId)).toEqual({ ...RICK, title: 'Renamed', seenIn: 'a location search' })
  })

  it(`keeps at most ${MAX_SUMMARIES}, dropping the longest unseen`, async () => {
    const many = Array.from({ length: MAX_SUMMARIES + 5 }, (_, i) => ({
      videoId: `v${String(i).padStart(10, '0')}`,
      title: `Video ${i}`,
    }))
    rememberVideos(many.slice(0, 10))
    rememberVideos(many.slice(10))
    // Seen again: now among the newest.
    rememberVideos([{ ...many[0]!, title: 'Seen again' }])
    await saved()
    expect(stored()).toHaveLength(MAX_SUMMARIES)
    expect(getVideoSummary(many[0]!.videoId)?.title).toBe('Seen again')
    expect(getVideoSummary(many[1]!.videoId)).toBeUndefined()
    expect(getVideoSummary(many.at(-1)!.videoId)).toBeDefined()
  })

  it('ignores entries without an id or a title, and unreadable storage', () => {
    rememberVideos([
      { videoId: '', title: 'x' },
      { videoId: 'abcdefghijk', title: '' },
    ])
    expect(getVideoSummary('abcdefghijk')).toBeUndefined()
    localStorage.setItem(SUMMARIES_STORAGE_KEY, '{not json')
    resetVideoSummariesForTests()
    expect(getVideoSummary(RICK.videoId)).toBeUndefined()
  })

  it('useVideoSummary shows a video as soon as a list remembers it', () => {
    const { result } = renderHook(() => useVideoSummary(RICK.videoId))
    expect(result.current).toBeUndefined()
    act(() => rememberVideos([RICK]))
    expect(result.current?.title).toBe(RICK.title)
  })
})
