// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { renderHook } from '@testing-library/react'
import { useViewChanges } from './use-view-changes.ts'

type View = { q: string; sort: string }

function setup(initial: View) {
  const commit = vi.fn<(v: View) => void>()
  const hook = renderHook(({ shown }: { shown: View }) => useViewChanges(shown, commit), {
    initialProps: { shown: initial },
  })
  return { commit, hook }
}

describe('useViewChanges', () => {
  it('builds a change on the one still on its way to the URL, not on the URL as last rendered', () => {
    const { commit, hook } = setup({ q: '', sort: 'relevance' })
    hook.result.current({ q: 'montmartre' })
    hook.result.current({ sort: 'title' })
    expect(commit.mock.calls.map(([v]) => v)).toEqual([
      { q: 'montmartre', sort: 'relevance' },
      { q: 'montmartre', sort: 'title' },
    ])
  })

  it('keeps later changes while the URL shows an earlier one, and follows the URL once it shows the last', () => {
    const { commit, hook } = setup({ q: '', sort: 'relevance' })
    hook.result.current({ q: 'a' })
    hook.result.current({ sort: 'title' })
    hook.rerender({ shown: { q: 'a', sort: 'relevance' } })
    hook.result.current({ q: 'ab' })
    expect(commit).toHaveBeenLastCalledWith({ q: 'ab', sort: 'title' })
    hook.rerender({ shown: { q: 'ab', sort: 'title' } })
    hook.result.current({ sort: 'date' })
    expect(commit).toHaveBeenLastCalledWith({ q: 'ab', sort: 'date' })
  })

  it('follows a URL changed from elsewhere (back, a link): nothing of its own is on its way any more', () => {
    const { commit, hook } = setup({ q: '', sort: 'relevance' })
    hook.result.current({ q: 'a' })
    hook.rerender({ shown: { q: 'zzz', sort: 'date' } })
    hook.result.current({ sort: 'title' })
    expect(commit).toHaveBeenLastCalledWith({ q: 'zzz', sort: 'title' })
  })
})
