import { describe, expect, it } from 'vitest'
import { projectSalt, resetProjectSalt } from './pseudonym-salt.ts'

function memoryStorage(initial: Record<string, string> = {}) {
  const m = new Map(Object.entries(initial))
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) }
}

describe('the browser project’s pseudonym salt', () => {
  it('is created once and kept', () => {
    const storage = memoryStorage()
    const first = projectSalt(storage, new Date('2026-11-25T00:00:00Z'))
    expect(first.salt).toMatch(/^[0-9a-f]{32}$/)
    expect(projectSalt(storage, new Date('2026-12-01T00:00:00Z'))).toEqual(first)
  })

  it('is replaced by a reset, and the new one is kept', () => {
    const storage = memoryStorage()
    const first = projectSalt(storage)
    const fresh = resetProjectSalt(storage, new Date('2026-11-26T00:00:00Z'))
    expect(fresh.salt).not.toBe(first.salt)
    expect(projectSalt(storage)).toEqual({ salt: fresh.salt, createdAt: '2026-11-26T00:00:00.000Z' })
  })

  it('replaces a damaged stored value instead of using it', () => {
    const storage = memoryStorage({ 'poix.pseudonymSalt.v1': '{"salt":"short"' })
    expect(projectSalt(storage).salt).toMatch(/^[0-9a-f]{32}$/)
  })

  it('still gives a salt when the browser refuses to store it', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError')
      },
    }
    expect(projectSalt(refusing).salt).toMatch(/^[0-9a-f]{32}$/)
  })
})
