import { defineConfig, devices } from '@playwright/test'
import { existsSync } from 'node:fs'

/** Debian's Chromium where present (browsers cannot be downloaded in CI); Playwright's own elsewhere. */
function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
  return candidates.find((p): p is string => !!p && existsSync(p))
}

const PORT = Number(process.env.E2E_PORT ?? 8181)
const executablePath = chromiumPath()

export default defineConfig({
  testDir: 'e2e',
  // One output folder per server port, so concurrent local runs do not delete each other's traces.
  outputDir: `test-results/${PORT}`,
  fullyParallel: false,
  workers: 2,
  // CI retries only to tell a flaky test from a broken one: a test that fails and then passes still fails the run.
  retries: process.env.CI ? 2 : 0,
  failOnFlakyTests: !!process.env.CI,
  // A test.only left in by mistake would silently skip the rest of the suite.
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: 'npm start',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      // A cache of this run's own: tests that expect a first, paid request (e2e/support/unique.ts) rely on it being empty.
      DATA_DIR: `.data/e2e-${process.pid}-${Date.now().toString(36)}`,
      DATA_API_TOKEN: '',
      SIMULATOR_FAULT_CONTROL: '1',
    },
  },
})
