/**
 * The caption track checked exactly as the contract's `CaptionItems` checks it, in one pass over plain
 * properties. The site's CSP forbids `new Function`, so zod runs its interpreted object parser: about 30–50 ms
 * for a 10,000-cue track in Chromium, before the transcript can render. A track that fails the check goes
 * through zod itself, so its error names the first bad item in zod's words. caption-items.test.ts holds the two
 * to the same verdict on generated input.
 */
import { CaptionItems, type CaptionItem } from '#contract/index.ts'
import type { ResponseSchema } from '#lib/paid-fetch.ts'

/** z.number(): finite numbers only. */
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)

function isCaptionItem(v: unknown): boolean {
  // z.looseObject: a non-array object; `in` and a plain read, as zod's parser does; extra keys pass through.
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false
  const o = v as Record<string, unknown>
  return (
    typeof o.text === 'string' &&
    isNumber(o.offset) &&
    isNumber(o.duration) &&
    typeof o.lang === 'string' &&
    Number.isSafeInteger(o.wordCount) && // z.number().int()
    isNumber(o.speechRate)
  )
}

/** `CaptionItems`, fast on a valid track; an invalid one gets zod's verdict and message. */
export const CaptionTrackItems: ResponseSchema<CaptionItem[]> = {
  safeParse(value: unknown) {
    if (Array.isArray(value) && value.every(isCaptionItem))
      return { success: true, data: value as CaptionItem[] }
    return CaptionItems.safeParse(value)
  },
}
