/** Downloads a click starts: an export's CSV comes with its `<name>.provenance.json`, so one click may start two. */
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

/** A CSV export: the CSV and its sidecar, parsed. */
export async function csvWithSidecar(page: Page, button: Locator) {
  const [csv, sidecar] = await downloadsFrom(page, button, 2)
  return { csv: csv!, sidecar: sidecar!, provenance: JSON.parse(sidecar!.text) as Record<string, unknown> }
}
