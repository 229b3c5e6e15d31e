// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useQuery } from '@tanstack/react-query'
import { Outlet, useLocation } from 'react-router'
import { z } from 'zod'
import { getJson } from '#lib/api-client.ts'
import { jsonResponse, stubApi } from '#testing/api-stub.ts'
import { renderRoute } from '#testing/render-route.tsx'
import { SignInGate } from './components/sign-in-gate.tsx'
import { SignOutButton } from './components/sign-out-button.tsx'
import { safeReturnPath } from '#lib/urls/sign-in.ts'
import { SignInView } from './sign-in-view.tsx'

/** A protected function in miniature: password "right", three wrong guesses then 429, /api/thing needs the session. */
function protectedApi() {
  const state = { signedIn: false, wrong: 0, thingCalls: 0 }
  const unauthorized = () => jsonResponse({ error: { code: 'unauthorized', message: 'Sign in first.' } }, 401)
  stubApi(async (req) => {
    const path = new URL(req.url).pathname
    if (path === '/api/session' && req.method === 'GET')
      return jsonResponse({ signInRequired: true, signedIn: state.signedIn })
    if (path === '/api/session' && req.method === 'POST') {
      const { password } = (await req.json()) as { password: string }
      if (state.wrong >= 3)
        return jsonResponse(
          { error: { code: 'rate_limited', message: 'Too many.', retryAfterSeconds: 30 } },
          429,
          { 'Retry-After': '30' },
        )
      if (password !== 'right') {
        state.wrong++
        return jsonResponse(
          { error: { code: 'unauthorized', message: 'Wrong password.', param: 'password' } },
          401,
        )
      }
      state.signedIn = true
      return jsonResponse({ signInRequired: true, signedIn: true })
    }
    if (path === '/api/thing') {
      state.thingCalls++
      return state.signedIn ? jsonResponse({ answer: 42 }) : unauthorized()
    }
    return jsonResponse({ error: { code: 'not_found', message: path } }, 404)
  })
  return state
}

function Thing() {
  const location = useLocation()
  const { data } = useQuery({
    queryKey: ['thing'],
    queryFn: () => getJson('/api/thing', {}, z.object({ answer: z.number() })),
  })
  return (
    <p>
      Thing view at {location.pathname + location.search}: {data?.answer ?? 'loading'}
    </p>
  )
}

function SignInRoute() {
  const location = useLocation()
  return <SignInView returnTo={safeReturnPath(new URLSearchParams(location.search).get('next'))} />
}

function renderApp(at: string) {
  return renderRoute(
    [
      {
        path: '/',
        element: (
          <>
            <SignOutButton />
            <SignInGate>
              <Outlet />
            </SignInGate>
          </>
        ),
        children: [
          { path: 'thing', element: <Thing /> },
          { path: 'sign-in', element: <SignInRoute /> },
        ],
      },
    ],
    { at },
  )
}

describe('sign-in', () => {
  it('asks for the password before showing a view, refuses a wrong one, and returns to the view after the right one', async () => {
    const api = protectedApi()
    const { router } = renderApp('/thing?x=1')
    const password = await screen.findByLabelText('Password')
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/sign-in?next=%2Fthing%3Fx%3D1',
    )
    // The view never asked for its data while signed out.
    expect(api.thingCalls).toBe(0)

    await userEvent.type(password, 'wrong')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Wrong password/)
    expect(password.getAttribute('aria-invalid')).toBe('true')

    await userEvent.clear(password)
    await userEvent.type(password, 'right')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Thing view at /thing?x=1: 42')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy()
  })

  it('says how long to wait when attempts are rate-limited, with the button disabled', async () => {
    const api = protectedApi()
    api.wrong = 3
    renderApp('/sign-in')
    await userEvent.type(await screen.findByLabelText('Password'), 'right')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many sign-in attempts. Wait 30 seconds, then try again.',
    )
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('an empty password is refused before anything is sent', async () => {
    protectedApi()
    renderApp('/sign-in')
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the dashboard password.')
  })

  it('a 401 from any query (session expired) sends the researcher to sign in', async () => {
    const api = protectedApi()
    api.signedIn = true
    const { router, queryClient } = renderApp('/thing?x=1')
    expect(await screen.findByText('Thing view at /thing?x=1: 42')).toBeTruthy()
    api.signedIn = false
    // The next request is refused: the gate re-asks /api/session and redirects.
    await queryClient.refetchQueries({ queryKey: ['thing'] })
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'))
    expect(router.state.location.search).toBe('?next=%2Fthing%3Fx%3D1')
  })
})
