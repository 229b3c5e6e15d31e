import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiFailure } from '../errors.ts'
import { checkAgainstContract, checkOutcome } from './contract-check.ts'

const answer = (body: string) => ({ status: 200, contentType: 'text/plain', body, bytes: body.length })
const search = { operation: 'GET /search' as const, schema: z.object({ data: z.array(z.string()) }) }
const vtt = { operation: 'GET /captions/{videoId}' as const, captionFormat: 'vtt' as const }

describe('checkAgainstContract', () => {
  it('returns the JSON body as sent when its schema holds', () => {
    expect(checkAgainstContract(search, '{"data":["a"],"extra":1}')).toEqual({ data: ['a'], extra: 1 })
  })

  it('refuses a body that is not JSON, and one that breaks the schema, naming where', () => {
    expect(() => checkAgainstContract(search, '{"data":')).toThrow(
      /GET \/search with a body that is not valid JSON/,
    )
    expect(() => checkAgainstContract(search, '{"data":[1]}')).toThrow(/broke the contract at data\.0/)
  })

  it('checks a caption file against the format the call names, and parses nothing', () => {
    expect(() => checkAgainstContract(vtt, '[{"text":"hi"}]')).toThrow(/format=vtt is not WebVTT: it is JSON/)
    expect(checkAgainstContract(vtt, 'WEBVTT\n')).toBeUndefined()
  })

  it('leaves a body with no contract alone', () => {
    expect(checkAgainstContract({ operation: 'GET /search' }, 'anything')).toBeUndefined()
    expect(checkAgainstContract({ operation: 'GET /search', captionFormat: 'json' }, 'x')).toBeUndefined()
  })
})

describe('checkOutcome', () => {
  it('passes a failure of the call through untouched', () => {
    const failure = new ApiFailure(504, 'upstream_timeout', 'slow')
    expect(checkOutcome(search, { failure })).toEqual({ failure })
  })

  it('turns a broken answer into the 502 failure, and a good one into the answer with its parsed body', () => {
    const bad = checkOutcome(vtt, { answer: answer('{}') })
    expect('failure' in bad && bad.failure.code).toBe('upstream_invalid')
    expect(checkOutcome(search, { answer: answer('{"data":[]}') })).toMatchObject({ json: { data: [] } })
  })

  it('a check that fails in a way nobody named is 502 upstream_error', () => {
    const throwing = {
      operation: 'GET /search' as const,
      schema: z.any().transform(() => {
        throw new Error('x')
      }),
    }
    const checked = checkOutcome(throwing, { answer: answer('{}') })
    expect('failure' in checked && checked.failure.code).toBe('upstream_error')
  })
})
