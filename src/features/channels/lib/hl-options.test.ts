import { describe, expect, it } from 'vitest'
import { HL_CODES } from '#contract/index.ts'
import { countryName, hlName, hlOptions } from './hl-options.ts'

describe('hlOptions', () => {
  it('offers every hl code once, each with a readable name', () => {
    const options = hlOptions()
    expect(options.map((o) => o.code).sort()).toEqual([...HL_CODES].sort())
    const ja = options.find((o) => o.code === 'ja')
    expect(ja?.name).toBe(new Intl.DisplayNames(undefined, { type: 'language' }).of('ja'))
    expect(ja?.name).not.toBe('ja')
  })

  it('falls back to the code when there is no name', () => {
    expect(hlName('ja', null)).toBe('ja')
    expect(countryName(undefined)).toBeUndefined()
    expect(countryName('GB')).not.toBe('GB')
  })
})
