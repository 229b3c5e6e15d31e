import type { Page } from '@playwright/test'
import { test, expect } from './fixtures.ts'
import { axeViolations } from './support/axe.ts'
import { walkWithTab } from './support/focus.ts'

const VIDEO = 'dQw4w9WgXcQ'
const THREAD = 'UgzoQVUwDeGW1IS5_uR4AaABAg'
const PARIS_25 = '/search?location=48.8566,2.3522&radius=25&unit=km'

const searchButton = (page: Page) => page.getByRole('button', { name: /^Search\s*·?\s*(\$|cached)/ })
const cueList = (page: Page) => page.getByRole('list', { name: 'Transcript cues' })

async function searchParis(page: Page) {
  await page.goto(PARIS_25)
  await searchButton(page).click()
  await expect(page.getByRole('heading', { name: /About [\d,]+ videos · region/ })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toBeVisible()
}

async function openTranscript(page: Page) {
  await page.goto(`/videos/${VIDEO}`)
  await expect(cueList(page).getByRole('listitem').first()).toBeVisible({ timeout: 20_000 })
}

/** Three channels surely in the demo data: the publishers of the first popular videos (free when cached). */
async function threeChannelIds(page: Page): Promise<string[]> {
  const res = await page.request.get('/api/popularVideos')
  const body = (await res.json()) as { data: { channelId: string }[] }
  return [...new Set(body.data.map((v) => v.channelId))].slice(0, 3)
}

/** Each route and state a researcher meets, reached the way a researcher reaches it. */
const STATES: { name: string; open: (page: Page) => Promise<void> }[] = [
  {
    name: 'home',
    open: async (page) => {
      await page.goto('/')
      await expect(page.getByLabel('Paste anything')).toBeVisible()
    },
  },
  {
    name: 'home with a paste error shown',
    open: async (page) => {
      await page.goto('/')
      await page.getByLabel('Paste anything').fill('hello there, not a link')
      await page.getByRole('button', { name: 'Open' }).click()
      await expect(page.getByRole('alert')).toContainText('Could not tell what')
    },
  },
  { name: 'location search with results loaded', open: searchParis },
  {
    name: 'location search with a form error',
    open: async (page) => {
      await page.goto('/search?location=48.8566,2.3522&radius=10&unit=km')
      await page.getByLabel('Radius', { exact: true }).fill('0')
      await expect(page.getByText('The radius must be greater than 0.', { exact: true })).toBeVisible()
      await searchButton(page).click()
      await expect(page.getByRole('alert').filter({ hasText: 'Nothing was searched' })).toBeVisible()
    },
  },
  {
    name: 'popular loaded',
    open: async (page) => {
      await page.goto('/popular')
      await expect(page.getByTestId('loaded-summary')).toContainText(/^50 videos loaded in 1 page/)
    },
  },
  {
    name: 'popular with a description expanded and the chart as a table',
    open: async (page) => {
      await page.goto('/popular')
      await expect(page.getByTestId('loaded-summary')).toContainText(/^50 videos loaded in 1 page/)
      await page
        .getByRole('button', { name: /Show full description and details/ })
        .first()
        .click()
      await page.getByText('Show as a table').click()
      await expect(page.getByRole('table')).toBeVisible()
    },
  },
  {
    name: 'a channel page',
    open: async (page) => {
      await page.goto('/channels/@rickastleyyt')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rick Astley')
    },
  },
  {
    name: 'a channel comparison',
    open: async (page) => {
      const ids = await threeChannelIds(page)
      await page.goto(`/channels?ids=${ids.join(',')}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Comparing 3 channels')
      await expect(page.getByRole('table').getByRole('columnheader')).toHaveCount(3)
    },
  },
  {
    name: 'replies loaded',
    open: async (page) => {
      await page.goto(`/replies/${THREAD}`)
      await expect(page.getByText('100 replies loaded (1 page); more on the next page.')).toBeVisible()
    },
  },
  { name: 'captions with the transcript', open: openTranscript },
  {
    name: 'captions with transcript matches highlighted and listed',
    open: async (page) => {
      await openTranscript(page)
      await page.getByRole('searchbox', { name: 'Search the transcript' }).fill('the')
      await expect(page.getByTestId('match-count')).toHaveText(/^\d+ matches$/)
      await page.getByRole('button', { name: 'Next match' }).click()
      await page.getByText(/Matches with their moments|First \d+ of/).click()
      await expect(page.getByRole('list', { name: 'Matches' }).getByRole('button').first()).toBeVisible()
    },
  },
  {
    name: 'captions with the missing-language error',
    open: async (page) => {
      await page.goto(`/videos/${VIDEO}?lang=zu`)
      await expect(page.getByRole('alert').filter({ hasText: 'no captions in' })).toBeVisible({
        timeout: 20_000,
      })
    },
  },
  {
    name: 'bulk',
    open: async (page) => {
      await page.goto('/bulk')
      await expect(page.getByRole('heading', { level: 1, name: 'Bulk caption download' })).toBeVisible()
    },
  },
  {
    name: 'bulk with a video listed',
    open: async (page) => {
      await page.goto(`/bulk?ids=${VIDEO}`)
      await expect(page.getByRole('heading', { level: 1, name: 'Bulk caption download' })).toBeVisible()
      await expect(page.getByText(VIDEO).first()).toBeVisible()
    },
  },
  {
    name: 'spend',
    open: async (page) => {
      await page.goto('/spend')
      await expect(page.getByRole('heading', { level: 1, name: 'Spend' })).toBeVisible()
      await expect(page.getByRole('table', { name: /^Ledger entries/ })).toBeVisible()
    },
  },
  {
    name: 'the 404 page',
    open: async (page) => {
      await page.goto('/no/such/view')
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    },
  },
]

test.describe('axe, WCAG 2.1 A and AA', () => {
  for (const state of STATES) {
    test(`${state.name}: no violations`, async ({ page }) => {
      await state.open(page)
      expect(await axeViolations(page)).toEqual([])
    })
  }
})

test.describe('keyboard', () => {
  // Transitions would let the walk read a ring half-drawn (or half-gone after blur).
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
  })

  const views: { name: string; open: (page: Page) => Promise<void> }[] = [
    STATES[0]!,
    { name: 'location search with results loaded', open: searchParis },
    { name: 'captions with the transcript', open: openTranscript },
  ]
  for (const view of views) {
    test(`${view.name}: Tab reaches every control, each with a visible focus indicator`, async ({
      page,
    }, testInfo) => {
      await view.open(page)
      const { stops, unreached } = await walkWithTab(page)
      await testInfo.attach('focus-walk.json', {
        body: JSON.stringify({ stops, unreached }, null, 2),
        contentType: 'application/json',
      })
      expect(stops.length).toBeGreaterThan(5)
      expect(unreached, 'controls Tab never reaches').toEqual([])
      expect(
        stops.filter((s) => !s.indicator).map((s) => `${s.name} (${s.focused})`),
        'focused controls without a visible indicator',
      ).toEqual([])
    })
  }

  test('the focus walk can tell a missing indicator (control of the check itself)', async ({ page }) => {
    await page.goto('/')
    await page.addStyleTag({
      content: '*:focus-visible { outline: none !important; box-shadow: none !important }',
    })
    const { stops } = await walkWithTab(page)
    expect(stops.length).toBeGreaterThan(0)
    expect(stops.every((s) => !s.indicator)).toBe(true)
  })

  test("the map's controls all have accessible names", async ({ page }) => {
    await page.goto(PARIS_25)
    const map = page.getByRole('application', { name: /Search map/ })
    await expect(map).toBeVisible()
    await expect(map.getByRole('button', { name: /Search point/ })).toBeVisible()
    await expect(map.getByRole('button', { name: /Radius handle/ })).toBeVisible()
    const controls = map.locator(
      'a[href], button, input, select, [tabindex]:not([tabindex="-1"]), [role=button]',
    )
    const count = await controls.count()
    expect(count).toBeGreaterThanOrEqual(4) // zoom in, zoom out, the point, the radius handle
    for (const control of await controls.all()) {
      await expect(control).toHaveAccessibleName(/\S/)
    }
    // The zoom buttons are Leaflet's: they must say what they do, not "+" and "−".
    await expect(map.getByRole('button', { name: /zoom in/i })).toBeVisible()
    await expect(map.getByRole('button', { name: /zoom out/i })).toBeVisible()

    // Usable, not only reachable: the point moves with the arrow keys and the fields follow.
    await map.getByRole('button', { name: /Search point/ }).focus()
    await page.keyboard.press('ArrowUp')
    await expect
      .poll(async () => Number(await page.getByLabel('Latitude', { exact: true }).inputValue()))
      .toBeGreaterThan(48.8566)
  })
})

test.describe('the transcript and prefers-reduced-motion', () => {
  /** Records the behaviour of every programmatic scroll of the transcript box. */
  async function recordScrolls(page: Page) {
    await page.addInitScript(() => {
      const w = window as unknown as { __scrolls: string[] }
      w.__scrolls = []
      const wrap = (name: 'scrollTo' | 'scrollBy' | 'scrollIntoView') => {
        const original = Element.prototype[name] as (...args: unknown[]) => void
        Element.prototype[name] = function (this: Element, ...args: unknown[]) {
          if (this.closest('[data-testid="transcript-scroll"]')) {
            const opts = args[0]
            w.__scrolls.push(
              `${name}:${opts && typeof opts === 'object' && 'behavior' in opts ? String((opts as ScrollToOptions).behavior) : 'auto'}`,
            )
          }
          return original.apply(this, args)
        } as never
      }
      wrap('scrollTo')
      wrap('scrollBy')
      wrap('scrollIntoView')
    })
  }

  /** Moves the playback far ahead, so the transcript has to scroll to follow it. */
  async function seekFar(page: Page) {
    const slider = page.getByRole('slider', { name: 'Playback position' })
    const max = Number(await slider.getAttribute('max'))
    await slider.fill(String(Math.floor(max * 0.8)))
    await expect(cueList(page).locator('[role="listitem"][aria-current="true"]')).toBeVisible()
  }

  const scrolls = (page: Page) =>
    page.evaluate(() => (window as unknown as { __scrolls: string[] }).__scrolls)
  const transcriptBox = (page: Page) => page.getByTestId('transcript-scroll')

  test('with reduce, the transcript follows playback without smooth scrolling', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await recordScrolls(page)
    await openTranscript(page)
    const before = await transcriptBox(page).evaluate((el) => el.scrollTop)
    await seekFar(page)
    await expect.poll(() => scrolls(page)).not.toEqual([])
    expect((await scrolls(page)).filter((s) => s.endsWith(':smooth'))).toEqual([])
    // No animation: the box is at its new place at once.
    expect(await transcriptBox(page).evaluate((el) => el.scrollTop)).toBeGreaterThan(before)
    await expect(transcriptBox(page)).toHaveCSS('scroll-behavior', 'auto')
    await expect(page.locator('html')).toHaveCSS('scroll-behavior', 'auto')

    // Stepping to a match brings the transcript into view: without animation too.
    const calls = (await scrolls(page)).length
    await page.getByRole('searchbox', { name: 'Search the transcript' }).fill('the')
    await page.getByRole('button', { name: 'Next match' }).click()
    await expect.poll(async () => (await scrolls(page)).length).toBeGreaterThan(calls)
    expect((await scrolls(page)).filter((s) => s.endsWith(':smooth'))).toEqual([])
  })

  test('without the preference it scrolls smoothly (the check above can fail)', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' })
    await recordScrolls(page)
    await openTranscript(page)
    await seekFar(page)
    await expect
      .poll(async () => (await scrolls(page)).filter((s) => s.endsWith(':smooth')).length)
      .toBeGreaterThan(0)
  })
})
