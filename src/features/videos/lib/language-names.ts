/** Readable names for the service's language codes, in the reader's locale where the browser knows them. */
let names: Intl.DisplayNames | undefined
try {
  names = new Intl.DisplayNames(undefined, { type: 'language' })
} catch {
  names = undefined
}

export function languageName(code: string): string {
  try {
    const name = names?.of(code)
    return name && name !== code ? name : code
  } catch {
    return code
  }
}

const CJK = /^(zh|ja|ko|yue)(-|$)/

/** CJK text breaks between characters, not at spaces; Korean keeps words whole. */
export function isCjk(code: string): boolean {
  return CJK.test(code)
}
