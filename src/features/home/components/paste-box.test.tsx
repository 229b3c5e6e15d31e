// @vitest-environment jsdom
/** The home page's paste box: a pasted video can go into a collection; the button's code loads once one is pasted. */
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { CollectionDetail } from '#contract/collections.ts'
import { renderRoute } from '#testing/render-route.tsx'
import { PasteBox } from './paste-box.tsx'

const ADD = 'Add this video to a collection'

describe('PasteBox against the real function', () => {
  it('offers no collection for what is not a video, and adds a pasted video with its provenance', async () => {
    const { user } = renderRoute(<PasteBox />)
    const box = screen.getByLabelText('Paste anything')
    await user.type(box, '@rickastleyyt')
    expect(screen.queryByRole('button', { name: ADD })).toBeNull()

    await user.clear(box)
    await user.type(box, 'https://youtu.be/dQw4w9WgXcQ')
    await user.click(await screen.findByRole('button', { name: ADD }, { timeout: 10_000 }))
    const form = screen.getByRole('form', { name: ADD })
    await user.type(within(form).getByLabelText('Name of the new collection'), 'Pasted')
    await user.click(within(form).getByRole('button', { name: 'Add video' }))
    const status = await screen.findByRole('status', {}, { timeout: 10_000 })
    expect(status.textContent).toBe('Added 1 to Pasted.')
    const id = within(status).getByRole('link', { name: 'Pasted' }).getAttribute('href')!.split('/').pop()!
    const detail = CollectionDetail.parse(await (await fetch(`/api/collections/${id}`)).json())
    expect(detail.videos.map((v) => v.videoId)).toEqual(['dQw4w9WgXcQ'])
    expect(detail.videos[0]!.foundBy).toMatchObject([
      { kind: 'paste', label: 'Pasted on the home page', url: '/' },
    ])
  })
})
