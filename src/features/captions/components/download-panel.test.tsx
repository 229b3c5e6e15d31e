// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { BulkManifest } from '#lib/caption-archive/manifest.ts'
import { createQueryClient } from '#lib/query-client.ts'
import { readZip, strFromU8 } from '#testing/read-zip.ts'
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

function setup() {
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <DownloadPanel videoId={VIDEO} lang="en" mode="default" languageCodes={['en', 'fr']} />
    </QueryClientProvider>,
  )
  return userEvent.setup()
}

/** What the function sends for a URL, read straight from it (a cached answer: free, same bytes). */
async function bytesOf(url: string): Promise<number[]> {
  return [...new Uint8Array(await (await fetch(url)).arrayBuffer())]
}

describe('DownloadPanel', () => {
  it('saves one format with the bytes the function sent', async () => {
    saved.length = 0
    const user = setup()
    await user.click(screen.getByRole('button', { name: /^Download SRT/ }))
    await screen.findByText(new RegExp(`^Saved ${VIDEO}\\.en\\.srt`), undefined, slow)
    expect(saved.map((s) => s.name)).toEqual([`${VIDEO}.en.srt`])
    const url = captionDownloadUrl({ videoId: VIDEO, lang: 'en', mode: 'default', format: 'srt' })
    expect([...new Uint8Array(await saved[0]!.blob.arrayBuffer())]).toEqual(await bytesOf(url))
  }, 60_000)

  it('makes "All languages" a bulk run of this one video: its layout, manifest and bytes', async () => {
    saved.length = 0
    const user = setup()
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
