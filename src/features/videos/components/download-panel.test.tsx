// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { BulkManifest } from '#lib/caption-archive/manifest.ts'
import { createQueryClient } from '#lib/query-client.ts'
import type { CaptionItem } from '#contract/schemas.ts'
import { inProcessApi, stubApi } from '#testing/api-stub.ts'
import { readZip, strFromU8 } from '#test-readers/read-zip.ts'
import { captionDownloadUrl } from '../api/fetch-caption-file.ts'
import { DownloadPanel } from './download-panel.tsx'

const saved = vi.hoisted(() => [] as { blob: Blob; name: string }[])
vi.mock('#lib/export/download.ts', () => ({
  downloadBlob: (blob: Blob, name: string) => saved.push({ blob, name }),
}))

// jsdom's TextEncoder hands out Uint8Arrays of another realm, which client-zip's instanceof checks reject (browsers are fine).
beforeAll(() => {
  const RealmTextEncoder = globalThis.TextEncoder
  globalThis.TextEncoder = class extends RealmTextEncoder {
    override encode(input?: string): Uint8Array<ArrayBuffer> {
      return new Uint8Array(super.encode(input))
    }
  }
})

const VIDEO = 'dQw4w9WgXcQ'
const slow = { timeout: 20_000 }

/** The panel as the studio shows it after opening the video without a language: its track already bought. */
async function setup() {
  const captionRequests: string[] = []
  stubApi((req) => {
    const url = new URL(req.url)
    if (url.pathname.startsWith('/api/captions/')) captionRequests.push(url.pathname + url.search)
    return inProcessApi(req)
  })
  const items = (await (
    await fetch(`/api/captions/${VIDEO}?format=json&mode=default`)
  ).json()) as CaptionItem[]
  captionRequests.length = 0
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <DownloadPanel
        videoId={VIDEO}
        lang="en"
        requestLang={undefined}
        mode="default"
        items={items}
        languageCodes={['en', 'fr']}
      />
    </QueryClientProvider>,
  )
  return { user: userEvent.setup(), captionRequests }
}

/** What the function sends for a URL, read straight from it (a cached answer: free, same bytes). */
async function bytesOf(url: string): Promise<number[]> {
  return [...new Uint8Array(await (await fetch(url)).arrayBuffer())]
}

describe('DownloadPanel', () => {
  it('saves one exact format with the bytes the function sent', async () => {
    saved.length = 0
    const { user } = await setup()
    await user.click(screen.getByRole('button', { name: /^Download SRT\s*(\$|cached)/ }))
    await screen.findByText(new RegExp(`^Saved ${VIDEO}\\.en\\.srt`), undefined, slow)
    expect(saved.map((s) => s.name)).toEqual([`${VIDEO}.en.srt`])
    const url = captionDownloadUrl({
      videoId: VIDEO,
      lang: 'en',
      urlLang: 'en',
      mode: 'default',
      format: 'srt',
    })
    expect([...new Uint8Array(await saved[0]!.blob.arrayBuffer())]).toEqual(await bytesOf(url))
  }, 60_000)

  it('converts the track on screen for free: no request, the service’s SRT bytes, a name that says converted', async () => {
    saved.length = 0
    const { user, captionRequests } = await setup()
    const button = screen.getByRole('button', { name: /^Download SRT \(converted\)/ })
    expect(button.textContent).toMatch(/· ?free$/)
    await user.click(button)
    await screen.findByText(
      new RegExp(`^Saved ${VIDEO}\\.en\\.converted\\.srt \\(converted here`),
      undefined,
      slow,
    )
    expect(captionRequests).toEqual([])
    expect(saved.map((s) => s.name)).toEqual([`${VIDEO}.en.converted.srt`])
    const exact = captionDownloadUrl({
      videoId: VIDEO,
      lang: 'en',
      urlLang: 'en',
      mode: 'default',
      format: 'srt',
    })
    expect([...new Uint8Array(await saved[0]!.blob.arrayBuffer())]).toEqual(await bytesOf(exact))
  }, 60_000)

  it('asks for the exact JSON as the view asked for its track, so it is the answer already bought', async () => {
    saved.length = 0
    const { user, captionRequests } = await setup()
    const button = screen.getByRole('button', { name: /^Download JSON\s*(\$|cached)/ })
    await waitFor(() => expect(button.textContent).toMatch(/cached · free$/))
    await user.click(button)
    await screen.findByText(`Saved ${VIDEO}.en.json (cached · free).`, undefined, slow)
    expect(captionRequests).toEqual([`/api/captions/${VIDEO}?format=json&mode=default&download=1`])
  }, 60_000)

  it('"All formats, converted where possible" reuses the track on screen and buys only what cannot be converted', async () => {
    saved.length = 0
    const { user, captionRequests } = await setup()
    const button = screen.getByRole('button', { name: /^All formats, converted where possible \(ZIP\)/ })
    await waitFor(() => expect(within(button).getByTestId('price').textContent).toBe('$0.00265'))
    await user.click(button)
    await screen.findByText(
      new RegExp(`^Saved ${VIDEO}\\.en\\.all-formats\\.converted\\.zip: 11 files`),
      undefined,
      slow,
    )
    // The view's own JSON request (its default language), then the five formats in the language it named.
    expect(captionRequests.sort()).toEqual(
      [
        `/api/captions/${VIDEO}?format=json&mode=default`,
        ...['json3', 'srv1', 'srv2', 'srv3', 'xml'].map(
          (f) => `/api/captions/${VIDEO}?format=${f}&lang=en&mode=default`,
        ),
      ].sort(),
    )
    const files = readZip(new Uint8Array(await saved[0]!.blob.arrayBuffer()))
    expect(
      Object.keys(files)
        .filter((n) => n.includes('.converted.'))
        .sort(),
    ).toEqual(
      ['csv', 'srt', 'ttml', 'txt', 'vtt'].map((ext) => `${VIDEO}/${VIDEO}.en.converted.${ext}`).sort(),
    )
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as BulkManifest
    expect(manifest.run.selection).toMatchObject({ languages: 'default', files: 'converted' })
    expect(manifest.run.totals.costUsd).toBe(0.00265)
  }, 60_000)

  it('makes "All languages" a bulk run of this one video: its layout, manifest and bytes', async () => {
    saved.length = 0
    const { user } = await setup()
    await user.click(screen.getByRole('button', { name: /^All languages \(ZIP\)/ }))
    await screen.findByText(
      new RegExp(`^Saved ${VIDEO}\\.all-languages\\.srt\\.zip: 2 files`),
      undefined,
      slow,
    )
    expect(saved.map((s) => s.name)).toEqual([`${VIDEO}.all-languages.srt.zip`])
    const files = readZip(new Uint8Array(await saved[0]!.blob.arrayBuffer()))
    expect(Object.keys(files).sort()).toEqual(
      [
        `${VIDEO}/${VIDEO}.en.srt`,
        `${VIDEO}/${VIDEO}.fr.srt`,
        'manifest.json',
        'report.csv',
        'report.json',
      ].sort(),
    )
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as BulkManifest
    expect(manifest.kind).toBe('poix-bulk-captions')
    expect(manifest.run).toMatchObject({
      outcome: 'complete',
      selection: { videoIds: [VIDEO], formats: ['srt'], languages: ['en', 'fr'] },
    })
    for (const f of manifest.files) expect([...files[f.path]!]).toEqual(await bytesOf(f.url))
  }, 60_000)
})
