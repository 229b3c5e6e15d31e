/** The `hl` codes with readable names in the reader's language (Intl.DisplayNames), sorted by name. */
import { HL_CODES, type HlCode } from '#contract/index.ts'

export type HlOption = { code: HlCode; name: string }

function displayNames(): Intl.DisplayNames | undefined {
  try {
    return new Intl.DisplayNames(undefined, { type: 'language' })
  } catch {
    return undefined
  }
}

export function hlName(code: string, names: Intl.DisplayNames | null = displayNames() ?? null): string {
  try {
    const name = names?.of(code)
    return name && name !== code ? name : code
  } catch {
    return code
  }
}

export function hlOptions(): HlOption[] {
  const names = displayNames() ?? null
  return HL_CODES.map((code) => ({ code, name: hlName(code, names) })).sort((a, b) =>
    a.name.localeCompare(b.name),
  )
}

export function countryName(code: string | undefined): string | undefined {
  if (!code) return undefined
  try {
    return new Intl.DisplayNames(undefined, { type: 'region' }).of(code.toUpperCase()) ?? code
  } catch {
    return code
  }
}
