// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { appRoutes, renderRoute } from '#testing/render-route.tsx'

const routes = await appRoutes('collections')

describe('CollectionsView against the real function', () => {
  it('names what is wrong in the form, creates a collection and opens it, then lists it', async () => {
    const { user, router } = renderRoute(routes, { at: '/collections' })
    const form = await screen.findByRole('form', { name: 'New collection' }, { timeout: 10_000 })
    await waitFor(() => expect(document.title).toMatch(/^Collections — /))
    await user.type(within(form).getByLabelText(/^Caption language/), 'english!')
    await user.click(within(form).getByRole('button', { name: 'Create collection' }))
    const name = within(form).getByLabelText('Name')
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(within(form).getByText('A collection needs a name.')).toBeTruthy()
    expect(within(form).getByText('Use a language code such as en, en-GB or es-419.')).toBeTruthy()

    await user.type(name, 'Metro mentions')
    await user.type(within(form).getByLabelText('Description'), 'Videos around the new metro line')
    const lang = within(form).getByLabelText(/^Caption language/)
    await user.clear(lang)
    await user.type(lang, 'es')
    await user.selectOptions(within(form).getByLabelText('Caption mode'), 'fallback-whisper')
    await user.click(within(form).getByRole('button', { name: 'Create collection' }))
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/collections\/c_[A-Za-z0-9_-]+$/), {
      timeout: 10_000,
    })
    const summary = await screen.findByTestId('collection-summary', {}, { timeout: 10_000 })
    expect(summary.textContent).toMatch(
      /^0 videos · 0 of 0 tracks collected · captions es \(fallback-whisper\) · cost so far \$0$/,
    )

    await router.navigate('/collections')
    const table = await screen.findByRole('table', { name: 'Collections, newest first' }, { timeout: 10_000 })
    const row = within(table).getByRole('row', { name: /Metro mentions/ })
    expect(within(row).getByRole('link', { name: 'Metro mentions' }).getAttribute('href')).toMatch(
      /^\/collections\/c_/,
    )
    expect(row.textContent).toContain('Videos around the new metro line')
    expect(row.textContent).toContain('0 / 0')
  })
})
