/** Positive waits: a sign from the page itself that what the last action triggered has run, instead of a sleep. */
import type { Page } from '@playwright/test'

/**
 * Resolves when the page has handled every task queued before this call (input events and the handlers they run,
 * navigations they start, dialogs they open: Playwright reports a dialog before a later evaluate can answer) and
 * painted a frame after them.
 */
export async function pageHandledQueuedWork(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  )
}

/** Resolves after the page painted `frames` animation frames: each one a chance for an animation or clock to move. */
export async function framesPainted(page: Page, frames: number): Promise<void> {
  await page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        let seen = 0
        const tick = () => (++seen >= n ? resolve() : requestAnimationFrame(tick))
        requestAnimationFrame(tick)
      }),
    frames,
  )
}
