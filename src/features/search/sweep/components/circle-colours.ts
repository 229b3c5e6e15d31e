/** The sweep map's colours: the outline says a circle's state, the fill how many videos it found (the legend shows both). */
import type { CircleState } from '../hooks/use-sweep-run.ts'

export const STATE_COLOURS: Record<CircleState, string> = {
  queued: '#64748b',
  running: '#0369a1',
  done: '#15803d',
  stopped: '#b45309',
  failed: '#b91c1c',
}

export const STATE_LABELS: Record<CircleState, string> = {
  queued: 'queued',
  running: 'running',
  done: 'done',
  stopped: 'stopped',
  failed: 'failed',
}

/** Found-count bins, light to dark: `from` is the smallest count of each. */
export const FOUND_BINS = [
  { from: 0, colour: '#f5f3ff', label: '0' },
  { from: 1, colour: '#ddd6fe', label: '1–9' },
  { from: 10, colour: '#a78bfa', label: '10–49' },
  { from: 50, colour: '#7c3aed', label: '50–199' },
  { from: 200, colour: '#4c1d95', label: '200 or more' },
] as const

export function foundColour(found: number): string {
  let colour: string = FOUND_BINS[0].colour
  for (const bin of FOUND_BINS) if (found >= bin.from) colour = bin.colour
  return colour
}
