/**
 * Test helper: a coded collection whose exports are known by reading it. Two videos (English with an emoji and a
 * cue of two lines; Japanese with an emoji before a coded cue and captions that overlap), a code tree
 * (Place / Metro), a comment thread, two codes on one moment, overlapping moments of one code, a memo with markup,
 * and one coding whose text has changed since (it cannot be placed).
 */
import type { Code, Coding, CodingProject, ProjectVideo } from '../coding-project.ts'

const COLLECTION_ID = 'c_coded'
const T0 = Date.UTC(2026, 10, 20, 9, 0, 0)

export const CODE = {
  nostalgia: '0b6f5a4e-1c2d-4e3f-8a9b-0c1d2e3f4a5b',
  place: '1c7a6b5f-2d3e-4f40-9bac-1d2e3f4a5b6c',
  metro: '2d8b7c60-3e4f-4051-acbd-2e3f4a5b6c7d',
  counter: '3e9c8d71-4f50-4162-bdce-3f4a5b6c7d8e',
} as const

const code = (
  id: string,
  name: string,
  parentId: string | null,
  position: number,
  color: string,
  description = '',
): Code => ({
  id,
  collectionId: COLLECTION_ID,
  parentId,
  name,
  color,
  description,
  position,
  createdAt: T0,
  updatedAt: T0,
})

const CODES: Code[] = [
  code(CODE.place, 'Place', null, 1, '#59a14f', 'Where people are & go'),
  code(CODE.metro, 'Metro', CODE.place, 0, '#4e79a7'),
  code(CODE.nostalgia, 'Nostalgia', null, 0, '#e15759', 'Longing for the past <b>then</b>'),
  code(CODE.counter, 'Counter-argument', null, 2, '#f28e2b'),
]

export const ENGLISH: ProjectVideo = {
  videoId: 'vidEnglish0',
  title: 'Morning commute',
  channelTitle: 'City Channel',
  publishedAt: '2026-01-02T10:00:00Z',
  url: 'https://www.youtube.com/watch?v=vidEnglish0',
  lang: 'en',
  cues: [
    { seq: 0, start: 0, duration: 5, text: '[Music]' },
    { seq: 1, start: 5, duration: 3, text: 'we were running to the metro station' },
    { seq: 2, start: 8.25, duration: 2.5, text: 'the bus was late\nagain' },
    { seq: 3, start: 12.1, duration: 1.9, text: 'I run every day 🏃‍♀️' },
  ],
}

export const JAPANESE: ProjectVideo = {
  videoId: 'vidJapanes0',
  title: '東京',
  channelTitle: null,
  publishedAt: null,
  url: 'https://www.youtube.com/watch?v=vidJapanes0',
  lang: 'ja',
  cues: [
    { seq: 0, start: 0, duration: 3, text: '東京の地下鉄は😀速い' },
    { seq: 1, start: 3, duration: 2.345, text: '地下鉄で会いましょう' },
    // Rolling layout: shown until 9.5 s, but the next cue starts at 7.
    { seq: 2, start: 5.345, duration: 4.155, text: '駅で' },
    { seq: 3, start: 7, duration: 1.001, text: 'またね' },
  ],
}

export const THREAD_ID = 'UgzoQVUwDeGW1IS5_uR4AaABAg'
export const REPLY_ID = `${THREAD_ID}.9bXk2LmNoPqRsTuVwXyZ01`

let n = 0
function coding(codeId: string, segment: Coding['segment'], coder: string, memo = ''): Coding {
  n++
  const at = T0 + n * 60_000
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    collectionId: COLLECTION_ID,
    codeId,
    segment,
    memo,
    coder,
    createdAt: at,
    updatedAt: at + 1000,
  }
}

const cues = (v: ProjectVideo, first: number, last: number) => ({
  kind: 'cues' as const,
  videoId: v.videoId,
  lang: v.lang,
  start: v.cues[first]!.start,
  end: v.cues[last]!.start + v.cues[last]!.duration,
  firstSeq: first,
  lastSeq: last,
  text: v.cues
    .slice(first, last + 1)
    .map((c) => c.text)
    .join('\n'),
})

const reply = {
  kind: 'reply' as const,
  videoId: ENGLISH.videoId,
  commentId: REPLY_ID,
  parentId: THREAD_ID,
  author: '@rider',
  publishedAt: '2026-01-03T08:00:00Z',
  text: 'Not true, the metro was fine 🚇 & <b>on time</b>',
}
const topLevel = {
  kind: 'reply' as const,
  videoId: ENGLISH.videoId,
  commentId: THREAD_ID,
  parentId: null,
  author: '@walker',
  publishedAt: '2026-01-02T12:00:00Z',
  text: 'Buses were\nalways late',
}

export const CODINGS: Coding[] = [
  coding(CODE.nostalgia, cues(ENGLISH, 1, 2), 'Ana', 'Commute memory, "then" & <now>'),
  coding(CODE.metro, cues(ENGLISH, 1, 2), 'Ana'),
  coding(CODE.metro, cues(JAPANESE, 0, 1), '佐藤', '地下鉄の記憶'),
  coding(CODE.nostalgia, cues(JAPANESE, 1, 1), '佐藤'),
  coding(CODE.nostalgia, cues(ENGLISH, 2, 3), 'Ben'),
  coding(CODE.counter, reply, 'Ana', 'Disagrees with the video'),
  coding(CODE.nostalgia, topLevel, 'Ben'),
  coding(CODE.place, cues(JAPANESE, 2, 3), 'Ben'),
  // Coded before the track was collected again: its text is no longer cue 0's.
  coding(CODE.place, { ...cues(ENGLISH, 0, 0), text: '[Applause]' }, 'Ben'),
]

/** The coding whose text changed since it was coded. */
export const UNPLACED = CODINGS.at(-1)!

export function codedProject(over: Partial<CodingProject> = {}): CodingProject {
  return {
    collection: { id: COLLECTION_ID, name: 'Transit "voices", 東京', description: 'Commutes, coded.' },
    source: { kind: 'demo', name: 'demo simulator (invented data)', url: null },
    exportedAt: new Date('2026-11-25T12:00:00Z'),
    codes: CODES,
    videos: [ENGLISH, JAPANESE],
    replySources: [],
    codings: CODINGS,
    ...over,
  }
}
