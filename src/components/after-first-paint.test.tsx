// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { AfterFirstPaint } from './after-first-paint.tsx'

// A root of its own (no act()): the first commit and the transition after it must be told apart.
function mount() {
  const container = document.createElement('div')
  const root = createRoot(container)
  const show = (version: string) =>
    flushSync(() =>
      root.render(
        <AfterFirstPaint version={version} fallback={<p>holding</p>}>
          <p>list {version}</p>
        </AfterFirstPaint>,
      ),
    )
  return { container, show, unmount: () => root.unmount() }
}

describe('AfterFirstPaint', () => {
  it('shows the fallback in the first commit and the children in a transition after it', async () => {
    const { container, show, unmount } = mount()
    show('1')
    expect(container.textContent).toBe('holding')
    await vi.waitFor(() => expect(container.textContent).toBe('list 1'))
    unmount()
  })

  it('shows the children at once when what they show changes before that transition', () => {
    const { container, show, unmount } = mount()
    show('1')
    expect(container.textContent).toBe('holding')
    show('2')
    expect(container.textContent).toBe('list 2')
    unmount()
  })
})
