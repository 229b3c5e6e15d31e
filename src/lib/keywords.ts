/**
 * Space-separated keywords where `"quoted phrases"` stay whole (the platform's channel keywords).
 * An unclosed quote keeps the rest of the text as one phrase; duplicates are dropped, order is kept.
 */
export function parseKeywords(text: string | undefined): string[] {
  if (!text) return []
  const found: string[] = []
  const re = /"([^"]*)"?|(\S+)/g
  for (const m of text.matchAll(re)) {
    const word = (m[1] ?? m[2] ?? '').replace(/\s+/g, ' ').trim()
    if (word && !found.includes(word)) found.push(word)
  }
  return found
}
