// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { CountStat, DurationStat } from './video-stats.tsx'

const exact = (n: number) => new Intl.NumberFormat().format(n)

describe('CountStat', () => {
  it('shows a compact count for reading and the exact number on hover', () => {
    render(<CountStat value="1234567" one="view" other="views" />)
    const stat = screen.getByTitle(`${exact(1234567)} views`)
    expect(stat.textContent).toBe(
      `${new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 }).format(1234567)} views`,
    )
    expect(stat.textContent).not.toContain(exact(1234567))
  })

  it('uses the singular for one and says when the number is missing', () => {
    render(
      <>
        <CountStat value="1" one="like" other="likes" />
        <CountStat value={undefined} one="like" other="likes" hiddenText="likes hidden" />
        <CountStat value="not a number" one="comment" other="comments" />
      </>,
    )
    expect(screen.getByTitle('1 like').textContent).toBe('1 like')
    expect(screen.getByText('likes hidden')).toBeTruthy()
    expect(screen.getByText('comments not shown')).toBeTruthy()
  })
})

describe('DurationStat', () => {
  it('writes durations as h:mm:ss, and m:ss under an hour', () => {
    const { container, rerender } = render(<DurationStat seconds={3723} iso="PT1H2M3S" />)
    expect(container.querySelector('time')?.textContent).toBe('1:02:03')
    expect(container.querySelector('time')?.getAttribute('datetime')).toBe('PT1H2M3S')
    rerender(<DurationStat seconds={59} iso={undefined} />)
    expect(container.querySelector('time')?.textContent).toBe('0:59')
    rerender(<DurationStat seconds={8 * 3600 + 5} iso="PT8H5S" />)
    expect(container.querySelector('time')?.textContent).toBe('8:00:05')
  })

  it('says so when the duration is unknown', () => {
    render(<DurationStat seconds={undefined} iso={undefined} />)
    expect(screen.getByText('duration unknown')).toBeTruthy()
  })
})
