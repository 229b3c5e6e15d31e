/** Starts, follows and stops one bulk download at a time; leaving the view stops it. */
import { useCallback, useEffect, useRef, useState } from 'react'
import { errorMessage } from '#lib/api-client.ts'
import type * as ArchiveRun from '#lib/caption-archive/archive-run.ts'
import { emptyProgress, type BulkProgress } from '#lib/caption-archive/progress.ts'
import type { BulkManifest } from '#lib/caption-archive/manifest.ts'
import type { BulkPlan, BulkSelection } from '#lib/caption-archive/plan.ts'
import { bulkZipName, chooseSaveTarget, saveZip, type SaveMethod } from '#lib/caption-archive/save-zip.ts'

type ArchivePipeline = typeof ArchiveRun

export type BulkRunState =
  | { phase: 'idle' }
  | { phase: 'running'; progress: BulkProgress; fileName: string; method: SaveMethod; stopping: boolean }
  | {
      phase: 'finished'
      progress: BulkProgress
      fileName: string
      method: SaveMethod
      manifest: BulkManifest
    }
  | { phase: 'failed'; progress: BulkProgress | undefined; message: string }

/** `viewUrl`: the dashboard URL that reproduces the selection, recorded in the manifest. */
export type StartInput = {
  plan: BulkPlan
  selection: BulkSelection
  concurrency: number
  method: SaveMethod
  viewUrl: string
}

export function useBulkRun() {
  const [state, setState] = useState<BulkRunState>({ phase: 'idle' })
  const controllerRef = useRef<AbortController | null>(null)
  const latestProgress = useRef<BulkProgress | undefined>(undefined)

  useEffect(
    () => () => controllerRef.current?.abort(new DOMException('The bulk view was closed.', 'AbortError')),
    [],
  )

  const running = state.phase === 'running'
  useEffect(() => {
    if (!running) return
    // Closing the tab mid-run would lose the ZIP: the browser asks first.
    const warn = (e: BeforeUnloadEvent) => e.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [running])

  const start = useCallback(async ({ plan, selection, concurrency, method, viewUrl }: StartInput) => {
    if (controllerRef.current) return
    const fileName = bulkZipName(new Date())
    let target
    try {
      // First, while the click still counts as the researcher's gesture (the file picker requires it).
      target = await chooseSaveTarget(method, fileName)
    } catch (e) {
      setState({
        phase: 'failed',
        progress: undefined,
        message: `Could not open the file to save to: ${errorMessage(e)}`,
      })
      return
    }
    if (!target) return // the picker was cancelled: nothing paid
    const controller = new AbortController()
    controllerRef.current = controller
    latestProgress.current = emptyProgress(plan.jobs.length)
    setState({
      phase: 'running',
      progress: latestProgress.current,
      fileName,
      method: target.kind,
      stopping: false,
    })
    let pipeline: ArchivePipeline
    try {
      // The pipeline (and client-zip) loads when a run starts, not with the view.
      pipeline = await import('#lib/caption-archive/archive-run.ts')
    } catch (e) {
      controllerRef.current = null
      setState({
        phase: 'failed',
        progress: undefined,
        message: `The download code could not load: ${errorMessage(e)}`,
      })
      return
    }
    const run = pipeline.startBulkRun({
      plan,
      selection,
      concurrency,
      viewUrl,
      signal: controller.signal,
      onProgress: (progress) => {
        latestProgress.current = progress
        setState((s) => (s.phase === 'running' ? { ...s, progress } : s))
      },
    })
    try {
      const [, manifest] = await Promise.all([saveZip(run.zip, target), run.manifest])
      setState({
        phase: 'finished',
        progress: latestProgress.current,
        fileName,
        method: target.kind,
        manifest,
      })
    } catch (e) {
      controller.abort(e)
      setState({
        phase: 'failed',
        progress: latestProgress.current,
        message: `The ZIP could not be written: ${errorMessage(e)}`,
      })
    } finally {
      controllerRef.current = null
    }
  }, [])

  const stop = useCallback(() => {
    controllerRef.current?.abort(new DOMException('Stopped by the researcher.', 'AbortError'))
    setState((s) => (s.phase === 'running' ? { ...s, stopping: true } : s))
  }, [])

  return { state, start, stop }
}
