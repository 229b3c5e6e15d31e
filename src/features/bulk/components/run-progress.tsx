import { formatUsd } from '#contract/index.ts'
import { Button } from '#components/ui/button.tsx'
import type { BulkRunState } from '../hooks/use-bulk-run.ts'
import type { BulkProgress } from '#lib/caption-archive/progress.ts'
import { filesNotSaved, type BulkManifest, type MissingRecord } from '#lib/caption-archive/manifest.ts'
import { cn } from '#lib/cn.ts'
import { retryAdvice } from '#lib/captions/retry-advice.ts'
import { useCountdown } from '#lib/captions/use-countdown.ts'

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

function ProgressFigures({ progress }: { progress: BulkProgress }) {
  const percent = progress.total ? Math.round((progress.settled / progress.total) * 100) : 100
  return (
    <div className="space-y-2">
      <div
        role="progressbar"
        aria-label="Bulk download progress"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.settled}
        aria-valuetext={`${progress.settled} of ${progress.total} requests done`}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-sky-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm tabular-nums" data-testid="bulk-progress">
        {progress.settled} of {progress.total} requests done · {plural(progress.files, 'file')} saved ·{' '}
        {plural(progress.missing, 'file')} not saved · {progress.inFlight} in flight
        {progress.rateLimitWaits > 0 &&
          ` · ${plural(progress.rateLimitWaits, 'wait')} for the service's rate limit`}
        {progress.retries > progress.rateLimitWaits &&
          ` · ${plural(progress.retries - progress.rateLimitWaits, 'retry', 'retries')} after a failure that was not charged`}
      </p>
      <p className="text-sm">
        Running cost:{' '}
        <strong className="tabular-nums" data-testid="bulk-running-cost">
          {formatUsd(progress.costUsd)}
        </strong>
        {progress.cacheHits > 0 && ` (${plural(progress.cacheHits, 'cached answer')}, free)`}
      </p>
    </div>
  )
}

const OUTCOME_LABELS: Record<MissingRecord['outcome'], string> = {
  unavailable: 'unavailable',
  failed: 'failed after retries',
  skipped: 'skipped',
  'not-fetched': 'not fetched',
}

function MissingList({ missing }: { missing: readonly MissingRecord[] }) {
  if (missing.length === 0) return null
  const shown = missing.slice(0, 50)
  const lookups = missing.length - filesNotSaved(missing).length
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium">
        {plural(filesNotSaved(missing).length, 'file')} not saved
        {lookups > 0 && ` and ${plural(lookups, 'language lookup')} failed`} (all listed in report.csv)
      </summary>
      <ul aria-label="Files not saved" className="mt-1 list-disc space-y-0.5 pl-5">
        {shown.map((m, i) => (
          <li key={i}>
            <code>
              {m.videoId} · {m.langRequested ?? 'default'} · {m.format}
              {m.source === 'converted' && ' (converted)'}
            </code>{' '}
            — {OUTCOME_LABELS[m.outcome]}: {m.code} {m.message}
          </li>
        ))}
        {missing.length > shown.length && <li>… and {missing.length - shown.length} more in report.csv.</li>}
      </ul>
    </details>
  )
}

/** Once the manifest is written, its counts (what was never asked for included), so figures and summary agree. */
const finalFigures = (progress: BulkProgress, manifest: BulkManifest): BulkProgress => ({
  ...progress,
  files: manifest.files.length,
  missing: filesNotSaved(manifest.missing).length,
})

/** While every request waits out a rate limit: why, and for how long. */
function RateLimitPause({ pausedUntil }: { pausedUntil: number | null }) {
  const left = useCountdown(pausedUntil ?? 0, pausedUntil === null ? undefined : 0)
  if (left === 0) return null
  return (
    <p className="text-sm font-medium text-amber-900" data-testid="bulk-paused">
      Paused: the service asked to wait — resuming in {left} s.
    </p>
  )
}

export type RunProgressProps = { state: BulkRunState; onStop: () => void }

/** Progress bar, running cost and Stop while a run is going; its outcome once the ZIP is written. */
export function RunProgress({ state, onStop }: RunProgressProps) {
  if (state.phase === 'idle') return null
  if (state.phase === 'failed') {
    return (
      <div role="alert" className="space-y-2 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
        <p className="font-semibold">The bulk download failed</p>
        <p className="text-sm">{state.message}</p>
        {state.progress && <ProgressFigures progress={state.progress} />}
      </div>
    )
  }
  if (state.phase === 'running') {
    return (
      <section
        aria-label="Bulk download"
        className="space-y-3 rounded-lg border border-sky-200 bg-sky-50 p-4"
      >
        <p className="font-medium">
          {state.stopping
            ? 'Stopping: finishing the ZIP with what is done…'
            : `Downloading into ${state.fileName}${state.method === 'file' ? ' (written to disk as it arrives)' : ''}…`}
        </p>
        <RateLimitPause pausedUntil={state.stopping ? null : state.progress.pausedUntil} />
        <ProgressFigures progress={state.progress} />
        <Button variant="danger" onClick={onStop} disabled={state.stopping}>
          Stop
        </Button>
      </section>
    )
  }
  const { manifest } = state
  const complete = manifest.run.outcome === 'complete'
  const advice = manifest.run.haltedBy ? retryAdvice(manifest.run.haltedBy) : undefined
  return (
    <section
      aria-label="Bulk download"
      className={cn(
        'space-y-3 rounded-lg border p-4',
        complete ? 'border-emerald-300 bg-emerald-50' : 'border-amber-300 bg-amber-50',
      )}
    >
      <div role="status" className="space-y-1">
        <p className="font-semibold">
          {manifest.run.outcome === 'complete'
            ? 'Bulk download complete'
            : manifest.run.outcome === 'stopped'
              ? 'Bulk download stopped'
              : 'Bulk download halted'}
        </p>
        <p>{manifest.run.summary}</p>
        {advice?.kind === 'none' && <p className="text-sm">{advice.instead}</p>}
        <p className="text-sm">
          {state.method === 'file' ? `Saved to ${state.fileName}` : `Downloaded as ${state.fileName}`} · cost{' '}
          {formatUsd(manifest.run.totals.costUsd)}
        </p>
      </div>
      <ProgressFigures progress={finalFigures(state.progress, manifest)} />
      <MissingList missing={manifest.missing} />
    </section>
  )
}
