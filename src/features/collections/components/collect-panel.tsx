/** Collecting the tracks: the price first, a maximum the researcher sets, start / stop / resume, the job's progress (polled). */
import { useId, useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Job } from '#contract/collections.ts'
import { formatUsd } from '#contract/prices.ts'
import { ApiError, errorMessage } from '#lib/api-client.ts'
import { collectionQueries, startCollect, stopCollect } from '#lib/collections/collections-api.ts'
import { Button } from '#components/ui/button.tsx'
import { QueryError } from './query-error.tsx'

const JOB_WORDS: Record<Job['state'], string> = {
  running: 'Collecting',
  stopped: 'Stopped',
  done: 'Done',
  capped: 'Stopped at the maximum',
}

/** The price rounded up to the cent, so the suggested maximum covers it. */
const suggestedMax = (priceUsd: number) => (Math.ceil(priceUsd * 100) / 100).toFixed(2)

export function CollectPanel({ collectionId, job }: { collectionId: string; job: Job | null }) {
  const id = useId()
  const queryClient = useQueryClient()
  const running = job?.state === 'running'
  const price = useQuery({ ...collectionQueries.price(collectionId), enabled: !running })
  const [maxText, setMaxText] = useState<string>()
  const [maxError, setMaxError] = useState<string>()
  const refresh = () => queryClient.invalidateQueries({ queryKey: collectionQueries.all() })
  const start = useMutation({
    mutationFn: (maxUsd: number) => startCollect(collectionId, maxUsd),
    onSettled: refresh,
  })
  const stop = useMutation({ mutationFn: () => stopCollect(collectionId), onSettled: refresh })

  const p = price.data
  const maxShown = maxText ?? (p ? suggestedMax(p.priceUsd) : '')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const maxUsd = Number(maxShown)
    if (maxShown.trim() === '' || !Number.isFinite(maxUsd) || maxUsd < 0)
      return setMaxError('The maximum is a number of US dollars, 0 or more.')
    if (p && maxUsd < p.priceUsd)
      setMaxError(
        `The job will stop when the next track would pass ${formatUsd(maxUsd)}; some tracks will be left.`,
      )
    else setMaxError(undefined)
    start.mutate(maxUsd)
  }

  return (
    <section aria-labelledby={`${id}-h`} className="flex flex-col gap-2 rounded border p-3">
      <h2 id={`${id}-h`} className="text-xl font-semibold">
        Collect the captions
      </h2>
      {job && <JobProgress job={job} />}
      {running && (
        <Button
          variant="danger"
          className="self-start"
          disabled={stop.isPending}
          onClick={() => stop.mutate()}
        >
          Stop collecting
        </Button>
      )}
      {!running && <QueryError title="The price of collecting could not be read" query={price} />}
      {!running && price.isPending && <p role="status">Pricing the tracks to collect…</p>}
      {!running && p && p.tracks === 0 && (
        <p>
          Nothing left to collect: every video's track is collected, or the service has none in this language
          and mode.
        </p>
      )}
      {!running && p && p.tracks > 0 && (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
          <label htmlFor={`${id}-max`} className="flex flex-col">
            Spend at most (USD)
            <input
              id={`${id}-max`}
              inputMode="decimal"
              className="w-28 rounded border border-slate-300 px-2 py-1"
              value={maxShown}
              aria-describedby={maxError ? `${id}-max-e` : undefined}
              onChange={(e) => setMaxText(e.target.value)}
            />
          </label>
          <Button type="submit" variant="primary" disabled={start.isPending}>
            {job && job.state !== 'done' ? 'Resume: collect' : 'Collect'} {p.tracks} track
            {p.tracks === 1 ? '' : 's'} · {formatUsd(p.priceUsd)}
            {p.cached > 0 ? ` (${p.cached} cached free)` : ''}
          </Button>
          {maxError && (
            <p id={`${id}-max-e`} className="w-full text-amber-800">
              {maxError}
            </p>
          )}
        </form>
      )}
      <PressError error={start.error ?? stop.error} job={job} />
    </section>
  )
}

/** A press that met a job already running: that job's progress above is the whole answer. */
const metRunningJob = (e: unknown) => e instanceof ApiError && e.status === 409 && e.code === 'conflict'

/**
 * A failed press, in the function's plain words, shown only while the state it describes lasts: a job starting or
 * ending since clears it, as does the next press.
 */
function PressError({ error, job }: { error: Error | null; job: Job | null }) {
  const jobNow = job ? `${job.startedAt} ${job.state}` : ''
  const [seen, setSeen] = useState({ error, jobThen: jobNow })
  if (seen.error !== error) setSeen({ error, jobThen: jobNow })
  if (!error || metRunningJob(error) || seen.jobThen !== jobNow) return null
  return (
    <p role="alert" className="text-red-800">
      {errorMessage(error)}
    </p>
  )
}

function JobProgress({ job }: { job: Job }) {
  return (
    <div className="flex flex-col gap-1" data-testid="collect-job">
      <p role="status" aria-live="polite">
        {JOB_WORDS[job.state]}: {job.done} of {job.total} tracks · {job.collected} collected
        {job.unavailable ? `, ${job.unavailable} unavailable` : ''}
        {job.failed ? `, ${job.failed} failed` : ''} · spent {formatUsd(job.spentUsd)} of at most{' '}
        {formatUsd(job.maxUsd)}
      </p>
      <progress
        // The whole panel's width, with a visible track: a full bar must not look half done.
        className="h-3 w-full overflow-hidden rounded [&::-moz-progress-bar]:bg-emerald-700 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-emerald-700"
        max={Math.max(1, job.total)}
        value={job.done}
        aria-label="Collecting progress"
      />
      {job.failed > 0 && job.state !== 'running' && (
        <p className="text-sm text-slate-700">
          Failed tracks are listed below with their reason; they are not retried by themselves: collect again
          to try them.
        </p>
      )}
    </div>
  )
}
