import { afterEach, beforeEach } from 'vitest'

// Views open by themselves in component tests, as in e2e (e2e/fixtures.ts); the gate's own tests set the setting.
beforeEach(() => {
  if (typeof localStorage !== 'undefined') localStorage.setItem('poix.approve-opens-up-to-usd', '1000')
})

// Vitest without globals does not clean up Testing Library renders by itself.
afterEach(async () => {
  if (typeof document === 'undefined') return
  const { cleanup } = await import('@testing-library/react')
  cleanup()
})
