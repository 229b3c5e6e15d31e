// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { BulkManifest } from '#lib/caption-archive/manifest.ts'
import { readZip, strFromU8 } from '#test-readers/read-zip.ts'
import { appRoutes, renderRoute } from '#testing/render-route.tsx'
import { inProcessApi, jsonResponse, overrideRoute, stubApi } from '#testing/api-stub.ts'

const bulkRoutes = await appRoutes('bulk')

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

function setup(url: string) {
  return renderRoute([...bulkRoutes, { path: '*', element: <p>elsewhere</p> }], { at: url })
}

const downloadButton = () => screen.getByRole('button', { name: /^Download ZIP/ })

describe('BulkView', { timeout: 60_000 }, () => {
  it('lists pasted videos, prices the plan before paying, and downloads a ZIP with a manifest and the unavailable report', async () => {
    const { router, user } = setup('/bulk?ids=dQw4w9WgXcQ')
    expect(screen.getByRole('heading', { level: 1, name: 'Bulk caption download' })).toBeTruthy()
    // headless: no file picker, so the browser download is what runs
    expect((screen.getByRole('radio', { name: /To a file I choose/ }) as HTMLInputElement).disabled).toBe(
      true,
    )

    await user.type(
      screen.getByRole('textbox', { name: 'Paste video links or ids' }),
      'https://youtu.be/Zp3xQe9LbTg{enter}nope{enter}dQw4w9WgXcQ',
    )
    await user.click(screen.getByRole('button', { name: 'Add to the list' }))
    const status = screen.getByText(/^Added 1 video/)
    expect(status.textContent).toBe('Added 1 video; 1 duplicate merged.')
    expect(
      within(screen.getByRole('list', { name: 'Entries that are not videos' })).getByText('nope'),
    ).toBeTruthy()
    expect(router.state.location.search).toBe('?ids=dQw4w9WgXcQ,Zp3xQe9LbTg')
    expect(screen.getByRole('group', { name: 'Videos (2 of 2 selected)' })).toBeTruthy()

    expect((downloadButton() as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText('Choose at least one format.')).toBeTruthy()
    await user.click(screen.getByRole('checkbox', { name: 'srt' }))
    await user.click(screen.getByRole('radio', { name: 'Choose languages' }))
    expect(router.state.location.search).toBe('?ids=dQw4w9WgXcQ,Zp3xQe9LbTg&formats=srt&langs=en')
    expect(screen.getByTestId('bulk-plan').textContent).toBe(
      '2 requests × $0.00053 = $0.00106 at most, for up to 2 files.',
    )
    expect(within(downloadButton()).getByTestId('price').textContent).toBe('$0.00106')

    await user.click(downloadButton())
    await screen.findByText('Bulk download complete', undefined, { timeout: 40_000 })
    const bar = screen.getByRole('progressbar', { name: 'Bulk download progress' })
    expect(bar.getAttribute('aria-valuenow')).toBe('2')
    expect(bar.getAttribute('aria-valuemax')).toBe('2')
    expect(screen.getByText(/, 1 file not saved \(from 1 video\), see report\.csv/)).toBeTruthy()

    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]!.name).toMatch(/^captions-bulk-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.zip$/)
    const zip = readZip(new Uint8Array(await saved[0]!.blob.arrayBuffer()))
    expect(Object.keys(zip).sort()).toEqual([
      'dQw4w9WgXcQ/dQw4w9WgXcQ.en.srt',
      'manifest.json',
      'report.csv',
      'report.json',
    ])
    const manifest = JSON.parse(strFromU8(zip['manifest.json']!)) as BulkManifest
    expect(manifest.run.outcome).toBe('complete')
    expect(manifest.run.viewUrl).toMatch(/\/bulk\?ids=dQw4w9WgXcQ,Zp3xQe9LbTg&formats=srt&langs=en$/)
    expect(manifest.missing).toMatchObject([
      { videoId: 'Zp3xQe9LbTg', status: 404, code: 'captions_unavailable' },
    ])
    expect(strFromU8(zip['report.csv']!)).toContain('captions_unavailable')
  }, 60_000) // generous: the in-process simulator writes real caption tracks on a shared machine

  it('mirrors every choice into the URL, and adopts a navigation from elsewhere', async () => {
    const { router } = setup('/bulk?ids=dQw4w9WgXcQ')
    for (const f of ['srt', 'vtt', 'json', 'csv']) fireEvent.click(screen.getByRole('checkbox', { name: f }))
    await waitFor(() =>
      expect(router.state.location.search).toBe('?ids=dQw4w9WgXcQ&formats=srt,vtt,json,csv'),
    )
    await act(() => router.navigate('/bulk?ids=Jp4cK9tRz1U,As3rOnly5xk&formats=text'))
    expect(screen.getByRole('group', { name: 'Videos (2 of 2 selected)' })).toBeTruthy()
    expect(screen.getByTestId('bulk-plan').textContent).toMatch(/^2 requests/) // 2 text files, each named as the default track
    expect(router.state.location.search).toBe('?ids=Jp4cK9tRz1U,As3rOnly5xk&formats=text')
  })

  it('prices the plan both ways, and a converted run buys only the JSON tracks and marks its files converted', async () => {
    saved.length = 0
    const { router, user } = setup('/bulk?ids=dQw4w9WgXcQ,Jp4cK9tRz1U&formats=srt,vtt,csv,srv1&langs=en')
    expect(screen.getByTestId('bulk-both-prices').textContent).toBe(
      '4 formats × 2 videos: $0.00424 exact, $0.00212 converted',
    )
    expect(screen.getByTestId('bulk-exact-only').textContent).toMatch(
      /^srv1 cannot be written from the JSON track/,
    )
    expect(screen.getByTestId('bulk-plan').textContent).toBe(
      '8 requests × $0.00053 = $0.00424 at most, for up to 8 files.',
    )
    await user.click(screen.getByRole('radio', { name: /Converted here from each JSON track/ }))
    expect(router.state.location.search).toContain('&files=converted')
    expect(screen.getByTestId('bulk-plan').textContent).toBe(
      '4 requests × $0.00053 = $0.00212 at most, for up to 8 files (6 converted here, free).',
    )
    expect(within(downloadButton()).getByTestId('price').textContent).toBe('$0.00212')
    expect(screen.getByTestId('bulk-json-unsaved').textContent).toMatch(
      /^The JSON tracks the converted files/,
    )

    await user.click(downloadButton())
    await screen.findByText('Bulk download complete', undefined, { timeout: 40_000 })
    await waitFor(() => expect(saved).toHaveLength(1))
    const zip = readZip(new Uint8Array(await saved[0]!.blob.arrayBuffer()))
    const manifest = JSON.parse(strFromU8(zip['manifest.json']!)) as BulkManifest
    expect(manifest.run.totals).toMatchObject({ plannedRequests: 4, files: 8, converted: 6 })
    expect(manifest.files.map((f) => `${f.path} ${f.source}`).sort()).toEqual([
      'Jp4cK9tRz1U/Jp4cK9tRz1U.en.converted.csv converted',
      'Jp4cK9tRz1U/Jp4cK9tRz1U.en.converted.srt converted',
      'Jp4cK9tRz1U/Jp4cK9tRz1U.en.converted.vtt converted',
      'Jp4cK9tRz1U/Jp4cK9tRz1U.en.srv1 exact',
      'dQw4w9WgXcQ/dQw4w9WgXcQ.en.converted.csv converted',
      'dQw4w9WgXcQ/dQw4w9WgXcQ.en.converted.srt converted',
      'dQw4w9WgXcQ/dQw4w9WgXcQ.en.converted.vtt converted',
      'dQw4w9WgXcQ/dQw4w9WgXcQ.en.srv1 exact',
    ])
  }, 60_000)

  it('says what is missing before anything can be paid', async () => {
    const { user } = setup('/bulk?ids=dQw4w9WgXcQ,bad&formats=srt&langs=')
    expect(screen.getByText(/Ignored "bad" in ids/)).toBeTruthy()
    expect(
      screen.getByText('Choose at least one language, or the default language of each video.'),
    ).toBeTruthy()
    await user.click(screen.getByRole('radio', { name: 'Default language of each video' }))
    expect(screen.getByTestId('bulk-plan').textContent).toMatch(/^1 request /)
    expect(screen.getByRole('group', { name: 'Name the files' }).textContent).toContain('+1 JSON request ')
    await user.click(screen.getByRole('button', { name: 'Select none' }))
    expect(screen.getByText('Select at least one video.')).toBeTruthy()
    expect((downloadButton() as HTMLButtonElement).disabled).toBe(true)
  })

  it('exact files in each default language buy no JSON to name them unless asked; a track the browser holds names them free', async () => {
    const { user, queryClient } = setup('/bulk?ids=dQw4w9WgXcQ,Jp4cK9tRz1U,Zp3xQe9LbTg&formats=srt')
    expect(screen.getByTestId('bulk-plan').textContent).toBe(
      '3 requests × $0.00053 = $0.00159 at most, for up to 3 files.',
    )
    const naming = screen.getByRole('group', { name: 'Name the files' })
    expect(
      (within(naming).getByRole('radio', { name: /^As the default track/ }) as HTMLInputElement).checked,
    ).toBe(true)
    expect(within(naming).getByText(/By language/).textContent).toContain('+3 JSON requests')
    await user.click(within(naming).getByRole('radio', { name: /^By language/ }))
    expect(screen.getByTestId('bulk-plan').textContent).toMatch(/^6 requests × \$0\.00053 = \$0\.00318/)

    // The studio already holds one video's default track: its language is known, nothing to buy for it.
    queryClient.setQueryData(['captions', 'track', 'dQw4w9WgXcQ', { lang: undefined, mode: 'default' }], {
      data: [{ text: 'x', offset: 0, duration: 1, lang: 'en', wordCount: 1, speechRate: 60 }],
      receipt: { url: '', costUsd: 0.00053, cache: 'MISS', fetchedAt: '' },
    })
    await user.click(screen.getByRole('checkbox', { name: 'vtt' }))
    expect(screen.getByTestId('bulk-plan').textContent).toMatch(/^8 requests/)
    expect(within(naming).getByText(/By language/).textContent).toContain('+2 JSON requests')
  })
  it('a video whose default language the server already knows is named by it with no lookup; the price waits for that answer', async () => {
    let answer!: (res: Response) => void
    const held = new Promise<Response>((resolve) => (answer = resolve))
    stubApi(
      overrideRoute(
        inProcessApi,
        (url) => url.pathname === '/api/caption-default-languages',
        () => held,
      ),
    )
    const { user } = setup('/bulk?ids=dQw4w9WgXcQ,Jp4cK9tRz1U&formats=srt')
    const naming = screen.getByRole('group', { name: 'Name the files' })
    await user.click(within(naming).getByRole('radio', { name: /^By language/ }))
    // Until the server answers, the browser-only figure shows and nothing can be started at it.
    expect(screen.getByTestId('bulk-plan').textContent).toMatch(/^4 requests/)
    expect((downloadButton() as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText(/already knows \(free\)/)).toBeTruthy()

    answer(jsonResponse({ known: { Jp4cK9tRz1U: 'en' } }))
    await waitFor(() => expect((downloadButton() as HTMLButtonElement).disabled).toBe(false))
    expect(screen.getByTestId('bulk-plan').textContent).toMatch(/^3 requests × \$0\.00053 = \$0\.00159/)
    expect(within(naming).getByText(/By language/).textContent).toContain('+1 JSON request ')
  })

  it('when the server cannot say, the browser-only figure stands and nothing blocks the run', async () => {
    stubApi(
      overrideRoute(
        inProcessApi,
        (url) => url.pathname === '/api/caption-default-languages',
        () => jsonResponse({ error: { code: 'internal_error', message: 'down' } }, 500),
      ),
    )
    setup('/bulk?ids=dQw4w9WgXcQ,Jp4cK9tRz1U&formats=srt')
    await waitFor(() => expect((downloadButton() as HTMLButtonElement).disabled).toBe(false))
    const naming = screen.getByRole('group', { name: 'Name the files' })
    expect(within(naming).getByText(/By language/).textContent).toContain('+2 JSON requests')
  })
})
