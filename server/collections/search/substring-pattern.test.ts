import { describe, expect, it } from 'vitest'
import { substringHit } from './kwic.ts'
import { caseInsensitivePattern } from './substring-pattern.ts'

describe('case-insensitive substrings without the database locale', () => {
  it('turns each cased letter into a class of its forms and escapes what the regex dialects read as syntax', () => {
    expect(caseInsensitivePattern('École?')).toBe('[Éé][cC][oO][lL][eE]\\?')
    expect(caseInsensitivePattern('a.b (c)')).toBe('[aA]\\.[bB] \\([cC]\\)')
    expect(caseInsensitivePattern('地下鉄')).toBeUndefined()
    expect(caseInsensitivePattern('3.5')).toBeUndefined()
    // ß upper-cases to two letters: it stays itself.
    expect(caseInsensitivePattern('ß')).toBeUndefined()
  })

  it('finds the hit where the SQL found the cue', () => {
    expect(substringHit('Une ÉCOLE à Paris', 'école')).toEqual({ start: 4, end: 9 })
    expect(substringHit('東京の地下鉄に', '地下鉄')).toEqual({ start: 3, end: 6 })
    expect(substringHit('price: $3.50 (ok)', '$3.50 (OK)')).toEqual({ start: 7, end: 17 })
    expect(substringHit('nothing here', 'metro')).toBeUndefined()
  })
})
