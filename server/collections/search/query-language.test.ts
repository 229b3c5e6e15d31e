import { describe, expect, it } from 'vitest'
import { ApiFailure } from '../../errors.ts'
import { parseQuery, soundTerms, tsqueryText } from './query-language.ts'

function refusal(q: string): ApiFailure {
  try {
    parseQuery(q)
  } catch (e) {
    if (e instanceof ApiFailure) return e
    throw e
  }
  throw new Error(`${q} was accepted`)
}

describe('the corpus query language', () => {
  it('turns words, phrases, exclusions and prefixes into one tsquery', () => {
    expect(tsqueryText(parseQuery('metro'))).toBe("'metro'")
    expect(tsqueryText(parseQuery('"metro station" -bus run*'))).toBe(
      "('metro' <-> 'station') & !'bus' & 'run':*",
    )
    expect(tsqueryText(parseQuery('-"night bus" metro'))).toBe("!('night' <-> 'bus') & 'metro'")
  })

  it('quotes operands so an apostrophe or backslash cannot break out of them', () => {
    expect(tsqueryText(parseQuery("don't"))).toBe("'don''t'")
  })

  it('asks words with non-ASCII cased letters in their three usual cases, ASCII and uncased words as written', () => {
    expect(tsqueryText(parseQuery('Москва'))).toBe("('москва' | 'Москва' | 'МОСКВА')")
    expect(tsqueryText(parseQuery('éc*'))).toBe("('éc':* | 'Éc':* | 'ÉC':*)")
    expect(tsqueryText(parseQuery('Metro 地下鉄'))).toBe("'Metro' & '地下鉄'")
  })

  it('keeps sound markers apart from words', () => {
    const parsed = parseQuery('[Music] -[ Applause ] metro')
    expect(soundTerms(parsed)).toEqual({ wanted: ['music'], excluded: ['applause'] })
    expect(tsqueryText(parsed)).toBe("'metro'")
    expect(tsqueryText(parseQuery('[music]'))).toBeUndefined()
  })

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['"metro station', 'no closing quote'],
    ['""', 'empty phrase'],
    ['-metro', 'every term is excluded'],
    ['-', 'lone "-"'],
    ['met*ro', 'may only end a word'],
    ['*', 'must end a word'],
    ['metro AND (bus)', 'is not a word'],
    ['[music', 'no closing "]"'],
    ['[]', 'empty sound marker'],
    ['"metro"station', 'put a space'],
    ['x'.repeat(501), 'at most 500'],
  ])('refuses %j naming q (%s)', (q, why) => {
    const failure = refusal(q)
    expect(failure.status).toBe(400)
    expect(failure.param).toBe('q')
    expect(failure.message).toContain(why)
  })
})
