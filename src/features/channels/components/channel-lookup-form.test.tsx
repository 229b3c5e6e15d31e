// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { formatUsd, priceOf } from '#contract/index.ts'
import { useLocation } from 'react-router'
import { renderRoute } from '#testing/render-route.tsx'
import { ChannelLookupForm } from './channel-lookup-form.tsx'

function Where() {
  const l = useLocation()
  return <output aria-label="location">{`${l.pathname}${l.search}`}</output>
}

function setup(hl?: string) {
  const { user } = renderRoute(
    [
      { path: '/lookup', element: <ChannelLookupForm hl={hl} /> },
      { path: '*', element: <Where /> },
    ],
    { at: '/lookup' },
  )
  return { user, box: screen.getByLabelText('Channel URL, id, handle or username') }
}

const location = async () => (await screen.findByLabelText('location')).textContent

describe('ChannelLookupForm', () => {
  it('opens a channel URL at its id', async () => {
    const { user, box } = setup()
    await user.type(box, 'https://www.youtube.com/channel/UCuAXFkgsw1L7xaCfnd5JJOw{Enter}')
    expect(await location()).toBe('/channels/UCuAXFkgsw1L7xaCfnd5JJOw')
  })

  it('opens a handle typed without @, keeping the language', async () => {
    const { user, box } = setup('ja')
    await user.type(box, 'rickastleyyt')
    await user.click(screen.getByRole('button', { name: 'Open' }))
    expect(await location()).toBe('/channels/@rickastleyyt?hl=ja')
  })

  it('reads a plain name as a legacy username when asked to', async () => {
    const { user, box } = setup()
    await user.selectOptions(screen.getByLabelText('Read a plain name (no @) as'), 'username')
    await user.type(box, 'RickAstleyVEVO{Enter}')
    expect(await location()).toBe('/channels/user/RickAstleyVEVO')
  })

  it('opens a comparison for ids on several lines', async () => {
    const { user, box } = setup()
    await user.type(
      box,
      'UCuAXFkgsw1L7xaCfnd5JJOw{Shift>}{Enter}{/Shift}UCaaaaaaaaaaaaaaaaaaaaaa, UCbbbbbbbbbbbbbbbbbbbbbb{Enter}',
    )
    expect(await location()).toBe(
      '/channels?ids=UCuAXFkgsw1L7xaCfnd5JJOw,UCaaaaaaaaaaaaaaaaaaaaaa,UCbbbbbbbbbbbbbbbbbbbbbb',
    )
  })

  it('says what is wrong and stays put', async () => {
    const { user, box } = setup()
    await user.type(box, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ{Enter}')
    expect(screen.getByRole('alert').textContent).toMatch(/video link, not a channel link/)
    expect(box.getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByLabelText('location')).toBeNull()
  })

  it('offers a name typed in plain words as a handle: one press, with its price on the button', async () => {
    const { user, box } = setup()
    await user.type(box, 'rick astley{Enter}')
    const alert = screen.getByRole('alert')
    expect(alert.textContent).not.toMatch(/Compar/)
    expect(alert.textContent).toMatch(/"rick astley" is a name, not a channel id or handle/)
    const offer = screen.getByRole('button', { name: /Open @rickastley/ })
    expect(offer.textContent).toContain(formatUsd(priceOf('GET /channels')))
    await user.click(offer)
    expect(await location()).toBe('/channels/@rickastley')
  })
})
