/**
 * Test helper: a small corpus whose answers are known by reading it. `c_known` holds English (with sound markers,
 * doubled escapes and a rolling track), Japanese and Chinese tracks and one video never collected; `c_other` holds a
 * video that says "metro" too, which no search of `c_known` may return.
 */
import { beforeEach } from 'vitest'
import type { EngineUnderTest } from '#server/testing/postgres-cluster.ts'
import type { Database } from '#server/db/database.ts'
import { createApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { corpusSearchRoutes } from '../../routes-search.ts'
import { createCollection, openCorpusDatabase, type FixtureVideo } from './corpus-fixture.ts'

export const KNOWN = 'c_known'
const OTHER = 'c_other'

export const ENGLISH: FixtureVideo = {
  videoId: 'vidEnglish0',
  title: 'Morning commute',
  channelTitle: 'City Channel',
  publishedAt: '2026-01-02T10:00:00Z',
  foundBy: [{ kind: 'search', label: 'Search near Paris', at: 1 }],
  track: {
    lang: 'en',
    cues: [
      { text: '[Music]', offset: 0, duration: 5 },
      { text: 'we were running to the metro station', offset: 5, duration: 3 },
      { text: 'the bus was late', offset: 8, duration: 2 },
      { text: 'I run every day near the metro', offset: 10, duration: 3 },
      { text: 'we&amp;#39;re no strangers to [Applause] love', offset: 13, duration: 2.5 },
    ],
  },
}

const ROLLING: FixtureVideo = {
  videoId: 'vidRolling0',
  title: 'Auto captions',
  track: {
    lang: 'en',
    cues: [
      { text: 'so today we', offset: 0, duration: 2 },
      { text: 'so today we are going', offset: 2, duration: 2 },
      { text: 'so today we are going', offset: 4, duration: 0.01 },
      { text: 'to the metropolis', offset: 4.01, duration: 2 },
    ],
  },
}

const JAPANESE: FixtureVideo = {
  videoId: 'vidJapanes0',
  title: '東京',
  track: {
    lang: 'ja',
    cues: [
      { text: '東京の地下鉄に乗りました', offset: 0, duration: 3 },
      { text: '地下鉄の駅', offset: 3, duration: 2 },
    ],
  },
}

const CHINESE: FixtureVideo = {
  videoId: 'vidChinese0',
  title: '北京',
  track: { lang: 'zh-Hans', cues: [{ text: '我们坐地铁去公园', offset: 1.5, duration: 2 }] },
}

const MISSING: FixtureVideo = { videoId: 'vidMissing0', title: 'Not collected' }

const ELSEWHERE: FixtureVideo = {
  videoId: 'vidOtherCo0',
  track: { lang: 'en', cues: [{ text: 'the metro is here', offset: 0, duration: 1 }] },
}

export const KNOWN_VIDEOS = [ENGLISH, ROLLING, JAPANESE, CHINESE, MISSING]

async function loadKnownCorpus(db: Database): Promise<void> {
  await createCollection(db, KNOWN, KNOWN_VIDEOS, { name: 'Known "corpus", commas' })
  await createCollection(db, OTHER, [ELSEWHERE])
}

/** The corpus routes inside the real function (its middleware, JSON errors and 404s); nothing may be paid. */
export function corpusApp(db: Database, now = () => Date.UTC(2026, 10, 25, 12)) {
  const refuse = () => Promise.reject(new Error('the corpus routes pay for nothing'))
  return createApp({
    config: loadConfig({ DATA_DIR: ':memory:' }),
    gateway: { call: refuse, quote: refuse },
    routes: { '/collections': corpusSearchRoutes({ db, now }) },
    log: () => {},
  })
}

export type CorpusApp = ReturnType<typeof corpusApp>

/** A fresh database with the known corpus before each test, and the routes over it. */
export function knownCorpusPerTest(engine: EngineUnderTest): { db: () => Database; app: () => CorpusApp } {
  let db: Database | undefined
  let app: CorpusApp | undefined
  beforeEach(async () => {
    db = await openCorpusDatabase(engine)
    await loadKnownCorpus(db)
    app = corpusApp(db)
  })
  return { db: () => db!, app: () => app! }
}
