/**
 * The name each coding records as its coder (the dashboard has no accounts beyond the shared password): set once in
 * this browser, kept in localStorage, read by every view that codes.
 */
import { useCallback } from 'react'
import { CODER_NAME_KEY, CODING_LIMITS } from '#contract/coding.ts'
import { storedSetting } from '../stored-setting.ts'

export { CODER_NAME_KEY }
export const CODER_NAME_MAX = CODING_LIMITS.coderMax

/** A usable name: 1-100 characters once trimmed; anything else is undefined. */
export function cleanCoderName(raw: string | null | undefined): string | undefined {
  const name = raw?.trim() ?? ''
  return name.length >= 1 && name.length <= CODER_NAME_MAX ? name : undefined
}

/** Why a typed name cannot be used, or undefined when it can. */
export function coderNameProblem(raw: string): string | undefined {
  const name = raw.trim()
  if (name === '') return 'Type the name your codings should carry.'
  if (name.length > CODER_NAME_MAX)
    return `A name is at most ${CODER_NAME_MAX} characters (this one has ${name.length}).`
  return undefined
}

const setting = storedSetting<string | null>(
  CODER_NAME_KEY,
  (raw) => cleanCoderName(raw) ?? null,
  (name) => name,
)

export const writeCoderName = (raw: string): void => setting.write(cleanCoderName(raw) ?? null)

/** [the coder's name (null until set), its setter]. */
export function useCoderName(): [string | null, (name: string) => void] {
  return [setting.useValue(), useCallback((name: string) => writeCoderName(name), [])]
}
