import { afterEach } from 'vitest'

// Vitest without globals does not clean up Testing Library renders by itself.
afterEach(async () => {
  if (typeof document === 'undefined') return
  const { cleanup } = await import('@testing-library/react')
  cleanup()
})
