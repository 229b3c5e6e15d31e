/** A run of selected cues in the caption studio: an anchor (where it started) and a focus (the end that moves). */

export type CueSelection = { anchor: number; focus: number }

/** The first and last selected cue indices, in order. */
export function selectionBounds(s: CueSelection): [first: number, last: number] {
  return s.anchor <= s.focus ? [s.anchor, s.focus] : [s.focus, s.anchor]
}

export function selectionSize(s: CueSelection | undefined): number {
  if (!s) return 0
  const [a, b] = selectionBounds(s)
  return b - a + 1
}

export function isSelected(s: CueSelection | undefined, index: number): boolean {
  if (!s) return false
  const [a, b] = selectionBounds(s)
  return index >= a && index <= b
}

/** A click selects its cue; Shift+click extends from the anchor there. */
export function clickSelect(s: CueSelection | undefined, index: number, shift: boolean): CueSelection {
  return shift && s ? { anchor: s.anchor, focus: index } : { anchor: index, focus: index }
}

/**
 * Shift+ArrowUp/Down on the focused cue: extends the selection from its anchor by one cue, or starts one at the
 * focused cue when the selection is elsewhere. Returns the selection and the cue to focus next.
 */
export function shiftArrowSelect(
  s: CueSelection | undefined,
  focused: number,
  direction: 1 | -1,
  count: number,
): { selection: CueSelection; focus: number } {
  const next = Math.max(0, Math.min(count - 1, focused + direction))
  const anchor = s && s.focus === focused ? s.anchor : focused
  return { selection: { anchor, focus: next }, focus: next }
}

/** The code number a key applies ('1'…'9' → 1…9), or undefined. */
export function codeNumberOfKey(key: string): number | undefined {
  return /^[1-9]$/.test(key) ? Number(key) : undefined
}

type TimedCue = { start: number; end: number }

/**
 * The seconds the function resolves against the collected track: from the first cue's start to the last cue's end.
 * A zero-length last cue still ends after its own start, so it lies inside [start, end).
 */
export function selectionSeconds(cues: readonly TimedCue[], s: CueSelection): { start: number; end: number } {
  const [a, b] = selectionBounds(s)
  const first = cues[a]!
  const last = cues[b]!
  return { start: first.start, end: Math.max(last.end, last.start + 0.001) }
}
