/** The sweep's progress per circle (state, pages, found, cost, error) and the total spent; a circle's row filters the list. */
import { formatUsd } from '#contract/index.ts'
import { cn } from '#lib/cn.ts'
import type { RunState } from '../hooks/use-sweep-run.ts'
import type { SweepProgress } from '../lib/sweep-runner.ts'
import { STATE_COLOURS } from './circle-colours.ts'
import type { CircleView } from './sweep-map.tsx'

export type SweepProgressProps = {
  state: RunState
  progress: SweepProgress | undefined
  circles: readonly CircleView[]
  selected: string | undefined
  onSelect: (id: string) => void
}

const STATUS_TEXT: Partial<Record<RunState, string>> = {
  running: 'Running…',
  done: 'Done: every circle searched to the chosen depth.',
  stopped: 'Stopped. Resume to carry on; pages already bought are not bought again.',
  capped: 'Stopped at your maximum: the next page would have passed it. Raise the maximum to carry on.',
  failed: 'Some circles failed (nothing failed is retried by itself). Resume to try them again.',
}

export function SweepProgressPanel({ state, progress, circles, selected, onSelect }: SweepProgressProps) {
  const pages = progress ? Object.values(progress.circles).reduce((n, c) => n + c.pagesDone, 0) : 0
  const done = circles.filter((c) => c.state === 'done').length
  return (
    <section aria-labelledby="sweep-progress-h" className="space-y-2">
      <h2 id="sweep-progress-h" tabIndex={-1} className="text-base font-semibold">
        Progress
      </h2>
      <p role="status" data-testid="sweep-status" className="text-sm">
        {STATUS_TEXT[state] ?? ''} {done} of {circles.length} circles done · {pages}{' '}
        {pages === 1 ? 'page' : 'pages'} · {formatUsd(progress?.spentUsd ?? 0)} spent
      </p>
      <ul aria-label="Circles" className="max-h-72 space-y-1 overflow-y-auto pr-1 text-sm">
        {circles.map((c) => {
          const p = progress?.circles[c.id]
          return (
            <li key={c.id}>
              <button
                type="button"
                aria-pressed={selected === c.id}
                disabled={c.found === undefined}
                onClick={() => onSelect(c.id)}
                className={cn(
                  'flex w-full flex-wrap items-center gap-x-2 rounded border px-2 py-1 text-left',
                  selected === c.id ? 'border-violet-700 bg-violet-50' : 'border-slate-200 bg-white',
                )}
              >
                <span
                  aria-hidden="true"
                  className="inline-block h-3 w-3 rounded-full"
                  style={{ border: `2px solid ${STATE_COLOURS[c.state]}` }}
                />
                <span className="font-mono">{c.id}</span> <span>{c.state}</span>{' '}
                <span className="text-slate-600">
                  {p?.pagesDone ?? 0} {p?.pagesDone === 1 ? 'page' : 'pages'}
                  {c.found !== undefined && ` · ${c.found} found, ${c.only ?? 0} only it found`} ·{' '}
                  {formatUsd(p?.costUsd ?? 0)}
                </span>
                {p?.error && <span className="w-full text-red-700">{p.error}</span>}
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
