import { describe, expect, it } from 'vitest'
import { ApiFailure } from '../errors.ts'
import { refusal } from './priced-failure.ts'
import { createFlights } from './single-flight.ts'

describe('the flight table', () => {
  it('joiners are counted and answered like hits once the leader shares its answer; then the flight is closed', async () => {
    const flights = createFlights()
    const flight = flights.lead('k')
    const joiners = [flights.join('k'), flights.join('k')]
    expect(flight.joined).toBe(2)
    expect(flights.inFlight()).toEqual([{ joined: 2 }])
    flight.share({ answer: { body: 'b', contentType: 'text/plain' } })
    expect(flights.isOpen('k')).toBe(false)
    expect(await Promise.all(joiners)).toEqual([
      { body: 'b', contentType: 'text/plain', costUsd: 0, cache: 'HIT' },
      { body: 'b', contentType: 'text/plain', costUsd: 0, cache: 'HIT' },
    ])
  })

  it("a refusal is shared with the joiners; any other error of the leader's sends them back to walk again", async () => {
    const flights = createFlights()
    const refused = flights.lead('k')
    const joiner = flights.join('k')
    refused.fail(refusal(new ApiFailure(402, 'budget_exhausted', 'cap')))
    await expect(joiner).rejects.toMatchObject({ code: 'budget_exhausted', costUsd: 0, cache: undefined })

    const own = flights.lead('k')
    const again = flights.join('k')
    own.fail(new ApiFailure(429, 'rate_limited', 'this client only'))
    expect(await again).toBeUndefined()
  })

  it('landing closes only its own flight, and changes nothing once the outcome is shared', async () => {
    const flights = createFlights()
    const first = flights.lead('k')
    const joiner = flights.join('k')
    first.share({ answer: { body: 'b', contentType: 'text/plain' } })
    const second = flights.lead('k')
    first.land()
    expect(flights.isOpen('k')).toBe(true)
    expect(await joiner).toMatchObject({ body: 'b' })
    second.land()
    expect(flights.isOpen('k')).toBe(false)
    expect(await flights.join('k')).toBeUndefined()
  })
})
