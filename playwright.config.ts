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
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 2 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
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
      DATA_DIR: `.data/e2e-${process.pid}`,
      DATA_API_TOKEN: '',
      SIMULATOR_FAULT_CONTROL: '1',
    },
  },
})
