import { useMemo } from 'react'
import type { Circle } from '#lib/area/area-types.ts'
import type { CircleView } from '../components/sweep-map.tsx'
import { mergeSweep } from '../lib/merge-sweep.ts'
import type { SweepRun } from './use-sweep-run.ts'

/** The run's pages merged into one list, and each circle with its state and what it found. */
export function useCircleViews(circles: readonly Circle[], run: SweepRun) {
  const merged = useMemo(
    () => (run.progress ? mergeSweep(circles, run.progress) : undefined),
    [circles, run.progress],
  )
  const views = useMemo<CircleView[]>(
    () =>
      circles.map((c) => {
        const counts = run.progress?.circles[c.id]?.pagesDone ? merged?.perCircle[c.id] : undefined
        return { ...c, state: run.circleState(c.id), ...(counts ?? {}) }
      }),
    [circles, run, merged],
  )
  return { merged, views }
}
