import type { Page } from '@playwright/test'
import { readZip, strFromU8 } from '#test-readers/read-zip.ts'
import { readStrictCsvBytes } from '#test-readers/strict-csv.ts'
import { test, expect } from './fixtures.ts'
import { axeViolations } from './support/axe.ts'
import { downloadsFrom } from './support/downloads.ts'

const VIDEO = 'dQw4w9WgXcQ'
const THREAD = 'UgzoQVUwDeGW1IS5_uR4AaABAg'

/** A collection of the anchor video, collected through the function's API (demo data), its job awaited. */
async function collectedCollection(page: Page, name: string): Promise<string> {
  const created = await page.request.post('/api/collections', { data: { name, videoIds: [VIDEO] } })
  expect(created.status()).toBe(201)
  const { id } = (await created.json()) as { id: string }
  expect((await page.request.post(`/api/collections/${id}/collect`, { data: { maxUsd: 1 } })).status()).toBe(
    202,
  )
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/collections/${id}`)).json()) as { job: { state: string } }).job
          .state,
      {
        timeout: 30_000,
      },
    )
    .toBe('done')
  return id
}

test.describe('coding and QDA export', () => {
  test('codes three cues by keyboard in the studio, the mark shows on the scrubber and in the margin, the exports contain it; a KWIC hit and a reply are coded too', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000)
    const name = `Coding ${testInfo.retry}-${Date.now()}`
    const id = await collectedCollection(page, name)

    // The collection's Codes section: who codes, and the first code.
    await page.goto(`/collections/${id}`)
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    const codes = page.getByRole('region', { name: 'Codes' })
    await codes.getByLabel('Your name as a coder (each coding records it)').fill('Ann Coder')
    await codes.getByRole('button', { name: 'Code as this name' }).click()
    await expect(codes.getByTestId('coder-name')).toHaveText(/Coding as Ann Coder/)
    const newCode = codes.getByRole('form', { name: 'New code' })
    await newCode.getByLabel('Name').fill('nostalgia')
    await newCode.getByLabel('Description').fill('looking back fondly')
    await newCode.getByRole('button', { name: 'Create code' }).click()
    await expect(codes.getByRole('list', { name: 'Codes' }).getByText('nostalgia')).toBeVisible()
    await newCode.getByLabel('Name').fill('humour')
    await newCode.getByRole('button', { name: 'Create code' }).click()
    await expect(codes.getByRole('list', { name: 'Codes' }).getByText('humour')).toBeVisible()
    expect(await axeViolations(page)).toEqual([])

    // The collected video opens in the studio with the collection's codes.
    await page.getByRole('table', { name: 'Videos in this collection' }).getByRole('link').first().click()
    await expect(page).toHaveURL(new RegExp(`/videos/${VIDEO}\\?lang=en&mode=default&collection=${id}$`))
    const cues = page.getByRole('list', { name: 'Transcript cues' })
    const panel = page.getByTestId('studio-coding')
    await expect(panel.getByRole('checkbox', { name: /nostalgia/ })).toBeVisible({ timeout: 20_000 })
    await expect(panel.getByRole('link', { name: `Codes of ${name}` })).toBeVisible()

    // Keyboard only: focus the first cue, Shift+ArrowDown twice, then 1 (the first code).
    await cues
      .locator('[data-index="0"]')
      .getByRole('button', { name: /^Seek to/ })
      .focus()
    await page.keyboard.press('Shift+ArrowDown')
    await page.keyboard.press('Shift+ArrowDown')
    await expect(page.getByTestId('coding-selection')).toHaveText(/^3 cues selected/)
    await expect(cues.locator('[data-selected]')).toHaveCount(3)
    await page.keyboard.press('1')
    await expect(panel.getByText('Coded 3 cues as nostalgia.')).toBeVisible()

    // The mark on the scrubber, in the margin beside the three cues, and in the coded-segments list.
    await expect(page.getByTestId('scrubber-coding-marks').locator('[data-code="nostalgia"]')).toHaveCount(1)
    for (const i of [0, 1, 2])
      await expect(
        cues.locator(`[data-index="${i}"] [data-testid="cue-code-marks"] [data-code="nostalgia"]`),
      ).toHaveCount(1)
    await expect(cues.locator('[data-index="3"] [data-testid="cue-code-marks"] [data-code]')).toHaveCount(0)
    const segment = panel.getByRole('region', { name: 'nostalgia: 1 coded segment' })
    await expect(segment).toBeVisible()
    await segment.getByRole('button', { name: /^Jump to 0:00–/ }).click()
    await expect(page.getByTestId('playback-time')).toHaveText(/^0:00 \//)
    expect(await axeViolations(page)).toEqual([])

    // KWIC: a hit coded from its line, by keyboard.
    await page.goto(`/collections/${id}?q=never`)
    const kwic = page.getByRole('table', { name: /^Keyword in context/ })
    await expect(page.getByTestId('corpus-total')).toHaveText(/^Lines 1–\d+ of \d+ hits$/, {
      timeout: 20_000,
    })
    const codeHit = kwic.getByRole('button', { name: /^Code the hit at / }).first()
    await codeHit.focus()
    await page.keyboard.press('Enter')
    const hitForm = kwic.getByRole('form', { name: /^Code the hit “/ })
    await hitForm.getByRole('checkbox', { name: /humour/ }).check()
    await hitForm.getByRole('button', { name: 'Apply to this hit' }).click()
    await expect(hitForm).toBeHidden()
    await expect(kwic.getByRole('list', { name: 'Codes applied' }).getByText('humour').first()).toBeVisible()

    // The collection's coded segments, across videos, open their moment in the studio.
    const all = page.getByRole('region', { name: 'Codes' })
    await expect(all.getByRole('region', { name: 'nostalgia: 1 coded segment' })).toBeVisible()
    await expect(all.getByRole('region', { name: /^humour: 1 coded segment$/ })).toBeVisible()
    await expect(
      all
        .getByRole('region', { name: 'nostalgia: 1 coded segment' })
        .getByRole('link', { name: /^Open 0:00–/ }),
    ).toHaveAttribute('href', new RegExp(`^/videos/${VIDEO}\\?lang=en&mode=default&t=0&collection=${id}$`))

    // A reply coded in the thread viewer opened with the collection.
    await page.goto(`/replies/${THREAD}?format=html&collection=${id}`)
    const reply = page.getByTestId('reply-list').getByRole('article').first()
    await reply.getByRole('button', { name: /^Code the reply by / }).click()
    const replyForm = reply.getByRole('form', { name: /^Code the reply by / })
    await replyForm.getByRole('checkbox', { name: /nostalgia/ }).check()
    await replyForm.getByLabel('Memo (optional)').fill('a fan since 1987')
    await replyForm.getByRole('button', { name: 'Apply to this reply' }).click()
    await expect(reply.getByRole('list', { name: 'Codes applied' }).getByText('nostalgia')).toBeVisible()
    expect(await axeViolations(page)).toEqual([])

    // Exports: the coding table and the REFI-QDA project contain the coded cues, the hit and the reply.
    await page.goto(`/collections/${id}`)
    const exportsPanel = page.getByRole('region', { name: 'Export the coding' })
    const [csv] = await downloadsFrom(page, exportsPanel.getByRole('link', { name: 'Coding table (CSV)' }), 1)
    expect(csv!.name).toMatch(/\.csv$/)
    const [sidecar] = await downloadsFrom(
      page,
      exportsPanel.getByRole('link', { name: 'its provenance (JSON)' }),
      1,
    )
    expect(sidecar!.name).toMatch(/\.provenance\.json$/)
    expect(sidecar!.text).toMatch(/demo simulator/)
    const parsed = readStrictCsvBytes(new Uint8Array(csv!.bytes))
    const byCode = parsed.records.map((r) => [r.code, r.coder, r.video_id])
    expect(byCode).toEqual(
      expect.arrayContaining([
        ['nostalgia', 'Ann Coder', VIDEO],
        ['humour', 'Ann Coder', VIDEO],
        ['nostalgia', 'Ann Coder', ''],
      ]),
    )
    expect(parsed.records).toHaveLength(3)
    expect(parsed.records.find((r) => r.memo === 'a fan since 1987')).toBeTruthy()
    const cueRow = parsed.records.find((r) => r.code === 'nostalgia' && r.video_id === VIDEO)!
    // The first cue starts within the first second (0:00, where the jump went); three cues end later.
    expect(Math.floor(Number(cueRow.start))).toBe(0)
    expect(Number(cueRow.end)).toBeGreaterThan(Number(cueRow.start))

    const [qdpx] = await downloadsFrom(
      page,
      exportsPanel.getByRole('link', { name: 'REFI-QDA project (.qdpx)' }),
      1,
    )
    expect(qdpx!.name).toMatch(/\.qdpx$/)
    const files = readZip(new Uint8Array(qdpx!.bytes))
    const qde = strFromU8(files['project.qde']!)
    expect(qde).toContain('urn:QDA-XML:project:1.0')
    expect(qde).toMatch(/<Code [^>]*name="nostalgia"/)
    expect(qde).toContain(`https://www.youtube.com/watch?v=${VIDEO}`)
    expect(qde.match(/<PlainTextSelection /g) ?? []).toHaveLength(3)
  })
})
