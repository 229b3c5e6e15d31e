/**
 * Queries of one test attempt's own. Every spec shares one server, whose cache also outlives a failed attempt, so a test
 * that expects a first, paid request must ask something no other test and no earlier attempt of its own has asked.
 */
import type { TestInfo } from '@playwright/test'
import { getDataset } from '#simulator/data/dataset.ts'
import * as anchors from '#simulator/data/anchors.ts'
import type { VideoRecord } from '#simulator/data/model.ts'

/** Retries per test are at most this many (playwright.config.ts retries 2 in CI). */
const ATTEMPTS = 3

/** FNV-1a of the test's file and title: stable across runs, different between tests. */
function hash(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0
  return h
}

/**
 * `baseKm` plus thousandths of this test, repetition (`--repeat-each`) and attempt: never a whole number, so never a
 * radius another spec writes out. Tests using this must use different `baseKm`, so that no two share a radius.
 */
export function attemptRadiusKm(testInfo: TestInfo, baseKm: number): number {
  const slots = Math.floor(999 / ATTEMPTS)
  const slot = (hash(`${testInfo.file} ${testInfo.titlePath.join(' › ')}`) + testInfo.repeatEachIndex) % slots
  return Number((baseKm + (slot * ATTEMPTS + testInfo.retry + 1) / 1000).toFixed(3))
}

/**
 * `lat,lng` with the longitude moved by a few millionths of a degree of this test, repetition and attempt (its seventh
 * decimal is always 5, so it is never a point another spec writes out): a search there is nobody else's.
 */
export function attemptPoint(
  testInfo: TestInfo,
  lat: number,
  lng: number,
): { lat: number; lng: number; text: string } {
  const slots = Math.floor(999 / ATTEMPTS)
  const slot = (hash(`${testInfo.file} ${testInfo.titlePath.join(' › ')}`) + testInfo.repeatEachIndex) % slots
  const moved = Number((lng + (slot * ATTEMPTS + testInfo.retry + 0.5) / 1e6).toFixed(7))
  return { lat, lng: moved, text: `${lat},${moved}` }
}

/** The anchors (dQw4w9WgXcQ and friends), the anchor channel's videos and the first popular pages are what other specs open. */
function untouchedVideos(): VideoRecord[] {
  const d = getDataset()
  const taken = new Set([
    ...d.popular.slice(0, 200).map((v) => v.id),
    ...Object.values(anchors).filter((a) => typeof a === 'string'),
  ])
  return d.videos
    .filter((v) => v.channelId !== anchors.ANCHOR_CHANNEL.id && !taken.has(v.id))
    .filter(
      (v) =>
        v.durationSec >= 150 &&
        v.durationSec <= 900 &&
        v.captionTracks[0]?.lang === 'en' &&
        v.captionTracks[0].source === 'manual',
    )
    .filter((v) => v.captionTracks.length > 1 && !v.captionTracks.some((t) => t.lang === 'sw'))
    .sort((a, b) => (a.id < b.id ? -1 : 1))
}

/** How many tests take a video from each pool (captions.spec.ts); a new test takes the next slot and raises this. */
const SLOTS = { es: 1, other: 6 } as const

/**
 * A demo video whose captions no other test, repetition or attempt fetches: a manual English track first, at least one
 * more language, none in Swahili, 2.5–15 minutes long. `slot` is the test's own number (0, 1, 2…) within `pool`; slots
 * must differ between the tests that use the same pool. The "es" pool holds the videos with a Spanish track, "other" the rest.
 */
export function untouchedVideo(testInfo: TestInfo, pool: keyof typeof SLOTS, slot: number): VideoRecord {
  if (!Number.isInteger(slot) || slot < 0 || slot >= SLOTS[pool])
    throw new Error(
      `Slot ${slot} is not one of the ${SLOTS[pool]} of the "${pool}" pool (e2e/support/unique.ts SLOTS).`,
    )
  const videos = untouchedVideos().filter(
    (v) => v.captionTracks.some((t) => t.lang === 'es') === (pool === 'es'),
  )
  const index = (testInfo.repeatEachIndex * ATTEMPTS + testInfo.retry) * SLOTS[pool] + slot
  const video = videos[index]
  if (!video)
    throw new Error(
      `The demo data has ${videos.length} untouched videos in the "${pool}" pool; repetition ${testInfo.repeatEachIndex}, attempt ${testInfo.retry} of slot ${slot} needs more.`,
    )
  return video
}
