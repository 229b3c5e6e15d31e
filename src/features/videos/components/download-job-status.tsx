import { formatUsd } from '#contract/index.ts'
import { Button } from '#components/ui/button.tsx'
import type { DownloadJob } from '../hooks/use-download-job.ts'

export type DownloadJobStatusProps = {
  job: DownloadJob
  onStop: () => void
}

/** The download under way with its progress and Stop (for more than one file), how it ended, or why it failed. */
export function DownloadJobStatus({ job, onStop }: DownloadJobStatusProps) {
  return (
    <>
      <div role="status" className="text-sm">
        {job.kind === 'running' && (
          <span className="flex flex-wrap items-center gap-2">
            <progress
              max={job.total}
              value={job.done}
              aria-label={`${job.label}: ${job.done} of ${job.total}`}
            />
            {job.label}: {job.done} of {job.total}, {formatUsd(job.costUsd)} so far
            {job.total > 1 && (
              <Button size="sm" variant="danger" onClick={onStop}>
                Stop
              </Button>
            )}
          </span>
        )}
        {job.kind === 'done' && <span className="text-emerald-800">{job.message}</span>}
      </div>
      {job.kind === 'failed' && (
        <p role="alert" className="text-sm text-red-800">
          {job.message}
        </p>
      )}
    </>
  )
}
