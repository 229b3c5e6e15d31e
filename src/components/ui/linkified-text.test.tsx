// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { LinkifiedText } from './linkified-text.tsx'

describe('LinkifiedText', () => {
  it('keeps line breaks and makes http(s) links clickable in a new tab without opener', () => {
    const { container } = render(
      <LinkifiedText text={'First line\nSecond: https://example.com/a\n\njavascript:alert(1)'} />,
    )
    const link = screen.getByRole('link', { name: 'https://example.com/a' })
    expect(link.getAttribute('href')).toBe('https://example.com/a')
    expect(link.getAttribute('rel')).toContain('noopener')
    expect(screen.getAllByRole('link')).toHaveLength(1)
    expect(container.textContent).toBe('First line\nSecond: https://example.com/a\n\njavascript:alert(1)')
    expect(container.firstElementChild?.className).toContain('whitespace-pre-wrap')
  })

  it('renders markup in the text as text, never as HTML', () => {
    const { container } = render(<LinkifiedText text={'<img src=x onerror=alert(1)> <b>bold</b>'} />)
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('b')).toBeNull()
    expect(container.textContent).toContain('<b>bold</b>')
  })
})
