import { expect, it } from 'vitest'
import { codePointCounter } from './source-texts.ts'

it('converts UTF-16 indices to code points: pairs count once, lone halves and BMP characters once each', () => {
  const text = 'a😀b東\uD800c🏃‍♀️'
  const at = codePointCounter(text)
  // a | 😀 (2 units) | b | 東 | lone high surrogate | c | 🏃 (2) ZWJ ♀ VS16
  expect([0, 1, 3, 4, 5, 6, 7, 9, 10, 11, 12].map(at)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
  expect(at(text.length)).toBe([...text].length)
})
