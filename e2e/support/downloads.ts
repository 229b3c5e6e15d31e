/** Downloads a click starts: one press saves one file; a CSV's `<name>.provenance.json` is a link of its own beside it. */
import { readFile } from 'node:fs/promises'
import type { Download, Locator, Page } from '@playwright/test'

export type Saved = { name: string; bytes: Buffer; text: string }

async function save(d: Download): Promise<Saved> {
  const bytes = await readFile((await d.path())!)
  return { name: d.suggestedFilename(), bytes, text: bytes.toString('utf8') }
}

/** Clicks and waits for `count` downloads, in the order they started. */
export async function downloadsFrom(page: Page, button: Locator, count: number): Promise<Saved[]> {
  const started: Download[] = []
  const all = new Promise<void>((resolve) => {
    const on = (d: Download) => {
      started.push(d)
      if (started.length < count) return
      page.off('download', on)
      resolve()
    }
    page.on('download', on)
  })
  await button.click()
  await all
  return Promise.all(started.map(save))
}

/** How long after a press's download a second one would have started (the writers run in the same task). */
const SECOND_DOWNLOAD_GRACE_MS = 1500

/** Clicks, takes its download, and fails if the same press starts another: a browser may block a second one. */
export async function onlyDownloadFrom(page: Page, button: Locator): Promise<Saved> {
  const started: Download[] = []
  const on = (d: Download) => void started.push(d)
  page.on('download', on)
  try {
    const first = page.waitForEvent('download')
    await button.click()
    await first
    await page.waitForTimeout(SECOND_DOWNLOAD_GRACE_MS)
  } finally {
    page.off('download', on)
  }
  if (started.length !== 1)
    throw new Error(
      `one press started ${started.length} downloads: ${started.map((d) => d.suggestedFilename()).join(', ')}`,
    )
  return save(started[0]!)
}

/** A CSV export: the CSV alone, then its sidecar from the link that appears beside the buttons, parsed. */
export async function csvWithSidecar(page: Page, button: Locator) {
  const csv = await onlyDownloadFrom(page, button)
  const link = page.getByRole('link', { name: `Provenance of ${csv.name} (JSON)`, exact: true })
  const sidecar = await onlyDownloadFrom(page, link)
  return { csv, sidecar, provenance: JSON.parse(sidecar.text) as Record<string, unknown> }
}
