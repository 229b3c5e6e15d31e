// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { stubApi } from '#testing/api-stub.ts'
import { appRoutes, renderRoute } from '#testing/render-route.tsx'
import { layOutTranscript } from '#testing/transcript-layout.ts'

const videosRoutes = await appRoutes('videos')
const slow = { timeout: 45_000 }

// jsdom lays nothing out: the transcript gets a viewport and its rows a height.
layOutTranscript()

/** The demo data's anchors: a Latin-script video, the Arabic (right-to-left) one and the Japanese one. */
const LATIN = 'dQw4w9WgXcQ'
const ARABIC = 'Ar7bQx2LmPo'
const JAPANESE = 'Jp4cK9tRz1U'

async function open(videoId: string) {
  stubApi((req) => globalThis.__poixInProcessApi!(req))
  const view = renderRoute(videosRoutes, { at: `/videos/${videoId}` })
  await screen.findByRole('list', { name: 'Transcript cues' }, slow)
  return view
}

const chart = () => screen.queryByRole('slider', { name: /Speech rate over time/ })

describe('speech rate in the caption studio', { timeout: 120_000 }, () => {
  it('is shown for a track in Latin script', async () => {
    const { unmount } = await open(LATIN)
    expect(await screen.findByRole('slider', { name: /Speech rate over time/ }, slow)).toBeTruthy()
    expect(screen.getByText(/words per minute while speaking/)).toBeTruthy()
    unmount()
  })

  it('counts Arabic words from the text, not the service’s a–z counts, and says so', async () => {
    const { unmount } = await open(ARABIC)
    await screen.findByRole('slider', { name: /Speech rate over time/ }, slow)
    const caption = screen.getByText(/words per minute while speaking/)
    // Spoken Arabic runs at well over 60 words a minute; the service's counts gave single figures.
    expect(Number(/average (\d+)/.exec(caption.textContent!)![1])).toBeGreaterThan(60)
    expect(screen.getByText(/not the service’s word counts/)).toBeTruthy()
    unmount()
  })

  it('is not shown for Japanese, saying that it is written without spaces between words', async () => {
    const { unmount } = await open(JAPANESE)
    const why = await screen.findByText(/Speech rate is not shown for Japanese/, {}, slow)
    expect(why.textContent).toMatch(/without spaces between words/)
    expect(chart()).toBeNull()
    unmount()
  })
})
