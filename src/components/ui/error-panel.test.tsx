// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { ApiError } from '#lib/paid-fetch.ts'
import { ErrorPanel } from './error-panel.tsx'

afterEach(() => vi.useRealTimers())

const retryButton = () => screen.queryByRole('button', { name: /Retry/ })
const countdown = () => screen.queryByTestId('retry-countdown')?.textContent

describe('ErrorPanel', () => {
  it('keeps its old props: a priced Retry when no error is given', () => {
    const onRetry = vi.fn()
    render(<ErrorPanel title="Failed" message="It broke." onRetry={onRetry} retryPriceUsd={0.00053} />)
    expect(retryButton()!.textContent).toContain('$0.00053')
    fireEvent.click(retryButton()!)
    expect(onRetry).toHaveBeenCalledOnce()
  })

  it('after a 429 counts down Retry-After and offers Retry only when the wait is over', () => {
    vi.useFakeTimers()
    const error = new ApiError(429, 'rate_limited', 'Too many paid requests.', undefined, 3)
    render(<ErrorPanel title="Failed" message={error.message} error={error} onRetry={() => {}} />)
    expect(countdown()).toBe('The service asked to wait: Retry is offered in 3 s.')
    expect(retryButton()).toBeNull()
    act(() => vi.advanceTimersByTime(1000))
    expect(countdown()).toContain('in 2 s')
    expect(retryButton()).toBeNull()
    act(() => vi.advanceTimersByTime(2000))
    expect(countdown()).toBeUndefined()
    expect(retryButton()).not.toBeNull()
  })

  it('counts the wait from when the failure arrived, not from when the panel appeared', () => {
    vi.useFakeTimers()
    const error = new ApiError(429, 'rate_limited', 'Slow down.', undefined, 5)
    render(
      <ErrorPanel title="Failed" message="x" error={error} failedAt={Date.now() - 3000} onRetry={() => {}} />,
    )
    expect(countdown()).toContain('in 2 s')
  })

  it.each([
    ['budget_exhausted', /BUDGET_USD/],
    ['balance_exhausted', /add funds/i],
  ])('after a 402 (%s) offers no retry, says what to do and links to Spend', (code, advice) => {
    const error = new ApiError(402, code, 'Refused.')
    render(<ErrorPanel title="Failed" message={error.message} error={error} onRetry={() => {}} />)
    expect(retryButton()).toBeNull()
    expect(screen.getByRole('alert').textContent).toMatch(advice)
    expect(screen.getByRole('link', { name: 'Spend' }).getAttribute('href')).toBe('/spend')
  })

  it.each(['upstream_invalid', 'invalid_response'])(
    'reports a contract-broken answer (%s); only a priced press retries it',
    (code) => {
      const error = new ApiError(502, code, 'Broke the contract.')
      render(
        <ErrorPanel
          title="Failed"
          message={error.message}
          error={error}
          onRetry={() => {}}
          retryPriceUsd={0.00203}
        />,
      )
      expect(screen.getByRole('alert').textContent).toMatch(/not retried by itself/)
      expect(retryButton()!.textContent).toContain('$0.00203')
    },
  )

  it('a retry the function has cached says so', () => {
    const error = new ApiError(502, 'upstream_error', 'Boom.')
    render(
      <ErrorPanel
        title="Failed"
        message={error.message}
        error={error}
        onRetry={() => {}}
        retryPriceUsd={0.00053}
        retryCached
      />,
    )
    expect(retryButton()!.textContent).toContain('cached · free')
  })
})
