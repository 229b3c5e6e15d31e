/**
 * One purchase per caption track, and free conversions: a view, its download and the bulk view buy one JSON
 * track once; converted formats make no paid call and carry the service's cues, read with the parsers its files are read with.
 */
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import Papa from 'papaparse'
import SrtParser from 'srt-parser-2'
import webvtt from 'webvtt-parser'
import type { APIRequestContext, Download, Page } from '@playwright/test'
import { decodeEntitiesUntilStable } from '#lib/captions/entities.ts'
import { readZip, strFromU8 } from '#test-readers/read-zip.ts'
import { test, expect } from './fixtures.ts'
import { untouchedVideo } from './support/unique.ts'

type Cue = { startMs: number; endMs: number | null; text: string }
type Convertible = 'json' | 'text' | 'csv' | 'srt' | 'vtt' | 'ttml'

const VTT_ENTITIES = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('webvtt-parser/html-entities.json'), 'utf8'),
) as Record<string, string>
const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  parseTagValue: false,
  htmlEntities: true,
  isArray: (n) => n === 'p',
})
const oneLine = (s: string) => decodeEntitiesUntilStable(s).replace(/\s+/g, ' ').trim()
const stampMs = (s: string) => {
  const [h, m, sec] = s.split(':')
  return Number(h) * 3_600_000 + Number(m) * 60_000 + Math.round(Number(sec) * 1000)
}

/** A caption file read as a researcher's tool reads it: the same parser for the service's file and the converted one. */
function read(format: Convertible, body: string): Cue[] {
  switch (format) {
    case 'json':
      return (JSON.parse(body) as { offset: number; duration: number; text: string }[]).map((i) => ({
        startMs: Math.round(i.offset * 1000),
        endMs: Math.round((i.offset + i.duration) * 1000),
        text: oneLine(i.text),
      }))
    case 'text':
      return body
        .replace(/\n$/, '')
        .split('\n')
        .map((text) => ({ startMs: 0, endMs: null, text }))
    case 'csv': {
      const parsed = Papa.parse<Record<string, string>>(body, { header: true, skipEmptyLines: true })
      expect(parsed.errors).toEqual([])
      return parsed.data.map((r) => ({
        startMs: Math.round(Number(r.start) * 1000),
        endMs: Math.round((Number(r.start) + Number(r.duration)) * 1000),
        text: oneLine(r.text!),
      }))
    }
    case 'srt':
      return new SrtParser().fromSrt(body).map((c) => ({
        startMs: Math.round(c.startSeconds * 1000),
        endMs: Math.round(c.endSeconds * 1000),
        text: oneLine(c.text),
      }))
    case 'vtt': {
      const parsed = new webvtt.WebVTTParser(VTT_ENTITIES).parse(body)
      expect(parsed.errors.filter((e) => e.message !== 'No blank line after the signature.')).toEqual([])
      return parsed.cues.map((c) => ({
        startMs: Math.round(c.startTime * 1000),
        endMs: Math.round(c.endTime * 1000),
        text: oneLine(c.text),
      }))
    }
    case 'ttml': {
      expect(XMLValidator.validate(body)).toBe(true)
      const tt = xml.parse(body.replace(/<br\/>/g, ' ')) as {
        tt: { body: { div: { p: Record<string, string>[] } } }
      }
      return tt.tt.body.div.p.map((p) => ({
        startMs: stampMs(p.begin!),
        endMs: stampMs(p.end!),
        text: oneLine(p['#text'] ?? ''),
      }))
    }
  }
}

const LABEL: Record<Convertible, string> = {
  json: 'JSON',
  text: 'Text',
  csv: 'CSV',
  srt: 'SRT',
  vtt: 'WebVTT',
  ttml: 'TTML',
}
const EXT: Record<Convertible, string> = {
  json: 'json',
  text: 'txt',
  csv: 'csv',
  srt: 'srt',
  vtt: 'vtt',
  ttml: 'ttml',
}

async function saved(download: Download): Promise<string> {
  return readFile((await download.path())!, 'utf8')
}

/** Every /api/captions request the page sends (each may be paid). */
function captionRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (r) => {
    const url = new URL(r.url())
    if (url.pathname.startsWith('/api/captions/')) seen.push(url.pathname + url.search)
  })
  return seen
}

/** Paid calls the function made to the service for this video's captions, from its ledger. */
async function paidCaptionCalls(request: APIRequestContext, videoId: string) {
  const res = await request.get('/api/spend?limit=1000')
  expect(res.ok()).toBe(true)
  const report = (await res.json()) as {
    recent: { path: string; params: Record<string, string>; costUsd: number }[]
  }
  return report.recent.filter((e) => e.path === `/captions/${videoId}`)
}

test.describe('one purchase per caption track', () => {
  test('converted formats make no paid call, parse as the service’s files do and carry the same cues', async ({
    page,
  }, testInfo) => {
    const video = untouchedVideo(testInfo, 'other', 4)
    await page.goto(`/videos/${video.id}`)
    await expect(page.getByRole('list', { name: 'Transcript cues' })).toBeVisible({ timeout: 20_000 })
    const converted = page.getByRole('group', { name: /Free conversions/ })
    await expect(converted).toBeVisible()
    const sent = captionRequests(page)
    for (const format of Object.keys(LABEL) as Convertible[]) {
      const button = converted.getByRole('button', {
        name: new RegExp(`^Download ${LABEL[format]} \\(converted\\)`),
      })
      await expect(button.getByTestId('price')).toHaveText('free')
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()])
      expect(download.suggestedFilename()).toBe(`${video.id}.en.converted.${EXT[format]}`)
      const body = await saved(download)
      // The service's exact file of the same track, read with the same parser.
      const exact = await page.request.get(`/api/captions/${video.id}?format=${format}&lang=en&mode=default`)
      expect(exact.ok()).toBe(true)
      const service = read(format, await exact.text())
      const mine = read(format, body)
      expect(mine.length, format).toBeGreaterThan(0)
      expect(mine, format).toEqual(service)
      if (format === 'vtt')
        expect(body).toMatch(/^WEBVTT\n[\s\S]*?\nNOTE\nConverted by the Poix Research Dashboard/)
      if (format === 'ttml') expect(body).toContain('<ttm:desc>Converted by the Poix Research Dashboard')
    }
    // The page itself asked for nothing: every conversion was written from the track on screen.
    expect(sent, 'caption requests the page sent for six converted downloads').toEqual([])
  })

  test('a view, then its JSON download, then the bulk view buy the JSON track once', async ({
    page,
  }, testInfo) => {
    const video = untouchedVideo(testInfo, 'other', 5)
    await page.addInitScript(() =>
      Object.defineProperty(window, 'showSaveFilePicker', { value: undefined, configurable: true }),
    )
    // 1. The view, opened without a language: it pays for the track once.
    await page.goto(`/videos/${video.id}`)
    await expect(page.getByRole('list', { name: 'Transcript cues' })).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('cost-track')).toHaveText('$0.00053')

    // 2. "Download JSON" (the service's file): the answer already bought, free.
    const exact = page.getByRole('group', { name: /exact files/ })
    const json = exact.getByRole('button', { name: /^Download JSON\s*(\$|cached)/ })
    await expect(json.getByTestId('price')).toHaveText('cached · free')
    const [download] = await Promise.all([page.waitForEvent('download'), json.click()])
    expect(download.suggestedFilename()).toBe(`${video.id}.en.json`)
    await expect(page.getByText(`Saved ${video.id}.en.json (cached · free).`)).toBeVisible()

    // 3. The bulk view, JSON of each video's default language: the same track, free.
    await page.goto(`/bulk?ids=${video.id}&formats=json`)
    const start = page.getByRole('button', { name: /^Download ZIP/ })
    const downloading = page.waitForEvent('download')
    await start.click()
    const zip = readZip(new Uint8Array(await readFile((await (await downloading).path())!)))
    const manifest = JSON.parse(strFromU8(zip['manifest.json']!)) as {
      run: { totals: { costUsd: number } }
      files: { path: string; cache: string }[]
    }
    expect(manifest.files).toMatchObject([{ path: `${video.id}/${video.id}.en.json`, cache: 'HIT' }])
    expect(manifest.run.totals.costUsd).toBe(0)

    // The function's ledger: one paid call for this video's captions, the JSON track.
    const calls = await paidCaptionCalls(page.request, video.id)
    expect(calls.map((c) => [c.params.format, c.costUsd])).toEqual([['json', 0.00053]])
  })
})
