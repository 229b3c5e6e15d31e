import { describe, expect, it } from 'vitest'
import type { Channel } from '#contract/index.ts'
import { toCsv } from '#lib/export/serialise.ts'
import { HARD_VALUES } from '#testing/hard-values.ts'
import { readStrictCsv } from '#test-readers/strict-csv.ts'
import { CHANNEL_COLUMNS, channelFileName, channelProvenance, columnsFor } from './channel-export.ts'

const channel = (i: number, title: string): Channel => ({
  id: `UC${String(i).padStart(22, '0')}`,
  title,
  customUrl: `@${title}`,
  description: title,
})

const receipt = {
  url: '/api/channels',
  costUsd: 0.00013,
  cache: 'MISS' as const,
  fetchedAt: '2026-11-25T00:00:00.000Z',
}
const now = new Date('2026-11-25T01:00:00Z')

describe('channel exports', () => {
  it('write titles, handles and descriptions exactly, header on line 1', () => {
    const channels = HARD_VALUES.map((t, i) => channel(i, t))
    const read = readStrictCsv(toCsv(channels, CHANNEL_COLUMNS))
    expect(read.header[0]).toBe('id')
    expect(read.records.map((r) => r.title)).toEqual(HARD_VALUES)
    expect(read.records.map((r) => r.customUrl)).toEqual(HARD_VALUES.map((t) => `@${t}`))
    expect(read.records.map((r) => r.description)).toEqual(HARD_VALUES)
  })

  it('write a comparison with only its compared fields', () => {
    const read = readStrictCsv(toCsv([channel(1, 'a')], columnsFor(['id', 'title'])))
    expect(read.header).toEqual(['id', 'title'])
  })

  it('record the query actually sent', () => {
    expect(
      channelProvenance({
        title: 't',
        query: { forHandle: '@a', hl: undefined },
        receipt,
        itemCount: 1,
        viewUrl: 'u',
      }),
    ).toMatchObject({ operation: 'GET /channels', query: { forHandle: '@a' }, costUsd: 0.00013 })
  })

  it('are named after the channel or the compared ids and the language', () => {
    const names = [
      channelFileName('channel', '@café', { forHandle: '@café' }, now),
      channelFileName('channel', '@café', { forHandle: '@café', hl: 'fr' }, now),
      channelFileName('channels-comparison', '2', { ids: 'UCa,UCb', fields: 'id' }, now),
      channelFileName('channels-comparison', '2', { ids: 'UCa,UCc', fields: 'id' }, now),
    ]
    expect(names[0]).toMatch(/^channel-cafe-2026-11-25-[0-9a-f]{6}$/)
    expect(names[1]).toMatch(/^channel-cafe-fr-2026-11-25-/)
    expect(new Set(names).size).toBe(names.length)
  })
})
