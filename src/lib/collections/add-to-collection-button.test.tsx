// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { CollectionDetail } from '#contract/collections.ts'
import { renderRoute } from '#testing/render-route.tsx'
import { AddToCollectionButton } from './add-to-collection-button.tsx'
import { videoMetaOf } from './video-meta.ts'

const VIDEOS = [
  {
    videoId: 'dQw4w9WgXcQ',
    title: 'Never &amp; Gonna',
    channelId: 'UCuAXFkgsw1L7xaCfnd5JJOw',
    channelTitle: 'Rick',
    publishedAt: '2009-10-25T06:57:33Z',
  },
  { videoId: 'aaaaaaaaaa1', title: 'Second', channelId: null, channelTitle: null, publishedAt: null },
]
const FOUND_BY = {
  kind: 'search' as const,
  label: 'Location search: 5 km of 1, 2',
  query: { q: 'x' },
  url: '/search?q=x',
}

async function detail(id: string) {
  return CollectionDetail.parse(await (await fetch(`/api/collections/${id}`)).json())
}

describe('AddToCollectionButton against the real function', () => {
  it('adds all shown to a new collection with their metadata and provenance, then to it again without doubles', async () => {
    const { user } = renderRoute(
      <>
        <AddToCollectionButton
          videos={VIDEOS.map(videoMetaOf)}
          foundBy={FOUND_BY}
          label="Add all 2 shown to a collection"
        />
        <AddToCollectionButton
          videos={[VIDEOS[0]!, { videoId: 'aaaaaaaaaa2' }]}
          foundBy={{ kind: 'popular', label: 'Popular videos', url: '/popular' }}
          label="Add to collection"
          accessibleName="Add “Never” to a collection"
        />
      </>,
    )
    await user.click(screen.getByRole('button', { name: 'Add all 2 shown to a collection' }))
    const form = screen.getByRole('form', { name: 'Add all 2 shown to a collection' })
    // No name: said, nothing sent.
    await user.click(within(form).getByRole('button', { name: 'Add 2 videos' }))
    expect(within(form).getByRole('alert').textContent).toBe('Name the new collection.')
    await user.type(within(form).getByLabelText('Name of the new collection'), 'Metro corpus')
    await user.click(within(form).getByRole('button', { name: 'Add 2 videos' }))
    const status = await screen.findByRole('status', {}, { timeout: 10_000 })
    expect(status.textContent).toBe('Added 2 to Metro corpus.')
    const id = within(status)
      .getByRole('link', { name: 'Metro corpus' })
      .getAttribute('href')!
      .split('/')
      .pop()!

    const d = await detail(id)
    expect(d.videos.map((v) => [v.videoId, v.title, v.channelTitle, v.publishedAt])).toEqual([
      ['dQw4w9WgXcQ', 'Never & Gonna', 'Rick', '2009-10-25T06:57:33Z'],
      ['aaaaaaaaaa1', 'Second', null, null],
    ])
    expect(d.videos[0]!.foundBy).toMatchObject([
      { kind: 'search', label: FOUND_BY.label, url: '/search?q=x', query: { q: 'x' } },
    ])

    // The other button: the new collection is offered; one of its two videos is already there.
    await user.click(screen.getByRole('button', { name: 'Add “Never” to a collection' }))
    const second = screen.getByRole('form', { name: 'Add “Never” to a collection' })
    const select = await within(second).findByRole(
      'option',
      { name: 'Metro corpus (2)' },
      { timeout: 10_000 },
    )
    await user.selectOptions(within(second).getByLabelText('Collection'), select)
    await user.click(within(second).getByRole('button', { name: 'Add 2 videos' }))
    expect(
      (await screen.findByText(/^Added 1 \(1 already there\) to/, {}, { timeout: 10_000 })).textContent,
    ).toBe('Added 1 (1 already there) to Metro corpus.')
    const after = await detail(id)
    expect(after.videoCount).toBe(3)
    expect(after.videos[0]!.foundBy.map((f) => f.kind)).toEqual(['search', 'popular'])
  })
})
