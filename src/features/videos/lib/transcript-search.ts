/** Finds a phrase in the transcript: case-insensitive, any run of spaces matches any whitespace. */

export type TranscriptMatch = { cueIndex: number; start: number; end: number; time: number }

/** Past this many matches the list stops growing; the count says so. */
const MAX_MATCHES = 5000

function phrasePattern(query: string): RegExp | undefined {
  const words = query.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return undefined
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(escaped.join('\\s+'), 'giu')
}

export function searchTranscript(
  cues: readonly { text: string; start: number }[],
  query: string,
  limit = MAX_MATCHES,
): { matches: TranscriptMatch[]; truncated: boolean } {
  const re = phrasePattern(query)
  const matches: TranscriptMatch[] = []
  if (!re) return { matches, truncated: false }
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i]!
    for (const m of cue.text.matchAll(re)) {
      if (matches.length >= limit) return { matches, truncated: true }
      matches.push({ cueIndex: i, start: m.index, end: m.index + m[0].length, time: cue.start })
    }
  }
  return { matches, truncated: false }
}

/** Steps through matches in a ring: after the last comes the first. */
export function stepMatch(current: number, count: number, direction: 1 | -1): number {
  if (count === 0) return -1
  if (current < 0) return direction === 1 ? 0 : count - 1
  return (current + direction + count) % count
}

/** The first match at or after `time`, so "next" continues from where the reader is. */
export function firstMatchFrom(matches: readonly TranscriptMatch[], time: number): number {
  let lo = 0
  let hi = matches.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (matches[mid]!.time < time) lo = mid + 1
    else hi = mid
  }
  return lo < matches.length ? lo : matches.length > 0 ? 0 : -1
}

/** Where to draw match ticks on a scrubber: one per occupied bucket, as fractions of the duration. */
export function matchMarks(matches: readonly TranscriptMatch[], duration: number, buckets = 400): number[] {
  if (duration <= 0) return []
  const seen = new Set<number>()
  for (const m of matches)
    seen.add(Math.min(buckets - 1, Math.max(0, Math.floor((m.time / duration) * buckets))))
  return [...seen].sort((a, b) => a - b).map((b) => (b + 0.5) / buckets)
}
