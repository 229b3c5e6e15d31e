// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { useUrlDraft } from './use-url-draft.ts'

const key = (s: string) => s

describe('useUrlDraft', () => {
  it('shows a change at once and is not set back while the URL catches up one step at a time', () => {
    const { result, rerender } = renderHook(({ url }) => useUrlDraft(url, key), { initialProps: { url: '' } })
    act(() => result.current[1]('n'))
    act(() => result.current[1]('ng'))
    act(() => result.current[1]('ngg'))
    expect(result.current[0]).toBe('ngg')
    rerender({ url: 'n' })
    expect(result.current[0]).toBe('ngg')
    rerender({ url: 'ngg' })
    expect(result.current[0]).toBe('ngg')
  })

  it('takes a URL change it did not make (history, address bar)', () => {
    const { result, rerender } = renderHook(({ url }) => useUrlDraft(url, key), {
      initialProps: { url: 'a' },
    })
    act(() => result.current[1]('ab'))
    rerender({ url: 'ab' })
    rerender({ url: 'zz' })
    expect(result.current[0]).toBe('zz')
  })
})
