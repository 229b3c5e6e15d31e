/**
 * What lists told us about videos (title, channel, publication date), so the video page can say which video it is
 * without paying: list views call `rememberVideos` with what they render; `useVideoSummary(id)` reads it back.
 * Kept in localStorage, newest first, at most MAX_SUMMARIES (docs/decisions/0139-video-identity-and-titles.md).
 */
import { useSyncExternalStore } from 'react'

export type VideoSummary = {
  videoId: string
  title: string
  channelId?: string
  channelTitle?: string
  publishedAt?: string
  /** The list it came from ("search", "popular", "bulk"…), to say where the title was seen. */
  seenIn?: string
}

export const SUMMARIES_STORAGE_KEY = 'poix.video-summaries'
export const MAX_SUMMARIES = 2000

const listeners = new Set<() => void>()
let store: Map<string, VideoSummary> | undefined
let saveTimer: ReturnType<typeof setTimeout> | undefined

function isSummary(v: unknown): v is VideoSummary {
  const s = v as VideoSummary
  return typeof s === 'object' && s !== null && typeof s.videoId === 'string' && typeof s.title === 'string'
}

function load(): Map<string, VideoSummary> {
  try {
    const raw = globalThis.localStorage?.getItem(SUMMARIES_STORAGE_KEY)
    const list: unknown = raw ? JSON.parse(raw) : []
    if (Array.isArray(list)) return new Map(list.filter(isSummary).map((s) => [s.videoId, s]))
  } catch {
    // unreadable or unavailable: start empty
  }
  return new Map()
}

const summaries = () => (store ??= load())

function save(): void {
  saveTimer = undefined
  try {
    globalThis.localStorage?.setItem(SUMMARIES_STORAGE_KEY, JSON.stringify([...summaries().values()]))
  } catch {
    // full or unavailable: the summaries still hold for this page's life
  }
}

/** Remembers what a list shows of its videos (newest kept when over the cap); one write for a whole list. */
export function rememberVideos(videos: readonly VideoSummary[]): void {
  const map = summaries()
  let changed = false
  for (const v of videos) {
    if (!v.videoId || !v.title) continue
    const old = map.get(v.videoId)
    const next = { ...old, ...v }
    if (old && JSON.stringify(old) === JSON.stringify(next)) continue
    // Delete first so the Map's order stays oldest → newest.
    map.delete(v.videoId)
    map.set(v.videoId, next)
    changed = true
  }
  if (!changed) return
  for (const id of map.keys()) {
    if (map.size <= MAX_SUMMARIES) break
    map.delete(id)
  }
  saveTimer ??= setTimeout(save, 0)
  listeners.forEach((l) => l())
}

export function getVideoSummary(videoId: string): VideoSummary | undefined {
  return summaries().get(videoId)
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** What a list said about `videoId`, or undefined when no list has shown it in this browser. */
export function useVideoSummary(videoId: string): VideoSummary | undefined {
  return useSyncExternalStore(
    subscribe,
    () => getVideoSummary(videoId),
    () => getVideoSummary(videoId),
  )
}

/** Tests: forget what was loaded, so the next read comes from storage again. */
export function resetVideoSummariesForTests(): void {
  store = undefined
  clearTimeout(saveTimer)
  saveTimer = undefined
}
