// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { CodingList } from '#contract/coding.ts'
import { codedCollection } from '#testing/coding-fixture.ts'
import { stubApi } from '#testing/api-stub.ts'
import { appRoutes, renderRoute } from '#testing/render-route.tsx'
import { layOutTranscript } from '#testing/transcript-layout.ts'

const videosRoutes = await appRoutes('videos')
const slow = { timeout: 20_000 }

// jsdom lays nothing out: the transcript gets a viewport and its rows a height.
layOutTranscript()

/** Every coding the view posts, by its body. */
let posted: unknown[] = []
beforeEach(() => {
  localStorage.setItem('poix.coder-name', 'Ann Coder')
  posted = []
  stubApi(async (req) => {
    if (req.method === 'POST' && new URL(req.url).pathname.endsWith('/codings'))
      posted.push(await req.clone().json())
    return globalThis.__poixInProcessApi!(req)
  })
})

const rowOf = (list: HTMLElement, i: number) => list.querySelector<HTMLElement>(`[data-index="${i}"]`)!
const codesBeside = (list: HTMLElement, i: number) =>
  [...rowOf(list, i).querySelectorAll('[data-testid="cue-code-marks"] [data-code]')].map((m) =>
    m.getAttribute('data-code'),
  )

describe('coding in the caption studio', { timeout: 90_000 }, () => {
  it('selects three cues with Shift+ArrowDown, applies code 1 by its number, marks the scrubber and the margin, lists it', async () => {
    const { collection, codes } = await codedCollection(
      'Studio coding',
      ['dQw4w9WgXcQ'],
      [
        { name: 'nostalgia', color: '#e15759' },
        { name: 'humour', color: '#4e79a7' },
      ],
    )
    const { user } = renderRoute(videosRoutes, {
      at: `/videos/dQw4w9WgXcQ?mode=default&collection=${collection.id}`,
    })
    const list = await screen.findByRole('list', { name: 'Transcript cues' }, slow)
    await waitFor(() => expect(rowOf(list, 3)).toBeTruthy(), slow)
    const panel = screen.getByTestId('studio-coding')
    expect(await within(panel).findByRole('checkbox', { name: /nostalgia/ }, slow)).toBeTruthy()
    expect(within(panel).getByTestId('coder-name').textContent).toMatch(/Coding as Ann Coder/)

    // A digit with nothing selected applies nothing.
    const first = within(rowOf(list, 0)).getByRole('button', { name: /^Seek to/ })
    first.focus()
    await user.keyboard('1')
    expect(posted).toEqual([])

    // ↓ and ↑ move between cues without selecting.
    const seekOf = (i: number) => within(rowOf(list, i)).getByRole('button', { name: /^Seek to/ })
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(seekOf(1))
    await user.keyboard('{ArrowUp}')
    expect(document.activeElement).toBe(first)
    expect(list.querySelector('[data-selected]')).toBeNull()

    await user.keyboard('{Shift>}{ArrowDown}{ArrowDown}{/Shift}')
    expect(screen.getByTestId('coding-selection').textContent).toMatch(/^3 cues selected/)
    expect([0, 1, 2, 3].map((i) => rowOf(list, i).hasAttribute('data-selected'))).toEqual([
      true,
      true,
      true,
      false,
    ])
    // Focus followed the selection's moving end.
    expect(document.activeElement).toBe(within(rowOf(list, 2)).getByRole('button', { name: /^Seek to/ }))

    await user.keyboard('1')
    await waitFor(() => expect(panel.textContent).toMatch(/Coded 3 cues as nostalgia\./), slow)
    expect(posted).toHaveLength(1)
    expect(posted[0]).toMatchObject({
      codeIds: [codes[0]!.id],
      coder: 'Ann Coder',
      segment: { kind: 'cues', videoId: 'dQw4w9WgXcQ' },
    })
    // The selection is cleared once coded.
    expect(screen.getByTestId('coding-selection').textContent).toMatch(/^No cues selected/)

    await waitFor(() => expect(codesBeside(list, 0)).toEqual(['nostalgia']), slow)
    expect([1, 2, 3].map((i) => codesBeside(list, i))).toEqual([['nostalgia'], ['nostalgia'], []])
    const scrubber = screen.getByTestId('scrubber-coding-marks')
    const marks = scrubber.querySelectorAll('[data-code="nostalgia"]')
    expect(marks).toHaveLength(1)
    expect((marks[0] as HTMLElement).style.backgroundColor).toBe('rgb(225, 87, 89)')
    expect(
      screen.getByRole('slider', { name: 'Playback position' }).getAttribute('aria-describedby'),
    ).toBeTruthy()

    // The function resolved the same three cues of the collected track.
    const stored = CodingList.parse(await (await fetch(`/api/collections/${collection.id}/codings`)).json())
    expect(stored.codings).toHaveLength(1)
    const seg = stored.codings[0]!.segment
    expect(seg.kind === 'cues' && [seg.firstSeq, seg.lastSeq]).toEqual([0, 2])
    expect(seg.text.length).toBeGreaterThan(0)

    // The coded-segments list has it under its code; jumping seeks the transcript clock there.
    const group = await within(panel).findByRole('region', { name: 'nostalgia: 1 coded segment' }, slow)
    const jump = within(group).getByRole('button', { name: /^Jump to / })
    await user.click(jump)
    expect(screen.getByTestId('playback-time').textContent).toMatch(/^0:00 \//)
  })

  it('Shift+click extends a clicked cue; digits typed in the memo are text; several ticked codes apply at once', async () => {
    const { collection } = await codedCollection(
      'Studio click',
      ['dQw4w9WgXcQ'],
      [
        { name: 'alpha', color: '#59a14f' },
        { name: 'beta', color: '#b07aa1' },
      ],
    )
    const { user } = renderRoute(videosRoutes, {
      at: `/videos/dQw4w9WgXcQ?mode=default&collection=${collection.id}`,
    })
    const list = await screen.findByRole('list', { name: 'Transcript cues' }, slow)
    const panel = screen.getByTestId('studio-coding')
    await within(panel).findByRole('checkbox', { name: /alpha/ }, slow)
    await waitFor(() => expect(rowOf(list, 5)).toBeTruthy(), slow)
    await user.click(rowOf(list, 3))
    await user.keyboard('{Shift>}')
    await user.click(rowOf(list, 5))
    await user.keyboard('{/Shift}')
    expect(screen.getByTestId('coding-selection').textContent).toMatch(/^3 cues selected/)
    expect([2, 3, 4, 5, 6].map((i) => rowOf(list, i).hasAttribute('data-selected'))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ])

    await user.type(within(panel).getByRole('textbox', { name: /Memo/ }), 'seen in 1987')
    expect(posted).toEqual([])
    await user.click(within(panel).getByRole('checkbox', { name: /alpha/ }))
    await user.click(within(panel).getByRole('checkbox', { name: /beta/ }))
    await user.click(within(panel).getByRole('button', { name: 'Apply 2 codes to 3 cues' }))
    await waitFor(() => expect(codesBeside(list, 4).sort()).toEqual(['alpha', 'beta']), slow)
    expect(posted).toEqual([expect.objectContaining({ memo: 'seen in 1987' })])
    expect(codesBeside(list, 2)).toEqual([])
    expect(within(panel).getAllByText('seen in 1987')).toHaveLength(2)
  })

  it('the studio header points to the coding panel: the link, pressed by keyboard, brings the focus into it', async () => {
    const { collection } = await codedCollection(
      'Studio pointer',
      ['dQw4w9WgXcQ'],
      [{ name: 'gamma', color: '#59a14f' }],
    )
    const { user } = renderRoute(videosRoutes, {
      at: `/videos/dQw4w9WgXcQ?collection=${collection.id}`,
    })
    await screen.findByRole('list', { name: 'Transcript cues' }, slow)
    const header = screen.getByRole('heading', { level: 1, name: /Captions of/ }).closest('header')!
    const link = await within(header).findByRole('link', { name: /Code this video/ }, slow)
    const panel = screen.getByTestId('studio-coding')
    expect(link.getAttribute('href')).toBe(`#${panel.id}`)
    link.focus()
    await user.keyboard('{Enter}')
    expect(panel.contains(document.activeElement)).toBe(true)
  })
})
