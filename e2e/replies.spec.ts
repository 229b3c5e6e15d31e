import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { readStrictCsvBytes } from '#test-readers/strict-csv.ts'
import { test, expect } from './fixtures.ts'
import { csvWithSidecar } from './support/downloads.ts'
import { pageHandledQueuedWork } from './support/settled.ts'

const ANCHOR = 'UgzoQVUwDeGW1IS5_uR4AaABAg'
const ANCHOR_TOTAL = 312
/** The simulator's thread with hostile markup in textDisplay (simulator/data/anchors.ts). */
const HOSTILE = 'UgxHostileThreadXSS4AaABAg'

const replyList = (page: Page) => page.getByTestId('reply-list')
const replies = (page: Page) => replyList(page).locator('article')

async function loadAll(page: Page, total: number) {
  await page.getByRole('button', { name: /^Load all/ }).click()
  await expect(page.getByRole('status').filter({ hasText: `All ${total} replies loaded` })).toBeVisible({
    timeout: 30_000,
  })
}

test.describe('the threaded reply viewer', () => {
  test('opens a thread from a pasted permalink and loads all replies with a progress bar', async ({
    page,
  }) => {
    await page.goto('/')
    await page.getByLabel('Paste anything').fill(`https://www.youtube.com/watch?v=dQw4w9WgXcQ&lc=${ANCHOR}`)
    await page.getByRole('button', { name: 'Open' }).click()
    await expect(page).toHaveURL(new RegExp(`/replies/${ANCHOR}`))
    await expect(page.getByRole('heading', { level: 1 })).toContainText(ANCHOR)
    await expect(page.getByText('100 replies loaded (1 page); more on the next page.')).toBeVisible()
    await expect(replies(page)).toHaveCount(100)

    const loadAllButton = page.getByRole('button', { name: /^Load all/ })
    await expect(loadAllButton).toContainText('~$0.00013 per page of 100')
    await expect(page.getByText(/at least one more page/)).toBeVisible()
    await loadAllButton.click()
    const bar = page.getByRole('progressbar', { name: 'Loading all replies' })
    await expect(bar).toBeVisible()
    await expect(
      page.getByRole('status').filter({ hasText: `All ${ANCHOR_TOTAL} replies loaded (4 pages)` }),
    ).toBeVisible({ timeout: 30_000 })
    await expect(bar).toHaveAttribute('aria-valuenow', String(ANCHOR_TOTAL))
    await expect(bar).toHaveAttribute('aria-valuemax', String(ANCHOR_TOTAL))
    await expect(replies(page)).toHaveCount(ANCHOR_TOTAL)
    await expect(page.getByTestId('reply-stats')).toContainText(`${ANCHOR_TOTAL} replies`)
    await expect(page.getByRole('button', { name: /^Load all/ })).toHaveCount(0)
  })

  test('collapses a branch, switches html/plainText, sorts and searches, all in the URL', async ({
    page,
  }) => {
    await page.goto(`/replies/${ANCHOR}?format=html`)
    await loadAll(page, ANCHOR_TOTAL)

    // Collapse: the branch's replies leave the list, its button says it is collapsed.
    const branch = replyList(page).getByRole('button', { expanded: true }).first()
    const hidden = Number(/^\D*(\d+)/.exec((await branch.textContent()) ?? '')![1])
    expect(hidden).toBeGreaterThan(0)
    await branch.click()
    await expect(replyList(page).getByRole('button', { expanded: false }).first()).toBeVisible()
    await expect(replies(page)).toHaveCount(ANCHOR_TOTAL - hidden)
    await page.getByRole('button', { name: 'Expand all' }).click()
    await expect(replies(page)).toHaveCount(ANCHOR_TOTAL)

    // html shows formatting and in-app timestamp links; plainText shows textOriginal with its line breaks.
    await expect(replyList(page).locator('b').first()).toBeVisible()
    await expect(replyList(page).locator('a[href^="/videos/dQw4w9WgXcQ?t="]').first()).toBeVisible()
    await page.getByRole('radio', { name: 'Plain text' }).check()
    await expect(page).toHaveURL(/format=plainText/)
    await expect(replyList(page).locator('[data-format="plainText"]')).toHaveCount(ANCHOR_TOTAL)
    await expect(replyList(page).locator('b, [data-format] a')).toHaveCount(0)
    const multiLine = replyList(page)
      .locator('[data-format="plainText"]')
      .filter({ hasText: 'Line one of my thoughts' })
      .first()
    await expect(multiLine).toHaveCSS('white-space', 'pre-wrap')
    expect(await multiLine.evaluate((el) => el.textContent)).toContain('Line one of my thoughts\nLine two')
    await page.getByRole('radio', { name: 'Formatted (html)' }).check()
    await expect(replyList(page).locator('[data-format="html"]')).toHaveCount(ANCHOR_TOTAL)

    // Sort: flat view, most liked first, then newest first.
    await page.getByRole('radio', { name: 'Flat, in order' }).check()
    await page.getByLabel('Sort').selectOption({ label: 'Most liked' })
    await expect(page).toHaveURL(/view=flat/)
    await expect(page).toHaveURL(/sort=liked/)
    const likes = (await replies(page).evaluateAll((els) =>
      els.map((e) => Number(e.getAttribute('data-likes'))),
    )) as number[]
    expect(likes).toHaveLength(ANCHOR_TOTAL)
    expect(likes).toEqual([...likes].sort((a, b) => b - a))
    expect(likes[0]).toBeGreaterThan(likes.at(-1)!)
    await page.getByLabel('Sort').selectOption({ label: 'Newest first' })
    const times = (await replies(page).evaluateAll((els) =>
      els.map((e) => Date.parse(e.getAttribute('data-published')!)),
    )) as number[]
    expect(times).toEqual([...times].sort((a, b) => b - a))

    // Search: matches are marked and counted.
    await page.getByLabel('Search loaded replies').fill('rickrolled')
    await expect(page).toHaveURL(/q=rickrolled/)
    const stats = page.getByTestId('reply-stats')
    await expect(stats).toContainText(`of ${ANCHOR_TOTAL} replies match “rickrolled”`)
    const matched = Number(/^(\d+) of/.exec((await stats.textContent()) ?? '')![1])
    expect(matched).toBeGreaterThan(0)
    expect(matched).toBeLessThan(ANCHOR_TOTAL)
    await expect(replies(page)).toHaveCount(matched)
    await expect(replyList(page).locator('mark').first()).toHaveText(/rickrolled/i)
    expect(await replyList(page).locator('mark').count()).toBeGreaterThanOrEqual(matched)

    // The whole state survives a reload (it lives in the URL); only pages must be loaded again.
    await page.reload()
    await expect(page.getByLabel('Search loaded replies')).toHaveValue('rickrolled')
    await expect(page.getByRole('radio', { name: 'Flat, in order' })).toBeChecked()
    await expect(page.getByLabel('Sort')).toHaveValue('newest')
  })

  test('a timestamp link opens the captions view at that moment', async ({ page }) => {
    await page.goto(`/replies/${ANCHOR}?format=html`)
    const link = replyList(page).locator('a[href^="/videos/dQw4w9WgXcQ?t="]').first()
    const href = await link.getAttribute('href')
    expect(await link.getAttribute('target')).toBeNull()
    await link.click()
    await expect(page).toHaveURL(new RegExp(`${href!.replace('?', '\\?')}$`))
  })

  test('outside links open in a new tab without opener or referrer', async ({ page }) => {
    await page.goto(`/replies/${ANCHOR}?format=html`)
    const outside = replyList(page).locator('a[href^="http"]').first()
    await expect(outside).toHaveAttribute('target', '_blank')
    await expect(outside).toHaveAttribute('rel', 'noopener noreferrer nofollow')
  })

  test('exports the whole thread as CSV with pseudonymised authors', async ({ page }) => {
    await page.goto(`/replies/${ANCHOR}?format=html`)
    await loadAll(page, ANCHOR_TOTAL)
    const realNames = new Set((await replyList(page).locator('h3').allTextContents()).map((s) => s.trim()))
    expect(realNames.size).toBeGreaterThan(10)

    await page.getByLabel('Pseudonymise authors').check()
    const { csv: file, provenance } = await csvWithSidecar(
      page,
      page.getByRole('group', { name: /Export 312 loaded replies/ }).getByRole('button', { name: 'CSV' }),
    )
    expect(file.name).toMatch(/pseudonymised.*\.csv$/)
    const csv = file.text
    expect(provenance).toMatchObject({
      title: expect.stringMatching(/pseudonymised/),
      pseudonymised: true,
      source: 'demo simulator (invented data)',
    })
    const parsed = readStrictCsvBytes(file.bytes)
    const fields = parsed.header
    expect(fields).toEqual([
      'id',
      'parentId',
      'replyToId',
      'depth',
      'author',
      'authorChannelId',
      'publishedAt',
      'updatedAt',
      'likeCount',
      'textOriginal',
      'textDisplay',
    ])
    const rows = parsed.records
    expect(rows).toHaveLength(ANCHOR_TOTAL)
    for (const row of rows) {
      expect(row.author).toMatch(/^author-[0-9a-f]{8,}$/)
      expect(row.authorChannelId).toMatch(/^channel-[0-9a-f]{8,}$/)
      // The comment's and the replies' ids are pseudonyms too: they would lead to the authors.
      expect(row.parentId).toMatch(/^comment-[0-9a-f]{8,}$/)
      expect(row.id).toMatch(/^reply-[0-9a-f]{8,}$/)
    }
    expect(csv).not.toContain(ANCHOR)
    for (const name of realNames) expect(csv, `"${name}" is in the export`).not.toContain(name)
    expect(csv).not.toContain('yt3.ggpht.com')
    expect(csv).not.toMatch(/youtube\.com\/@|\bUC[0-9A-Za-z_-]{22}\b/)

    // Structure kept: some replies answer others, and each answers a reply of this file.
    const ids = new Set(rows.map((r) => r.id))
    const nested = rows.filter((r) => r.replyToId)
    expect(nested.length).toBeGreaterThan(10)
    for (const r of nested) {
      expect(ids.has(r.replyToId!)).toBe(true)
      expect(Number(r.depth)).toBeGreaterThan(0)
    }
    // The same author gets the same pseudonym throughout, and mentions use it too.
    expect(new Set(rows.map((r) => r.author)).size).toBeLessThan(rows.length)
    const pseudonyms = new Set(rows.map((r) => r.author))
    expect(
      rows.some((r) =>
        [...(r.textOriginal ?? '').matchAll(/@(author-[0-9a-f]+)/g)].some((m) => pseudonyms.has(m[1]!)),
      ),
    ).toBe(true)
  })

  test('a failing page in the middle of "load all" keeps what loaded, and Resume continues', async ({
    page,
  }) => {
    let pageRequests = 0
    await page.route('**/api/commentReplies?*pageToken=*', async (route) => {
      pageRequests += 1
      if (pageRequests === 2) {
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            error: { code: 'upstream_unavailable', message: 'The data service is unavailable (injected).' },
          }),
        })
        return
      }
      await route.continue()
    })
    await page.goto(`/replies/${ANCHOR}?format=html`)
    await page.getByRole('button', { name: /^Load all/ }).click()
    const failure = page.getByRole('alert').filter({ hasText: 'Page 3 could not be loaded' })
    await expect(failure).toBeVisible({ timeout: 30_000 })
    await expect(failure).toContainText('The data service is unavailable (injected).')
    await expect(failure).toContainText('The 200 replies loaded so far are kept.')
    await expect(replies(page)).toHaveCount(200)
    await expect(page.getByRole('progressbar', { name: 'Loading all replies' })).toHaveAttribute(
      'aria-valuenow',
      '200',
    )

    await failure.getByRole('button', { name: /Resume loading all/ }).click()
    await expect(
      page.getByRole('status').filter({ hasText: `All ${ANCHOR_TOTAL} replies loaded (4 pages)` }),
    ).toBeVisible({ timeout: 30_000 })
    await expect(replies(page)).toHaveCount(ANCHOR_TOTAL)
    expect(pageRequests).toBe(4) // pages 2, 3 (failed), 3 again, 4: nothing loaded twice
  })

  test('a reply id opens its comment with the reply highlighted and scrolled into view', async ({ page }) => {
    const first = await (
      await page.request.get(`/api/commentReplies?parentCommentId=${ANCHOR}&format=html`)
    ).json()
    const second = await (
      await page.request.get(
        `/api/commentReplies?parentCommentId=${ANCHOR}&format=html&pageToken=${first.nextPageToken}`,
      )
    ).json()
    const target: string = second.data[42].id
    await page.goto('/replies')
    await page.getByLabel('Comment link or id').fill(target)
    await page.getByRole('button', { name: /Open replies/ }).click()
    await expect(page).toHaveURL(new RegExp(`/replies/${ANCHOR}\\?.*reply=${target.replace('.', '\\.')}`))
    await expect(page.getByText(`is not among the 100 replies loaded so far`)).toBeVisible()
    await page.getByRole('button', { name: /Load pages until it is found/ }).click()
    const highlighted = replyList(page).locator('article[aria-current="true"]')
    await expect(highlighted).toHaveAttribute('data-reply-id', target)
    await expect(highlighted).toBeInViewport()
    await expect(page.getByText('200 replies loaded (2 pages)')).toBeVisible()
  })

  test('has no serious accessibility violations, in the tree and on the entry page', async ({ page }) => {
    await page.goto(`/replies/${ANCHOR}?format=html`)
    await expect(replies(page)).toHaveCount(100)
    const onThread = await new AxeBuilder({ page }).include('main').analyze()
    expect(
      onThread.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.help}`),
    ).toEqual([])
    await page.goto('/replies')
    const onEntry = await new AxeBuilder({ page }).include('main').analyze()
    expect(
      onEntry.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.help}`),
    ).toEqual([])
  })

  test('the entry field explains what it cannot open', async ({ page }) => {
    await page.goto('/replies')
    await page.getByLabel('Comment link or id').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ')
    await page.getByRole('button', { name: /Open replies/ }).click()
    await expect(page.getByRole('alert')).toContainText('That is a video, not a comment')
    await expect(page).toHaveURL(/\/replies$/)
  })

  test('SECURITY: hostile textDisplay renders inert: no script runs, no active element reaches the page', async ({
    page,
  }) => {
    const dialogs: string[] = []
    page.on('dialog', (d) => {
      dialogs.push(d.message())
      void d.dismiss()
    })
    await page.goto(`/replies/${HOSTILE}?format=html`)
    await expect(replies(page).first()).toBeVisible()
    const count = await replies(page).count()
    expect(count).toBeGreaterThanOrEqual(8)
    const list = replyList(page)
    await expect(
      list.locator('script, iframe, img:not(article > img), svg, style, form, input, object, embed'),
    ).toHaveCount(0)
    const active = await list.evaluate((root) =>
      [...root.querySelectorAll('*')].flatMap((el) =>
        [...el.attributes]
          .filter((a) => /^on/i.test(a.name) || a.name === 'style')
          .map((a) => `${el.tagName} ${a.name}`),
      ),
    )
    expect(active).toEqual([])
    const hrefs = await list.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))
    for (const href of hrefs) expect(href).toMatch(/^(https?:\/\/|\/)/)
    // What the attacks were dressed as is still readable, as plain words.
    await expect(list.getByText('Free subscribers here')).toBeVisible()
    await expect(list.getByText('Free subscribers here').locator('xpath=ancestor-or-self::a')).toHaveCount(0)
    // Try to trigger handlers that would have survived a weaker sanitiser.
    await list.getByText('bold', { exact: true }).hover()
    await list.getByText('Free subscribers here').click()
    // plainText shows the markup as text, inert.
    await page.getByRole('radio', { name: 'Plain text' }).check()
    await expect(list.getByText("Great video! <script>alert('xss')</script>")).toBeVisible()
    await expect(list.locator('script, iframe')).toHaveCount(0)
    // The hover, the click and the re-render have been handled: any dialog they opened has been reported.
    await pageHandledQueuedWork(page)
    expect(dialogs).toEqual([])
  })

  test('SECURITY: payloads that would set a flag on window stay inert', async ({ page }) => {
    const dialogs: string[] = []
    page.on('dialog', (d) => {
      dialogs.push(d.message())
      void d.dismiss()
    })
    const hostile = [
      '<script>window.__pwned = "script"</script>script',
      '<img src="x" onerror="window.__pwned = \'onerror\'">img',
      '<a href="javascript:window.__pwned=\'js-link\'">js link</a>',
      '<iframe srcdoc="<script>parent.__pwned=\'iframe\'</script>"></iframe>iframe',
      '<b onmouseover="window.__pwned=\'hover\'">hover me</b>',
      '<details open ontoggle="window.__pwned=\'toggle\'">details</details>',
    ]
    const reply = (html: string, i: number) => ({
      id: `${HOSTILE}.injectedReply${String(i).padStart(9, '0')}`,
      parentId: HOSTILE,
      textDisplay: html,
      textOriginal: html,
      authorDisplayName: `Attacker ${i}`,
      likeCount: 0,
      publishedAt: `2024-01-0${i + 1}T00:00:00Z`,
      updatedAt: `2024-01-0${i + 1}T00:00:00Z`,
    })
    await page.route('**/api/commentReplies?*', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ data: hostile.map(reply) }),
      }),
    )
    await page.goto(`/replies/${HOSTILE}?format=html`)
    await expect(replies(page)).toHaveCount(hostile.length)
    await replyList(page).getByText('hover me').hover()
    await replyList(page).getByText('js link').click()
    // The hover and the click have been handled (a javascript: link would have run by now), and the view is still here.
    await pageHandledQueuedWork(page)
    await expect(replies(page)).toHaveCount(hostile.length)
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined()
    await expect(replyList(page).locator('script, iframe, img, details')).toHaveCount(0)
    expect(dialogs).toEqual([])
  })
})
