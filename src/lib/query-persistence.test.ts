import { describe, expect, it } from 'vitest'
import { shouldPersistQuery } from './query-persistence.ts'

const q = (key: unknown[], status: string) => ({ queryKey: key, state: { status } })

describe('shouldPersistQuery', () => {
  it('keeps successful data queries', () => {
    expect(shouldPersistQuery(q(['captions', 'track', 'dQw4w9WgXcQ'], 'success'))).toBe(true)
    expect(shouldPersistQuery(q(['search', 'pages', '48.8566,2.3522', '25km'], 'success'))).toBe(true)
  })

  it('never keeps errors, pending queries, quotes, spend, health, the session or the basemap', () => {
    expect(shouldPersistQuery(q(['captions', 'track', 'x'], 'error'))).toBe(false)
    expect(shouldPersistQuery(q(['captions', 'track', 'x'], 'pending'))).toBe(false)
    for (const root of ['quote', 'spend', 'health', 'session', 'basemap'])
      expect(shouldPersistQuery(q([root, 'x'], 'success'))).toBe(false)
  })
})
