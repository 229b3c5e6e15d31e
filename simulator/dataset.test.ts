import { afterEach, describe, expect, it, vi } from 'vitest'
import { CHANNEL_ID_RE, distanceKm, HANDLE_RE, VIDEO_ID_RE } from '#contract/index.ts'
import {
  ANCHOR_CHANNEL,
  ANCHOR_COMMENT_ID,
  ANCHOR_VIDEO_ID,
  ASR_ONLY_VIDEO_ID,
  BIG_COMMENT_ID,
  CJK_VIDEO_ID,
  HOSTILE_COMMENT_ID,
  LONG_VIDEO_ID,
  NO_CAPTIONS_VIDEO_ID,
  PARIS,
  RTL_VIDEO_ID,
} from './data/anchors.ts'
import { CHANNEL_WITH_EMPTY_LIKES_INDEX, CHANNEL_WITH_HIDDEN_SUBSCRIBERS_INDEX } from './data/channels.ts'
import { buildDataset, getDataset } from './data/dataset.ts'
import { PLACES } from './data/places.ts'

const data = getDataset()

describe('simulator dataset', () => {
  afterEach(() => vi.restoreAllMocks())

  it('has at least 40 real places on every inhabited continent', () => {
    expect(PLACES.length).toBeGreaterThanOrEqual(40)
    expect(new Set(PLACES.map((p) => p.continent))).toEqual(
      new Set(['Africa', 'Asia', 'Europe', 'North America', 'South America', 'Oceania']),
    )
    for (const name of [
      'Paris',
      'London',
      'Tokyo',
      'New York',
      'Nairobi',
      'São Paulo',
      'Sydney',
      'Cairo',
      'Mumbai',
      'Mexico City',
    ]) {
      expect(PLACES.map((p) => p.name)).toContain(name)
    }
  })

  it('has at least 400 videos and 60 channels, ids in the platform shapes and unique', () => {
    expect(data.videos.length).toBeGreaterThanOrEqual(400)
    expect(data.channels.length).toBeGreaterThanOrEqual(60)
    for (const v of data.videos) {
      expect(v.id).toMatch(VIDEO_ID_RE)
      expect('048AEIMQUYcgkosw').toContain(v.id.at(-1))
      expect(data.channel(v.channelId)?.title).toBe(v.channelTitle)
    }
    for (const c of data.channels) expect(c.id).toMatch(CHANNEL_ID_RE)
    expect(new Set(data.videos.map((v) => v.id)).size).toBe(data.videos.length)
    expect(new Set(data.channels.map((c) => c.id)).size).toBe(data.channels.length)
    for (const t of data.threads) expect(t.id).toHaveLength(26)
  })

  it('records every video within about 30 km of its place, most within a few km', () => {
    const kms = data.videos.map((v) => distanceKm(v, v.place))
    expect(Math.max(...kms)).toBeLessThanOrEqual(31)
    expect(kms.filter((km) => km <= 6).length / kms.length).toBeGreaterThan(0.7)
    expect(kms.some((km) => km > 15)).toBe(true)
  })

  it('has several videos within 25 km of Paris and none in the middle of the Pacific', () => {
    expect(data.videos.filter((v) => distanceKm(PARIS, v) <= 25).length).toBeGreaterThanOrEqual(6)
    expect(data.videos.filter((v) => distanceKm({ lat: -15, lng: -140 }, v) <= 1100)).toHaveLength(0)
  })

  it('keeps the anchor video, channel and comment', () => {
    const video = data.video(ANCHOR_VIDEO_ID)!
    expect(video.channelId).toBe(ANCHOR_CHANNEL.id)
    expect(video.place.name).toBe('London')
    expect(video.captionTracks).toEqual(
      ['en', 'es', 'de', 'fr', 'ja', 'ar'].map((lang) => ({ lang, source: 'manual' })),
    )
    const channel = data.channelByHandle('@RickAstleyYT')!
    expect(channel.id).toBe(ANCHOR_CHANNEL.id)
    expect(data.channelByUsername('rickastleyvevo')).toBe(channel)
    expect(channel.unsubscribedTrailer).toBe(ANCHOR_VIDEO_ID)
    expect(data.replies(ANCHOR_COMMENT_ID)).toHaveLength(312)
    expect(data.thread(ANCHOR_COMMENT_ID)?.videoId).toBe(ANCHOR_VIDEO_ID)
    expect(data.replies(BIG_COMMENT_ID)!.length).toBeGreaterThan(300)
  })

  it('has the caption variety the caption views need', () => {
    expect(data.video(NO_CAPTIONS_VIDEO_ID)!.captionTracks).toEqual([])
    expect(data.video(LONG_VIDEO_ID)!.durationSec).toBeGreaterThan(2 * 3600)
    expect(data.video(RTL_VIDEO_ID)!.captionTracks.map((t) => t.lang)).toEqual(
      expect.arrayContaining(['ar', 'fa', 'iw']),
    )
    expect(data.video(CJK_VIDEO_ID)!.captionTracks.map((t) => t.lang)).toEqual(
      expect.arrayContaining(['ja', 'zh-CN', 'ko']),
    )
    expect(data.video(ASR_ONLY_VIDEO_ID)!.captionTracks).toEqual([{ lang: 'en', source: 'asr' }])
    const generated = data.videos.slice(20)
    expect(generated.filter((v) => v.captionTracks.length === 0).length).toBeGreaterThan(20)
    expect(generated.filter((v) => v.captionTracks[0]?.source === 'asr').length).toBeGreaterThan(20)
    expect(data.videos.filter((v) => v.durationSec > 2 * 3600).length).toBeGreaterThan(3)
  })

  it('writes channels like the platform: handles, keywords, playlists, hidden counts, translations', () => {
    const hidden = data.channels[CHANNEL_WITH_HIDDEN_SUBSCRIBERS_INDEX]!
    expect(hidden.hiddenSubscriberCount).toBe(true)
    expect(data.channels[CHANNEL_WITH_EMPTY_LIKES_INDEX]!.relatedPlaylists.likes).toBe('')
    for (const c of data.channels) {
      expect(c.customUrl).toMatch(HANDLE_RE)
      expect(c.customUrl.startsWith('@')).toBe(true)
      expect(c.relatedPlaylists.uploads).toBe(`UU${c.id.slice(2)}`)
      expect(data.video(c.unsubscribedTrailer)?.channelId).toBe(c.id)
      expect(c.description).toMatch(/\n.*https:\/\//)
    }
    expect(data.channels.some((c) => /[^ -~]/.test(c.customUrl))).toBe(true)
    expect(data.channels.some((c) => /"[^"]+ [^"]+"/.test(c.keywords))).toBe(true)
    expect(data.channels.filter((c) => c.localizations.ja).length).toBeGreaterThan(10)
    expect(new Set(data.channels.map((c) => c.customUrl.toLowerCase())).size).toBe(data.channels.length)
    expect(new Set(data.channels.map((c) => c.username.toLowerCase())).size).toBe(data.channels.length)
  })

  it('writes replies with mentions, self-replies, edits and many scripts', () => {
    const thread = data.thread(ANCHOR_COMMENT_ID)!
    const replies = data.replies(ANCHOR_COMMENT_ID)!
    const authors = new Set(replies.map((r) => r.author))
    expect(replies.some((r) => r.author === thread.author)).toBe(true)
    expect(replies.some((r) => r.updatedAt !== r.publishedAt)).toBe(true)
    // A mention names someone who replied before, by display name (with a space) or by handle.
    const byName = replies.findIndex((r) =>
      [...authors].some((a) => a.displayName.includes(' ') && r.textOriginal.includes(`@${a.displayName}`)),
    )
    const byHandle = replies.findIndex((r) =>
      [...authors].some((a) => !a.showsHandle && r.textOriginal.includes(`@${a.handle} `)),
    )
    expect(byName).toBeGreaterThan(0)
    expect(byHandle).toBeGreaterThan(0)
    expect(replies.some((r) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(r.textOriginal))).toBe(true)
    expect(replies.some((r) => /[\u0600-\u06ff]/.test(r.textOriginal + r.author.displayName))).toBe(true)
    expect(replies.some((r) => /\p{Extended_Pictographic}/u.test(r.textOriginal))).toBe(true)
    for (let i = 1; i < replies.length; i++)
      expect(replies[i]!.publishedAt >= replies[i - 1]!.publishedAt).toBe(true)
  })

  it('puts hostile markup in one thread that is not the anchor', () => {
    const html = data
      .replies(HOSTILE_COMMENT_ID)!
      .map((r) => r.textHtml)
      .join('\n')
    for (const needle of ['<script>', 'onerror=', 'href="javascript:', '<iframe'])
      expect(html).toContain(needle)
    const anchorHtml = data
      .replies(ANCHOR_COMMENT_ID)!
      .map((r) => r.textHtml)
      .join('\n')
    expect(anchorHtml).not.toMatch(/<(script|iframe|img)/)
  })

  it('is the same on every build and never reads Math.random or the clock', () => {
    vi.spyOn(Math, 'random').mockImplementation(() => {
      throw new Error('Math.random used')
    })
    vi.spyOn(Date, 'now').mockImplementation(() => {
      throw new Error('Date.now used')
    })
    const a = buildDataset()
    const b = buildDataset()
    expect(JSON.stringify(a.videos)).toBe(JSON.stringify(b.videos))
    expect(JSON.stringify(a.channels)).toBe(JSON.stringify(b.channels))
    expect(JSON.stringify(a.replies(ANCHOR_COMMENT_ID))).toBe(JSON.stringify(b.replies(ANCHOR_COMMENT_ID)))
    expect(JSON.stringify(a.videos)).toBe(JSON.stringify(data.videos))
  })
})
