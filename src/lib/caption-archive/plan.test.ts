import { describe, expect, it } from 'vitest'
import { CAPTION_FORMATS, priceOf } from '#contract/index.ts'
import { CAPTION_REQUEST_PRICE_USD, jobUrl, planBulk, planJobs } from './plan.ts'

const A = 'dQw4w9WgXcQ'
const B = 'Jp4cK9tRz1U'
const C = 'Zp3xQe9LbTg'

describe('planJobs', () => {
  it('makes one job per video × language × format, in a stable order', () => {
    const jobs = planJobs({
      videoIds: [A, B],
      formats: ['vtt', 'srt'],
      languages: ['fr', 'en'],
      mode: 'default',
    })
    expect(jobs.map((j) => j.key)).toEqual([
      `${A}/en/srt`,
      `${A}/en/vtt`,
      `${A}/fr/srt`,
      `${A}/fr/vtt`,
      `${B}/en/srt`,
      `${B}/en/vtt`,
      `${B}/fr/srt`,
      `${B}/fr/vtt`,
    ])
    expect(jobs.every((j) => j.save && !j.lookup)).toBe(true)
  })

  it('never plans the same request twice, however the selection repeats itself', () => {
    const jobs = planJobs({
      videoIds: [A, B, A, C, B],
      formats: ['srt', 'srt', 'json'],
      languages: ['en', 'en', 'de'],
      mode: 'force-whisper',
    })
    const keys = jobs.map((j) => j.key)
    expect(new Set(keys).size).toBe(keys.length)
    expect(jobs).toHaveLength(3 * 2 * 2)
    expect(new Set(jobs.map((j) => jobUrl(j))).size).toBe(jobs.length)
    expect(jobs.every((j) => j.mode === 'force-whisper')).toBe(true)
  })

  it('with the default language, leads with one JSON lookup per video that is also the JSON file when JSON is chosen', () => {
    const jobs = planJobs({
      videoIds: [A, B],
      formats: ['srt', 'json'],
      languages: 'default',
      mode: 'default',
    })
    expect(jobs.map((j) => [j.key, j.lookup, j.save])).toEqual([
      [`${A}/default/json`, true, true],
      [`${B}/default/json`, true, true],
      [`${A}/default/srt`, false, true],
      [`${B}/default/srt`, false, true],
    ])
    expect(jobs.every((j) => j.lang === undefined)).toBe(true)
  })

  it('adds a lookup that is not saved when JSON is not among the formats', () => {
    const jobs = planJobs({ videoIds: [A], formats: ['vtt'], languages: 'default', mode: 'default' })
    expect(jobs.map((j) => [j.key, j.format, j.lookup, j.save])).toEqual([
      [`${A}/default/json/lookup`, 'json', true, false],
      [`${A}/default/vtt`, 'vtt', false, true],
    ])
  })

  it('plans nothing without a video, a format or a language', () => {
    expect(planJobs({ videoIds: [], formats: ['srt'], languages: ['en'], mode: 'default' })).toEqual([])
    expect(planJobs({ videoIds: [A], formats: [], languages: ['en'], mode: 'default' })).toEqual([])
    expect(planJobs({ videoIds: [A], formats: ['srt'], languages: [], mode: 'default' })).toEqual([])
    expect(planJobs({ videoIds: [A], formats: [], languages: 'default', mode: 'default' })).toEqual([])
  })
})

describe('planBulk', () => {
  it('counts requests and prices them at the list price of GET /captions/{videoId}', () => {
    expect(CAPTION_REQUEST_PRICE_USD).toBe(priceOf('GET /captions/{videoId}'))
    const plan = planBulk({
      videoIds: [A, B, C],
      formats: ['srt', 'vtt'],
      languages: ['en', 'fr'],
      mode: 'default',
    })
    expect(plan.requests).toBe(12)
    expect(plan.files).toBe(12)
    expect(plan.lookupsOnly).toBe(0)
    expect(plan.priceUsd).toBe(0.00636) // 12 × $0.00053, without floating-point drift
  })

  it('counts the default-language lookups in the price', () => {
    const plan = planBulk({
      videoIds: [A, B],
      formats: ['srt', 'vtt'],
      languages: 'default',
      mode: 'default',
    })
    expect(plan).toMatchObject({ requests: 6, files: 4, lookupsOnly: 2, priceUsd: 0.00318 })
    const withJson = planBulk({
      videoIds: [A, B],
      formats: ['srt', 'json'],
      languages: 'default',
      mode: 'default',
    })
    expect(withJson).toMatchObject({ requests: 4, files: 4, lookupsOnly: 0, priceUsd: 0.00212 })
  })

  it('prices every format and language at scale', () => {
    const ids = Array.from({ length: 100 }, (_, i) => `video${String(i).padStart(6, '0')}`)
    const plan = planBulk({
      videoIds: ids,
      formats: CAPTION_FORMATS,
      languages: ['en', 'de', 'ja'],
      mode: 'default',
    })
    expect(plan.requests).toBe(100 * 11 * 3)
    expect(plan.priceUsd).toBe(1.749)
  })
})

describe('jobUrl', () => {
  it('asks the function for the exact format, language and mode', () => {
    const [job] = planJobs({
      videoIds: [A],
      formats: ['srv3'],
      languages: ['es-419'],
      mode: 'fallback-auto-translated',
    })
    expect(jobUrl(job!)).toBe(`/api/captions/${A}?format=srv3&lang=es-419&mode=fallback-auto-translated`)
    const [lookup] = planJobs({ videoIds: [A], formats: ['srt'], languages: 'default', mode: 'default' })
    expect(jobUrl(lookup!)).toBe(`/api/captions/${A}?format=json&mode=default`)
    expect(jobUrl(lookup!, 'en')).toBe(`/api/captions/${A}?format=json&lang=en&mode=default`)
  })
})

describe('exact files in each video default language: no JSON bought only to name them unless asked', () => {
  const exact = {
    videoIds: [A, B, C],
    formats: ['srt', 'vtt'],
    languages: 'default',
    mode: 'default',
  } as const

  it('named as the default track: one request per file, no lookup', () => {
    const plan = planBulk({ ...exact, formats: [...exact.formats], naming: 'default-track' })
    expect(plan).toMatchObject({ requests: 6, files: 6, lookupsOnly: 0, priceUsd: 0.00318 })
    expect(plan.jobs.map((j) => jobUrl(j))).toContain(`/api/captions/${A}?format=srt&mode=default`)
  })

  it('named by language: one JSON request more per video, priced', () => {
    const plan = planBulk({ ...exact, formats: [...exact.formats], naming: 'by-language' })
    expect(plan).toMatchObject({ requests: 9, files: 6, lookupsOnly: 3, priceUsd: 0.00477 })
  })

  it('a language already known (a cached JSON track) is used without buying it, whichever naming', () => {
    for (const naming of ['by-language', 'default-track'] as const) {
      const plan = planBulk({
        ...exact,
        formats: [...exact.formats],
        naming,
        knownLanguages: { [A]: 'en', [B]: 'ja', [C]: 'de' },
      })
      expect(plan).toMatchObject({ requests: 6, files: 6, lookupsOnly: 0 })
      expect(plan.jobs.map((j) => jobUrl(j))).toContain(`/api/captions/${B}?format=srt&lang=ja&mode=default`)
    }
  })
})
