// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createTranscriptClock } from '../lib/transcript-clock.ts'
import { usePlaybackKeys } from './use-playback-keys.ts'

function Harness({ clock }: { clock: ReturnType<typeof createTranscriptClock> }) {
  usePlaybackKeys(clock)
  return (
    <div>
      <p>Text</p>
      <input aria-label="Search" />
      <input type="range" aria-label="Position" />
      <button type="button">A button</button>
    </div>
  )
}

const frames = { now: () => 0, request: () => 1, cancel: () => {} }

describe('playback keys', () => {
  it('space plays and pauses, arrows seek 5 s, when focus is on the page', async () => {
    const clock = createTranscriptClock({ duration: 100, start: 20, frames })
    render(<Harness clock={clock} />)
    const user = userEvent.setup()
    await user.keyboard(' ')
    expect(clock.getSnapshot().playing).toBe(true)
    await user.keyboard(' ')
    expect(clock.getSnapshot().playing).toBe(false)
    await user.keyboard('{ArrowRight}')
    expect(clock.getSnapshot().time).toBe(25)
    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(clock.getSnapshot().time).toBe(15)
  })

  it('leaves keys to text fields, sliders and buttons', async () => {
    const clock = createTranscriptClock({ duration: 100, start: 20, frames })
    render(<Harness clock={clock} />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('textbox', { name: 'Search' }))
    await user.keyboard(' {ArrowRight}')
    expect(clock.getSnapshot()).toMatchObject({ playing: false, time: 20 })
    screen.getByRole('slider', { name: 'Position' }).focus()
    await user.keyboard('{ArrowRight}')
    expect(clock.getSnapshot().time).toBe(20)
    screen.getByRole('button', { name: 'A button' }).focus()
    await user.keyboard(' ')
    expect(clock.getSnapshot().playing).toBe(false)
    await user.keyboard('{ArrowRight}')
    expect(clock.getSnapshot().time).toBe(25)
  })
})
