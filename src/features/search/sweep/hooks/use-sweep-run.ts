/** Runs a sweep from the view: picks up saved progress for the sweep's key, runs, stops, resumes; never starts by itself. */
import { useCallback, useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { Circle } from '#lib/area/area-types.ts'
import { quoteQueries } from '#lib/pricing/quote-queries.ts'
import { fetchSearchPage } from '../lib/sweep-fetch.ts'
import type { SweepDepth } from '../lib/sweep-plan.ts'
import { clearProgress, loadProgress, saveProgress } from '../lib/sweep-progress-store.ts'
import { runSweep, type FetchPage, type SweepProgress, type SweepStatus } from '../lib/sweep-runner.ts'

export type RunState = 'loading' | 'idle' | 'running' | SweepStatus
export type CircleState = 'queued' | 'running' | 'done' | 'stopped' | 'failed'

export type SweepRun = {
  state: RunState
  progress: SweepProgress | undefined
  /** Saved progress found on opening (a reload or another tab): offered to resume, not run. */
  resumable: boolean
  circleState: (id: string) => CircleState
  run: () => void
  stop: () => void
  /** Forgets the saved progress (the pages stay cached by the function: running again is free for them). */
  discard: () => void
}

export type UseSweepRunArgs = {
  /** undefined while there is no valid plan. */
  sweepKey: string | undefined
  circles: readonly Circle[]
  depth: SweepDepth
  maxUsd: number
  /** Tests inject a fetch; the view uses the one paid fetch. */
  fetchPage?: FetchPage
}

export function useSweepRun({
  sweepKey,
  circles,
  depth,
  maxUsd,
  fetchPage = fetchSearchPage,
}: UseSweepRunArgs): SweepRun {
  const queryClient = useQueryClient()
  const [state, setState] = useState<RunState>('loading')
  const [progress, setProgress] = useState<SweepProgress>()
  const [resumable, setResumable] = useState(false)
  const [inFlight, setInFlight] = useState<ReadonlySet<string>>(new Set())
  const abort = useRef<AbortController>(undefined)

  useEffect(() => {
    let live = true
    abort.current?.abort()
    abort.current = undefined
    setProgress(undefined)
    setResumable(false)
    setState('loading')
    if (!sweepKey) return
    void loadProgress(sweepKey).then((saved) => {
      if (!live) return
      setProgress(saved)
      setResumable(!!saved)
      setState('idle')
    })
    return () => {
      live = false
      abort.current?.abort()
    }
  }, [sweepKey])

  const run = useCallback(() => {
    if (!sweepKey) return
    const controller = new AbortController()
    abort.current = controller
    setState('running')
    setResumable(false)
    // Which circles have a page on the way: the map and the list show them as running.
    const tracked: FetchPage = async (circle, token, signal) => {
      setInFlight((s) => new Set(s).add(circle.id))
      try {
        return await fetchPage(circle, token, signal)
      } finally {
        setInFlight((s) => {
          const next = new Set(s)
          next.delete(circle.id)
          return next
        })
      }
    }
    void runSweep({
      key: sweepKey,
      circles,
      depth,
      maxUsd,
      fetchPage: tracked,
      signal: controller.signal,
      ...(progress ? { resumeFrom: progress } : {}),
      onProgress: async (p) => {
        // A page bought is saved even when the view has moved on: it must never be bought again.
        if (abort.current === controller) setProgress(p)
        await saveProgress(p)
      },
    })
      .then((outcome) => {
        if (abort.current !== controller) return
        setProgress(outcome.progress)
        setState(outcome.status)
      })
      .catch((e: unknown) => {
        if (abort.current !== controller) return
        setState('failed')
        console.error(e)
      })
      // Pages bought are cached now: their quotes say free.
      .finally(() => void queryClient.invalidateQueries({ queryKey: quoteQueries.all() }))
  }, [sweepKey, circles, depth, maxUsd, fetchPage, progress, queryClient])

  const stop = useCallback(() => abort.current?.abort(), [])

  const discard = useCallback(() => {
    if (!sweepKey) return
    void clearProgress(sweepKey).then(() => {
      setProgress(undefined)
      setResumable(false)
      setState('idle')
    })
  }, [sweepKey])

  const circleState = useCallback(
    (id: string): CircleState => {
      const c = progress?.circles[id]
      if (inFlight.has(id)) return 'running'
      if (c?.error) return 'failed'
      if (c?.done) return 'done'
      if (c && c.pagesDone > 0) return state === 'running' ? 'queued' : 'stopped'
      return state === 'stopped' || state === 'capped' ? 'stopped' : 'queued'
    },
    [progress, inFlight, state],
  )

  return { state, progress, resumable, circleState, run, stop, discard }
}
