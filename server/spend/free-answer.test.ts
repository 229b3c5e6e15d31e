import { describe, expect, it } from 'vitest'
import { ApiFailure } from '../errors.ts'
import { freeResult, sharedOf } from './free-answer.ts'
import { PricedFailure } from './priced-failure.ts'

const times = { storedAt: 1, expiresAt: 2 }

function thrown(f: () => unknown): unknown {
  try {
    f()
  } catch (e) {
    return e
  }
  throw new Error('nothing thrown')
}

describe('one conversion from a cache entry to a free answer', () => {
  it('an answer entry is a hit that cost nothing', () => {
    const entry = { kind: 'answer' as const, body: 'b', contentType: 'text/plain', bytes: 1, ...times }
    expect(freeResult(sharedOf(entry))).toEqual({
      body: 'b',
      contentType: 'text/plain',
      costUsd: 0,
      cache: 'HIT',
    })
  })

  it('a cached failure is thrown again as a free hit, with its status, code and parameter', () => {
    const entry = {
      kind: 'failure' as const,
      status: 404,
      code: 'captions_unavailable' as const,
      message: 'none',
      param: 'lang',
      ...times,
    }
    const failure = thrown(() => freeResult(sharedOf(entry)))
    expect(failure).toBeInstanceOf(PricedFailure)
    expect(failure).toMatchObject({
      status: 404,
      code: 'captions_unavailable',
      param: 'lang',
      costUsd: 0,
      cache: 'HIT',
    })
  })

  it('a failure no cache holds is shared without a cache state', () => {
    const shared = { failure: new ApiFailure(502, 'upstream_error', 'x'), cacheable: false }
    expect(thrown(() => freeResult(shared))).toMatchObject({ status: 502, costUsd: 0, cache: undefined })
  })
})
