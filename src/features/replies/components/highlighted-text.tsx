import { splitMatches } from '../lib/reply-search.ts'

export type HighlightedTextProps = { text: string; pattern: RegExp | undefined }

/** Text with every search match wrapped in `<mark>`. */
export function HighlightedText({ text, pattern }: HighlightedTextProps) {
  if (!pattern) return text
  return splitMatches(text, pattern).map((p, i) =>
    p.match ? (
      <mark key={i} className="rounded-sm bg-yellow-200 px-0.5 text-inherit">
        {p.text}
      </mark>
    ) : (
      <span key={i}>{p.text}</span>
    ),
  )
}
