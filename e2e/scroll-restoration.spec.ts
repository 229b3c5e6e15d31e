import { test, expect } from './fixtures.ts'

// Every paid opening asks first (the setting at nothing), so the video opens on its price gate.
test.use({ askBeforePaidOpens: true })

test('a page opened from far down a list starts at its top; Back returns to where the list was', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('poix.approve-opens-up-to-usd', '0'))
  await page.goto('/search?location=48.8566,2.3522&radius=10&unit=km')
  await page.getByRole('button', { name: /^Search\s*·?\s*(\$|cached)/ }).click()
  const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem')
  await expect(results.first()).toBeVisible()
  const count = await results.count()
  expect(count).toBeGreaterThan(10)

  // Far down the list: one of the last results, scrolled into view.
  const item = results.nth(count - 2)
  await item.scrollIntoViewIfNeeded()
  const listY = await page.evaluate(() => window.scrollY)
  expect(listY).toBeGreaterThan(1000)
  await item.getByRole('heading').getByRole('link').click()

  await expect(page).toHaveURL(/\/videos\/[\w-]{11}/)
  const gate = page.getByRole('heading', { level: 1, name: 'Opening this page is paid' })
  await expect(gate).toBeVisible()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await expect(gate).toBeInViewport({ ratio: 1 })

  await page.goBack()
  await expect(results.nth(count - 2)).toBeVisible()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(listY - 50)
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(listY + 50)
  await expect(results.nth(count - 2)).toBeInViewport()
})
