import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import Papa from 'papaparse'
import SrtParser from 'srt-parser-2'
import webvtt from 'webvtt-parser'
import type { Download, Page } from '@playwright/test'
import { CAPTION_FORMATS, type CaptionFormat } from '#contract/index.ts'
import { CJK_VIDEO_ID, LONG_VIDEO_ID, NO_CAPTIONS_VIDEO_ID, RTL_VIDEO_ID } from '#simulator/data/anchors.ts'
import { decodeEntitiesUntilStable } from '#lib/captions/entities.ts'
import { readZip, strFromU8 } from '#test-readers/read-zip.ts'
import { test, expect } from './fixtures.ts'
import { framesPainted } from './support/settled.ts'
import { untouchedVideo } from './support/unique.ts'

// ---- Each format read back with an independent parser, as a researcher's tool would read it. ----

type ReadCue = { startMs: number | null; text: string }
const VTT_ENTITIES = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('webvtt-parser/html-entities.json'), 'utf8'),
) as Record<string, string>
const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  parseTagValue: false,
  isArray: (n) => ['text', 'p', 's'].includes(n),
})
type XmlNode = { '#text'?: string; [attr: string]: unknown }

const normaliseText = (s: string) => decodeEntitiesUntilStable(s).replace(/\s+/g, ' ').trim()

function readCaptions(format: CaptionFormat, body: string): ReadCue[] {
  switch (format) {
    case 'json':
      return (JSON.parse(body) as { offset: number; text: string }[]).map((i) => ({
        startMs: Math.round(i.offset * 1000),
        text: i.text,
      }))
    case 'text':
      return body
        .replace(/\n$/, '')
        .split('\n')
        .map((text) => ({ startMs: null, text }))
    case 'csv': {
      const parsed = Papa.parse<Record<string, string>>(body, { header: true, skipEmptyLines: true })
      expect(parsed.errors).toEqual([])
      return parsed.data.map((r) => ({ startMs: Math.round(Number(r.start) * 1000), text: r.text ?? '' }))
    }
    case 'xml':
    case 'srv1':
      return ((xml.parse(body) as { transcript: { text?: XmlNode[] } }).transcript.text ?? []).map((n) => ({
        startMs: Math.round(Number(n.start) * 1000),
        text: n['#text'] ?? '',
      }))
    case 'srv2':
      return ((xml.parse(body) as { timedtext: { text?: XmlNode[] } }).timedtext.text ?? []).map((n) => ({
        startMs: Number(n.t),
        text: n['#text'] ?? '',
      }))
    case 'srv3':
      return (
        (xml.parse(body) as { timedtext: { body: { p?: (XmlNode & { s?: XmlNode[] })[] } } }).timedtext.body
          .p ?? []
      )
        .filter((p) => p.a !== '1')
        .map((p) => ({
          startMs: Number(p.t),
          text: p.s ? p.s.map((x) => x['#text'] ?? '').join('') : (p['#text'] ?? ''),
        }))
    case 'json3':
      return (
        JSON.parse(body) as { events: { tStartMs: number; aAppend?: number; segs?: { utf8: string }[] }[] }
      ).events
        .filter((e) => e.segs && e.aAppend === undefined)
        .map((e) => ({ startMs: e.tStartMs, text: e.segs!.map((x) => x.utf8).join('') }))
    case 'ttml':
      // Well-formedness is checked by XMLValidator; the paragraphs are read here.
      return Array.from(
        body.matchAll(/<p\b[^>]*\bbegin="(\d+):(\d{2}):(\d{2})\.(\d{3})"[^>]*>([\s\S]*?)<\/p>/g),
        (m) => ({
          startMs: Number(m[1]) * 3_600_000 + Number(m[2]) * 60_000 + Number(m[3]) * 1000 + Number(m[4]),
          text: m[5]!.replace(/<br\s*\/>/g, ' ').replace(/<[^>]+>/g, ''),
        }),
      )
    case 'vtt': {
      const parsed = new webvtt.WebVTTParser(VTT_ENTITIES).parse(body)
      // The platform's header lines (Kind:, Language:) follow the signature; the W3C parser notes them and reads on.
      expect(parsed.errors.filter((e) => e.message !== 'No blank line after the signature.')).toEqual([])
      return parsed.cues.map((c) => ({ startMs: Math.round(c.startTime * 1000), text: c.text }))
    }
    case 'srt':
      return new SrtParser()
        .fromSrt(body)
        .map((l) => ({ startMs: Math.round(l.startSeconds * 1000), text: l.text }))
  }
}

const VIDEO = 'dQw4w9WgXcQ'
const XML_FORMATS = new Set<CaptionFormat>(['xml', 'srv1', 'srv2', 'srv3', 'ttml'])
const BUTTON_LABEL: Record<CaptionFormat, string> = {
  json: 'JSON',
  text: 'Text',
  csv: 'CSV',
  xml: 'XML',
  srt: 'SRT',
  vtt: 'WebVTT',
  ttml: 'TTML',
  srv1: 'srv1',
  srv2: 'srv2',
  srv3: 'srv3',
  json3: 'json3',
}
const EXT: Record<CaptionFormat, string> = {
  ...Object.fromEntries(CAPTION_FORMATS.map((f) => [f, f])),
  text: 'txt',
} as Record<CaptionFormat, string>

type Item = { text: string; offset: number; duration: number; lang: string }

const cueList = (page: Page) => page.getByRole('list', { name: 'Transcript cues' })
const activeCue = (page: Page) => cueList(page).locator('[role="listitem"][aria-current="true"]')
const clockText = (page: Page) => page.getByTestId('playback-time')

/** The track the view shows, read from the function directly (free when cached). */
async function track(page: Page, query = 'mode=default', videoId = VIDEO): Promise<Item[]> {
  const res = await page.request.get(`/api/captions/${videoId}?${query}`)
  expect(res.ok()).toBe(true)
  return (await res.json()) as Item[]
}

async function openVideo(page: Page, path = `/videos/${VIDEO}`) {
  await page.goto(path)
  await expect(cueList(page)).toBeVisible({ timeout: 20_000 })
}

async function saved(download: Download): Promise<string> {
  return readFile((await download.path())!, 'utf8')
}

function clock(seconds: number): string {
  const s = Math.floor(seconds)
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const sec = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`
}

test.describe('caption studio', () => {
  test('opens a video with its tracks, costs and a decoded transcript', async ({ page }, testInfo) => {
    // A video nobody opened before: both opening requests are paid.
    const video = untouchedVideo(testInfo, 'other', 0)
    await openVideo(page, `/videos/${video.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(video.id)
    await expect(page.getByTestId('cost-files')).toHaveText('$0.00053')
    await expect(page.getByTestId('cost-track')).toHaveText('$0.00053')
    const tracks = page.getByRole('table')
    await expect(tracks.getByRole('rowheader', { name: /English/ })).toBeVisible()
    await expect(tracks.getByRole('row')).not.toHaveCount(1)
    await expect(cueList(page)).not.toContainText('&amp;')
    await expect(cueList(page)).not.toContainText('&#39;')
    await expect(page.getByTestId('time-source')).toContainText('transcript clock')
  })

  test('switches language and mode through the priced form; the choice is in the URL', async ({
    page,
  }, testInfo) => {
    // A video with Spanish captions nobody fetched: the Spanish track is quoted at its price.
    const video = untouchedVideo(testInfo, 'es', 0)
    await openVideo(page, `/videos/${video.id}`)
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es')
    const show = page.getByRole('button', { name: /Show captions/ })
    await expect(show.getByTestId('price')).toHaveText('$0.00053')
    await show.click()
    await expect(page).toHaveURL(/lang=es&mode=default/)
    await expect(cueList(page)).toHaveAttribute('lang', 'es')
    await page.getByRole('radio', { name: /Always speech recognition/ }).check()
    await page.getByRole('button', { name: /Show captions/ }).click()
    await expect(page).toHaveURL(/lang=es&mode=force-whisper/)
    await expect(page.getByText(/showing .*\(es\), force-whisper mode/)).toBeVisible()
    await page.goBack()
    await expect(page).toHaveURL(/lang=es&mode=default/)
    await expect(page.getByRole('radio', { name: /^Default/ })).toBeChecked()
  })

  test('the transcript clock plays, the highlight moves, and the keyboard controls it', async ({ page }) => {
    await openVideo(page)
    await page.getByLabel('Speed').selectOption('2')
    await page.getByRole('button', { name: 'Play', exact: true }).click()
    await expect(activeCue(page)).toHaveCount(1, { timeout: 10_000 })
    const first = await activeCue(page).getAttribute('aria-posinset')
    await expect(async () => {
      expect(Number(await activeCue(page).getAttribute('aria-posinset'))).toBeGreaterThan(Number(first))
    }).toPass({ timeout: 20_000 })
    await page.getByRole('button', { name: 'Pause' }).click()
    await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible()
    const paused = await clockText(page).textContent()
    // Half a second of painted frames at 2×: a running clock would have moved a second by now.
    await framesPainted(page, 36)
    await expect(clockText(page)).toHaveText(paused!)

    // Keys act when focus is not in a field: → seeks 5 s, space plays and pauses.
    await page.getByRole('heading', { level: 1 }).click()
    const before = await page.getByRole('slider', { name: 'Playback position' }).inputValue()
    await page.keyboard.press('ArrowRight')
    await expect(async () => {
      const after = Number(await page.getByRole('slider', { name: 'Playback position' }).inputValue())
      expect(after).toBeCloseTo(Number(before) + 5, 0)
    }).toPass()
    await page.keyboard.press('Space')
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible()
    await page.keyboard.press('Space')
    await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible()
  })

  test('clicking a cue seeks there; a t= link starts at that moment; the moment link is copied', async ({
    page,
    context,
  }) => {
    const items = await track(page)
    const target = items[5]!
    await openVideo(page)
    await page.getByRole('button', { name: `Seek to ${clock(target.offset)}` }).click()
    await expect(clockText(page)).toHaveText(new RegExp(`^${clock(target.offset)} /`))
    await expect(activeCue(page)).toHaveAttribute('aria-posinset', '6')

    const later = items[20]!
    const t = Math.ceil(later.offset)
    await openVideo(page, `/videos/${VIDEO}?t=${t}`)
    await expect(clockText(page)).toHaveText(new RegExp(`^${clock(t)} /`))
    await expect(activeCue(page)).toBeInViewport()

    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.getByRole('button', { name: 'Copy link to this moment' }).click()
    await expect(page.getByText(`Link to ${clock(t)} copied.`)).toBeVisible()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(new URL(copied).searchParams.get('t')).toBe(String(t))
    expect(new URL(copied).pathname).toBe(`/videos/${VIDEO}`)
  })

  test('without a clipboard, the moment link is shown to copy by hand', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }))
    await openVideo(page, `/videos/${VIDEO}?t=30`)
    await page.getByRole('button', { name: 'Copy link to this moment' }).click()
    const field = page.getByLabel(/copy this link/)
    await expect(field).toHaveValue(/\/videos\/dQw4w9WgXcQ\?.*t=30/)
  })

  test('searches the transcript and steps through matches with their timestamps', async ({ page }) => {
    await openVideo(page)
    await page.getByRole('searchbox', { name: 'Search the transcript' }).fill('the')
    const count = page.getByTestId('match-count')
    await expect(count).toHaveText(/^\d+ matches$/)
    await expect(page).toHaveURL(/q=the/)
    const total = Number(/^(\d+)/.exec((await count.textContent())!)![1])
    expect(total).toBeGreaterThan(2)
    await expect(page.getByTestId('scrubber-match-marks').locator('span')).not.toHaveCount(0)
    const next = page.getByRole('button', { name: 'Next match' })
    await next.click()
    await expect(count).toHaveText(`1 of ${total} matches`)
    await next.click()
    await expect(count).toHaveText(`2 of ${total} matches`)
    await expect(page.locator('mark[data-current-match]')).toHaveText(/the/i)
    await expect(page.locator('mark[data-current-match]')).toBeInViewport()
    await page.getByRole('button', { name: 'Previous match' }).click()
    await page.getByRole('button', { name: 'Previous match' }).click()
    await expect(count).toHaveText(`${total} of ${total} matches`)
    await expect(page.locator('mark[data-current-match]')).toBeInViewport()
    await page.getByText(/Matches with their moments|First \d+ of/).click()
    const listed = page.getByRole('list', { name: 'Matches' }).getByRole('button')
    await expect(listed).toHaveCount(Math.min(total, 200))
    const stamp = (await listed.nth(0).locator('span').first().textContent())!
    await listed.nth(0).click()
    await expect(clockText(page)).toHaveText(new RegExp(`^${stamp} /`))
    // Enter in the field steps to the next match.
    await page.getByRole('searchbox', { name: 'Search the transcript' }).press('Enter')
    await expect(count).toHaveText(`2 of ${total} matches`)
  })

  test('downloads each of the 11 formats, named <id>.<lang>.<ext>, each parsing as its format', async ({
    page,
  }, testInfo) => {
    // A video nobody fetched: only the JSON track is cached (this test reads it first), every other format is paid.
    const VIDEO = untouchedVideo(testInfo, 'other', 1).id
    const items = await track(page, 'lang=en&mode=default', VIDEO)
    const expectedText = normaliseText(items.map((i) => i.text).join(' '))
    await openVideo(page, `/videos/${VIDEO}?lang=en`)
    const panel = page.getByRole('group', { name: /exact files/ })
    for (const format of CAPTION_FORMATS) {
      const button = panel.getByRole('button', {
        name: new RegExp(`^Download ${BUTTON_LABEL[format]}\\s*(\\$|cached)`),
      })
      await expect(button.getByTestId('price')).toHaveText(format === 'json' ? 'cached · free' : '$0.00053')
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()])
      expect(download.suggestedFilename()).toBe(`${VIDEO}.en.${EXT[format]}`)
      const body = await saved(download)
      if (XML_FORMATS.has(format)) expect(XMLValidator.validate(body), format).toBe(true)
      if (format === 'json' || format === 'json3') expect(() => JSON.parse(body), format).not.toThrow()
      if (format === 'vtt') expect(body.startsWith('WEBVTT'), format).toBe(true)
      const cues = readCaptions(format, body)
      expect(cues.length, format).toBeGreaterThan(0)
      expect(normaliseText(cues.map((c) => c.text).join(' ')), format).toBe(expectedText)
      if (format !== 'text') expect(cues[0]!.startMs, format).toBe(Math.round(items[0]!.offset * 1000))
      await expect(page.getByText(`Saved ${VIDEO}.en.${EXT[format]}`)).toBeVisible()
    }
  })

  test('"All formats" and "All languages" ZIPs carry every file and a manifest, priced first', async ({
    page,
  }, testInfo) => {
    // A video nobody fetched: the view's own JSON track is the one cached file of the eleven.
    const VIDEO = untouchedVideo(testInfo, 'other', 2).id
    await openVideo(page, `/videos/${VIDEO}?lang=en`)
    // Converted where possible: the JSON track on screen (cached) and the 5 formats that cannot be converted.
    await expect(
      page
        .getByRole('button', { name: /^All formats, converted where possible \(ZIP\)/ })
        .getByTestId('price'),
    ).toHaveText('$0.00265')
    await expect(page.getByTestId('zip-price').first()).toHaveText(
      '6 requests: 1 cached · free, 5 × $0.00053 = $0.00265',
    )
    const allFormats = page.getByRole('button', { name: /^All formats, exact \(ZIP\)/ })
    await expect(allFormats.getByTestId('price')).toHaveText('$0.00530')
    await expect(page.getByTestId('zip-price').nth(1)).toHaveText(
      '11 requests: 1 cached · free, 10 × $0.00053 = $0.00530',
    )
    const [zipDownload] = await Promise.all([page.waitForEvent('download'), allFormats.click()])
    expect(zipDownload.suggestedFilename()).toBe(`${VIDEO}.en.all-formats.zip`)
    // A bulk run of this one video: the bulk ZIP's layout, manifest and reports (docs/decisions/0122).
    const files = readZip(new Uint8Array(await readFile((await zipDownload.path())!)))
    const names = Object.keys(files).sort()
    expect(names).toEqual(
      [
        ...CAPTION_FORMATS.map((f) => `${VIDEO}/${VIDEO}.en.${EXT[f]}`),
        'manifest.json',
        'report.csv',
        'report.json',
      ].sort(),
    )
    const manifest = JSON.parse(strFromU8(files['manifest.json']!))
    expect(manifest.run).toMatchObject({
      selection: { videoIds: [VIDEO], languages: ['en'], mode: 'default' },
      totals: { plannedRequests: 11 },
    })
    expect(manifest.run.selection.formats.sort()).toEqual([...CAPTION_FORMATS].sort())
    expect(manifest.files).toHaveLength(11)
    expect(typeof manifest.run.totals.costUsd).toBe('number')
    expect(manifest.files[0]).toHaveProperty('fetchedAt')
    expect(readCaptions('srt', strFromU8(files[`${VIDEO}/${VIDEO}.en.srt`]!)).length).toBeGreaterThan(0)

    await page.getByLabel('in format').selectOption('vtt')
    const languageCount = await page.getByRole('table').getByRole('rowheader').count()
    const allLanguages = page.getByRole('button', { name: /^All languages \(ZIP\)/ })
    await expect(page.getByTestId('zip-price').nth(2)).toContainText(`${languageCount} requests`)
    const [langDownload] = await Promise.all([page.waitForEvent('download'), allLanguages.click()])
    expect(langDownload.suggestedFilename()).toBe(`${VIDEO}.all-languages.vtt.zip`)
    const langFiles = readZip(new Uint8Array(await readFile((await langDownload.path())!)))
    const langManifest = JSON.parse(strFromU8(langFiles['manifest.json']!))
    expect(langManifest.run.selection.languages).toHaveLength(languageCount)
    expect(Object.keys(langFiles).filter((n) => n.endsWith('.vtt'))).toHaveLength(
      languageCount - langManifest.missing.length,
    )
  })

  test('a missing language says so and its fallback mode, priced, loads a transcript', async ({
    page,
  }, testInfo) => {
    // A video nobody fetched: its auto-translated Swahili track is quoted at its price.
    await openVideo(page, `/videos/${untouchedVideo(testInfo, 'other', 3).id}`)
    await page.getByRole('combobox', { name: 'Language' }).selectOption('sw')
    await page.getByRole('button', { name: /Show captions/ }).click()
    const alert = page.getByRole('alert').filter({ hasText: 'no captions in' })
    await expect(alert).toContainText(/no captions in .*\(sw\) in default mode/)
    const fallback = alert.getByRole('button', { name: /Try fall back to auto-translation/ })
    await expect(fallback.getByTestId('price')).toHaveText('$0.00053')
    await fallback.click()
    await expect(page).toHaveURL(/lang=sw&mode=fallback-auto-translated/)
    await expect(cueList(page)).toBeVisible()
    await expect(cueList(page)).toHaveAttribute('lang', 'sw')
  })

  test('a video without captions offers speech recognition, which loads', async ({ page }) => {
    await page.goto(`/videos/${NO_CAPTIONS_VIDEO_ID}`)
    await expect(page.getByText('The file list has no caption tracks for this video.')).toBeVisible({
      timeout: 20_000,
    })
    const alert = page.getByRole('alert').filter({ hasText: 'no captions in' })
    await expect(alert).toBeVisible()
    await expect(alert.getByRole('button', { name: /auto-translation/ })).toHaveCount(0)
    await alert.getByRole('button', { name: /Try fall back to speech recognition/ }).click()
    await expect(page).toHaveURL(/mode=fallback-whisper/)
    await expect(cueList(page)).toBeVisible()
  })

  test('a track over two hours renders at once, virtualised, and stays usable', async ({ page }) => {
    await page.goto(`/videos/${LONG_VIDEO_ID}`)
    await expect(cueList(page)).toBeVisible({ timeout: 30_000 })
    const firstRow = cueList(page).locator('[role="listitem"]').first()
    const setSize = Number(await firstRow.getAttribute('aria-setsize'))
    expect(setSize).toBeGreaterThan(1000)
    expect(await cueList(page).locator('[role="listitem"]').count()).toBeLessThan(100)
    const duration = (await clockText(page).textContent())!.split(' / ')[1]!
    expect(duration).toMatch(/^\d+:\d{2}:\d{2}$/)
    expect(Number(duration.split(':')[0])).toBeGreaterThanOrEqual(2)

    // Jump near the end with the scrubber: the highlight follows, far down the list.
    const slider = page.getByRole('slider', { name: 'Playback position' })
    const max = Number(await slider.getAttribute('max'))
    await slider.fill(String(Math.floor(max - 30)))
    await expect(activeCue(page)).toBeInViewport()
    expect(Number(await activeCue(page).getAttribute('aria-posinset'))).toBeGreaterThan(setSize - 50)

    // The reader scrolls away: following pauses, "Follow playback" brings the highlight back.
    await page.getByTestId('transcript-scroll').hover()
    await page.mouse.wheel(0, -4000)
    const follow = page.getByRole('button', { name: 'Follow playback' })
    await expect(follow).toBeVisible()
    await expect(activeCue(page)).not.toBeInViewport()
    await follow.click()
    await expect(activeCue(page)).toBeInViewport()

    // Search across the whole track still answers and steps.
    const longItems = (await (
      await page.request.get(`/api/captions/${LONG_VIDEO_ID}?mode=default`)
    ).json()) as Item[]
    const term = normaliseText(longItems[Math.floor(longItems.length / 2)]!.text).slice(0, 3)
    await page.getByRole('searchbox', { name: 'Search the transcript' }).fill(term)
    await expect(page.getByTestId('match-count')).toHaveText(/\d+\+? matches/)
    await page.getByRole('button', { name: 'Next match' }).click()
    await expect(page.locator('mark[data-current-match]')).toBeInViewport()

    // Japanese is written without spaces: no speech rate, and the reason is given.
    await expect(page.getByText(/^Speech rate is not shown for Japanese \(ja\)/)).toBeVisible()
  })

  test('the speech-rate chart seeks on click', async ({ page }) => {
    await page.goto('/videos/dQw4w9WgXcQ?lang=en')
    await expect(cueList(page)).toBeVisible({ timeout: 30_000 })
    const max = Number(await page.getByRole('slider', { name: 'Playback position' }).getAttribute('max'))
    const chart = page.getByRole('slider', { name: /Speech rate over time/ })
    const box = (await chart.boundingBox())!
    await chart.click({ position: { x: box.width / 2, y: box.height / 2 } })
    await expect(clockText(page)).toHaveText(new RegExp(`^${clock(max / 2).split(':')[0]}:`))
  })

  test('right-to-left captions are laid out right to left; CJK captions wrap by character', async ({
    page,
  }) => {
    await page.goto(`/videos/${RTL_VIDEO_ID}`)
    await expect(cueList(page)).toHaveAttribute('dir', 'rtl', { timeout: 20_000 })
    await expect(cueList(page)).toHaveAttribute('lang', 'ar')
    await page.goto(`/videos/${CJK_VIDEO_ID}`)
    await expect(cueList(page)).toHaveAttribute('dir', 'ltr', { timeout: 20_000 })
    await expect(cueList(page)).toHaveAttribute('lang', 'ja')
    const text = cueList(page).locator('[role="listitem"] > span').first()
    await expect(text).toHaveCSS('line-break', 'strict')
    const box = await cueList(page).boundingBox()
    const widest = await cueList(page)
      .locator('[role="listitem"]')
      .evaluateAll((rows) => Math.max(...rows.map((r) => r.scrollWidth)))
    expect(widest).toBeLessThanOrEqual(Math.ceil(box!.width))
  })

  test('/videos accepts any video link form', async ({ page }) => {
    await page.goto('/videos')
    const field = page.getByRole('textbox', { name: 'Video link or id' })
    await field.fill('https://www.youtube.com/shorts/dQw4w9WgXcQ')
    await page.getByRole('button', { name: 'Open captions' }).click()
    await expect(page).toHaveURL(new RegExp(`/videos/${VIDEO}$`))
    await page.goto('/videos')
    await field.fill('not a link')
    await page.getByRole('button', { name: 'Open captions' }).click()
    await expect(page.getByRole('alert')).toContainText('Could not tell what')
  })
})
