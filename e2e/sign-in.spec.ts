import { spawn, type ChildProcess } from 'node:child_process'
import { test, expect } from './fixtures.ts'

// A second server with a password, started by this spec (the shared one has none): same built SPA, own port and storage.
const PORT = Number(process.env.E2E_SIGNIN_PORT ?? 8216)
const BASE = `http://127.0.0.1:${PORT}`
const PASSWORD = 'correct horse battery staple'

let server: ChildProcess | undefined

async function waitForHealth(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (server?.exitCode !== null && server?.exitCode !== undefined)
      throw new Error(`The password-protected server exited with ${server.exitCode}.`)
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`The password-protected server did not answer ${BASE}/api/health in time.`)
}

test.describe('sign-in', () => {
  // One server for these tests, in order: the last one uses up this minute's sign-in attempts.
  test.describe.configure({ mode: 'serial' })

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    // The server itself (not scripts/start.ts): it must not rebuild the SPA that the main server is serving.
    server = spawn(
      process.execPath,
      ['--import', 'tsx', '--eval', "import('./server/entry-node.ts').then((m) => m.startNodeServer())"],
      {
        detached: true,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...process.env,
          PORT: String(PORT),
          HOST: '127.0.0.1',
          DASHBOARD_PASSWORD: PASSWORD,
          SIGN_IN_ATTEMPTS_PER_MINUTE: '5',
          DATA_DIR: `.data/e2e-signin-${process.pid}`,
          DIST_DIR: process.env.DIST_DIR || 'dist',
          DATA_API_TOKEN: '',
        },
      },
    )
    await waitForHealth(Date.now() + 90_000)
  })

  test.afterAll(() => {
    // Its own process group (detached): ends the server and nothing else.
    if (server?.pid) process.kill(-server.pid, 'SIGTERM')
  })

  test('the dashboard asks to sign in; a wrong password is refused; the right one returns to the view', async ({
    page,
  }) => {
    const health = await (await fetch(`${BASE}/api/health`)).json()
    expect(health).toMatchObject({ signInRequired: true })
    // The API itself refuses a browser without a session.
    expect((await page.request.get(`${BASE}/api/popularVideos`)).status()).toBe(401)

    await page.goto(`${BASE}/popular`)
    await expect(page).toHaveURL(`${BASE}/sign-in?next=%2Fpopular`)
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Spending' }).getByTestId('deployment-spend')).toHaveCount(
      0,
    )

    const password = page.getByLabel('Password')
    await password.fill('not the password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toHaveText(/^Wrong password/)
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fpopular$/)

    await password.fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(`${BASE}/popular`)
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Spending' }).getByTestId('deployment-spend')).toHaveText(
      /^\$/,
    )
    // The session cookie is HttpOnly: the page's scripts cannot read it.
    expect(await page.evaluate(() => document.cookie)).toBe('')

    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(`${BASE}/sign-in`)
    await expect(page.getByLabel('Password')).toBeVisible()
    expect((await page.request.get(`${BASE}/api/spend`)).status()).toBe(401)
  })

  test('too many wrong passwords are rate-limited with the wait shown', async ({ page }) => {
    await page.goto(`${BASE}/sign-in`)
    const password = page.getByLabel('Password')
    const submit = page.getByRole('button', { name: 'Sign in' })
    const alert = page.getByRole('alert')
    for (let attempt = 0; attempt < 6; attempt++) {
      await password.fill(`wrong ${attempt}`)
      await submit.click()
      // Settled: the button no longer says "Signing in…", so the alert is this attempt's answer.
      await expect(page.getByRole('button', { name: 'Signing in…' })).toHaveCount(0)
      await expect(alert).toHaveText(/Wrong password|Too many sign-in attempts/)
      if ((await alert.textContent())?.startsWith('Too many')) break
    }
    await expect(alert).toHaveText(/^Too many sign-in attempts\. Wait \d+ seconds?, then try again\.$/)
    await expect(submit).toBeDisabled()
  })
})
