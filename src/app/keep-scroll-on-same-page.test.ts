import { createMemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { keepScrollOnSamePage } from './keep-scroll-on-same-page.ts'

const routes = [{ path: '/search' }, { path: '/videos/:id' }]

describe('keepScrollOnSamePage', () => {
  it('a new page resets the scroll; the same page with another query or state keeps it', async () => {
    const router = keepScrollOnSamePage(createMemoryRouter(routes, { initialEntries: ['/search?q=a'] }))
    await router.navigate('?q=b', { replace: true })
    expect(router.state.preventScrollReset).toBe(true)
    await router.navigate({ search: '?q=c' })
    expect(router.state.preventScrollReset).toBe(true)
    await router.navigate('/search?q=d&sort=date')
    expect(router.state.preventScrollReset).toBe(true)
    await router.navigate('/videos/dQw4w9WgXcQ')
    expect(router.state.preventScrollReset).toBe(false)
    await router.navigate('/search', { preventScrollReset: true })
    expect(router.state.preventScrollReset).toBe(true)
    await router.navigate(-1)
    expect(router.state.location.pathname).toBe('/videos/dQw4w9WgXcQ')
  })
})
