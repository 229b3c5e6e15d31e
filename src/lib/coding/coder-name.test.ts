// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import {
  CODER_NAME_KEY,
  cleanCoderName,
  coderNameProblem,
  useCoderName,
  writeCoderName,
} from './coder-name.ts'

afterEach(() => localStorage.clear())

describe('coder name', () => {
  it('is kept in localStorage under poix.coder-name, trimmed, and every reader sees a change', () => {
    const a = renderHook(() => useCoderName())
    const b = renderHook(() => useCoderName())
    act(() => a.result.current[1]('  Ann Smith '))
    expect(localStorage.getItem(CODER_NAME_KEY)).toBe('Ann Smith')
    expect(b.result.current[0]).toBe('Ann Smith')
    act(() => writeCoderName('   '))
    expect(localStorage.getItem(CODER_NAME_KEY)).toBeNull()
    expect(a.result.current[0]).toBeNull()
  })

  it('takes 1-100 characters and says what is wrong otherwise', () => {
    expect(cleanCoderName('x'.repeat(100))).toHaveLength(100)
    expect(cleanCoderName('x'.repeat(101))).toBeUndefined()
    expect(coderNameProblem('')).toMatch(/Type the name/)
    expect(coderNameProblem('x'.repeat(101))).toMatch(/at most 100 characters \(this one has 101\)/)
    expect(coderNameProblem('Ann')).toBeUndefined()
  })
})
