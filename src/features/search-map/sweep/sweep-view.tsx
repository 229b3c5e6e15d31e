/** Area sweep (issue 16): draw or type an area, see the plan and its price, run it, get one merged list and a map of where it came from. */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useQueries } from '@tanstack/react-query'
import { Link, useNavigate } from 'react-router'
import { formatUsd } from '#contract/index.ts'
import type { Area } from '#lib/area/area-types.ts'
import { isShapes } from '#lib/area/area-types.ts'
import { planCover, suggestRadiusKm } from '#lib/area/cover.ts'
import { quoteQueries } from '#lib/pricing/quote-queries.ts'
import { ROUTES } from '#lib/urls/routes.ts'
import { Button } from '#components/ui/button.tsx'
import { PricedButton } from '#components/pricing/priced-button.tsx'
import { parseSweepUrl, sweepPath, type SweepUrlState } from '../lib/sweep-url.ts'
import { typedVerticesOf } from '../lib/typed-vertices.ts'
import { PasteAreaInput, TypedVerticesInput } from './components/area-input.tsx'
import { PlanPanel } from './components/plan-panel.tsx'
import { SweepMap, type CircleView } from './components/sweep-map.tsx'
import { SweepProgressPanel } from './components/sweep-progress.tsx'
import { SweepResults } from './components/sweep-results.tsx'
import { useSweepRun } from './hooks/use-sweep-run.ts'
import { mergeSweep } from './lib/merge-sweep.ts'
import { circlePagePath } from './lib/sweep-fetch.ts'
import { planSweep, type SweepDepth, type SweepPlan } from './lib/sweep-plan.ts'
import { sweepKey } from './lib/sweep-progress-store.ts'
import { pagesLeft, type SweepProgress } from './lib/sweep-runner.ts'

export type SweepViewProps = { url: SweepUrlState }

const DEFAULT_RADIUS_KM = 5
/** With no maximum in the link, the default allows this many pages per circle (the service stops near 10). */
const DEFAULT_MAX_PAGES = 10

/** What running (or resuming) can still cost: each circle's remaining pages, bounded by what is left of the maximum. */
function remainingUsd(
  plan: SweepPlan,
  progress: SweepProgress | undefined,
  maxUsd: number,
  cached: ReadonlySet<string>,
) {
  let usd = 0
  let pages = 0
  for (const c of plan.circles) {
    const p = progress?.circles[c.id]
    const left = pagesLeft(p, plan.depth)
    if (left === 0) continue
    pages += 1
    const firstFree = !p?.pagesDone && cached.has(c.id)
    usd += (firstFree ? 0 : plan.pagePriceUsd) + (left - 1) * plan.pagePriceUsd
  }
  const room = Math.max(0, maxUsd - (progress?.spentUsd ?? 0))
  return { usd: Math.min(usd, room), circlesLeft: pages }
}

export function SweepView({ url }: SweepViewProps) {
  const navigate = useNavigate()
  const { area, depth } = url
  const [fitKey, setFitKey] = useState(0)
  const [filterCircle, setFilterCircle] = useState<string>()
  const suggested = useMemo(() => (area ? suggestRadiusKm(area) : undefined), [area])
  const radiusKm = url.radiusKm ?? suggested ?? DEFAULT_RADIUS_KM
  const cover = useMemo(() => (area ? planCover(area, radiusKm) : undefined), [area, radiusKm])
  const circles = useMemo(() => (cover?.ok ? cover.circles : []), [cover])

  // Each circle's first page: the function's quote says whether it is cached (free).
  const cachedIds = useQueries({
    queries: circles.map((c) => quoteQueries.inBatch(circlePagePath(c))),
    combine: (results) =>
      circles
        .filter((_, i) => results[i]?.data?.cached)
        .map((c) => c.id)
        .join(' '),
  })
  const cached = useMemo<ReadonlySet<string>>(
    () => new Set(cachedIds.split(' ').filter(Boolean)),
    [cachedIds],
  )
  const plans = useMemo(() => {
    if (circles.length === 0) return undefined
    const options = { cachedFirstPages: cached }
    const pages = depth.kind === 'pages' ? depth.pages : 3
    return {
      first: planSweep(circles, { kind: 'first' }, options),
      pages: planSweep(circles, { kind: 'pages', pages }, options),
      all: planSweep(circles, { kind: 'all' }, options),
    }
  }, [circles, cached, depth])
  const plan = plans ? plans[depth.kind] : undefined
  const maxUsd =
    url.maxUsd ??
    (plan ? Math.ceil(plan.circles.length * plan.pagePriceUsd * DEFAULT_MAX_PAGES * 100) / 100 : 1)

  const key = area && circles.length > 0 ? sweepKey(area, radiusKm, depth) : undefined
  const run = useSweepRun({ sweepKey: key, circles, depth, maxUsd })
  const running = run.state === 'running'
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

  const go = useCallback(
    (next: {
      area?: Area | undefined
      radiusKm?: number
      depth?: SweepDepth
      maxUsd?: number | undefined
    }) => {
      setFilterCircle(undefined)
      const state = { area, radiusKm: url.radiusKm, depth, maxUsd: url.maxUsd, ...next }
      void navigate(
        sweepPath({
          ...(state.area ? { area: state.area } : {}),
          ...(state.radiusKm !== undefined ? { radiusKm: state.radiusKm } : {}),
          depth: state.depth,
          ...(state.maxUsd !== undefined ? { maxUsd: state.maxUsd } : {}),
        }),
        { replace: true },
      )
    },
    [navigate, area, url.radiusKm, depth, url.maxUsd],
  )
  const onDrawn = useCallback((a: Area | undefined) => go({ area: a }), [go])
  const onTyped = useCallback(
    (a: Area) => {
      setFitKey((k) => k + 1)
      go({ area: a })
    },
    [go],
  )
  const onSelect = useCallback((id: string) => setFilterCircle((f) => (f === id ? undefined : id)), [])

  // Run turns into Stop and back: focus follows the button, or (when nothing is left to run) the progress.
  const controls = useRef<HTMLDivElement>(null)
  const wasRunning = useRef(false)
  useEffect(() => {
    if (running === wasRunning.current) return
    wasRunning.current = running
    const button = controls.current?.querySelector<HTMLElement>('[data-run]')
    if (button) button.focus()
    else document.getElementById('sweep-progress-h')?.focus()
  }, [running])

  const remaining = plan ? remainingUsd(plan, run.progress, maxUsd, cached) : undefined
  const started = !!run.progress && Object.values(run.progress.circles).some((c) => c.pagesDone > 0)
  const vertices = area && isShapes(area) ? typedVerticesOf(area.shapes) : ''

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Area sweep</h1>
        <p className="mt-1 max-w-3xl text-slate-700">
          Draw an area (or type its vertices, or paste GeoJSON or a list of sites); it is covered with search
          circles, and every video the circles find is collected into one list without duplicates. Nothing is
          paid until you press Run; the area is kept in this page&apos;s address, so the sweep is a shareable
          link.{' '}
          <Link to={ROUTES.search} className="text-sky-800 underline">
            Search around one point instead
          </Link>
          .
        </p>
      </div>
      {url.problem && (
        <p role="alert" className="rounded border border-amber-300 bg-amber-50 p-3 text-amber-900">
          Part of this link could not be used: {url.problem}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-[24rem_1fr]">
        <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <details open>
            <summary className="cursor-pointer text-sm font-semibold">Type the vertices</summary>
            <div className="mt-2">
              <TypedVerticesInput key={vertices} initialVertices={vertices} onArea={onTyped} />
            </div>
          </details>
          <details>
            <summary className="cursor-pointer text-sm font-semibold">
              Paste or upload GeoJSON or a sites CSV
            </summary>
            <div className="mt-2">
              <PasteAreaInput onArea={onTyped} />
            </div>
          </details>
          {area ? (
            <PlanPanel
              radiusKm={radiusKm}
              suggestedRadiusKm={suggested}
              sites={!isShapes(area)}
              cover={cover}
              plans={plans}
              depth={depth}
              maxUsd={maxUsd}
              disabled={running}
              onRadiusKm={(r) => go({ radiusKm: r })}
              onDepth={(d) => go({ depth: d })}
              onMaxUsd={(m) => go({ maxUsd: m })}
            />
          ) : (
            <p className="text-sm text-slate-700">Draw, type or paste an area to see its plan and price.</p>
          )}
          {plan && remaining && (
            <div className="space-y-2">
              {run.resumable && started && (
                <p role="status" className="rounded border border-sky-300 bg-sky-50 p-2 text-sm">
                  This sweep was interrupted with {formatUsd(run.progress?.spentUsd ?? 0)} spent. Resume it:
                  pages already bought are not bought again.
                </p>
              )}
              <div ref={controls} className="flex flex-wrap items-center gap-2">
                {running ? (
                  <Button variant="primary" data-run onClick={run.stop}>
                    Stop
                  </Button>
                ) : remaining.circlesLeft > 0 ? (
                  <PricedButton
                    data-run
                    variant="primary"
                    label={started ? 'Resume sweep' : 'Run sweep'}
                    priceUsd={remaining.usd}
                    estimate={depth.kind !== 'first'}
                    cached={remaining.usd === 0 && depth.kind === 'first'}
                    disabled={run.state === 'loading' || (remaining.usd === 0 && depth.kind !== 'first')}
                    onClick={run.run}
                  />
                ) : null}
                {started && !running && (
                  <Button size="sm" onClick={run.discard}>
                    Forget this sweep&apos;s progress
                  </Button>
                )}
              </div>
              <p className="text-xs text-slate-600">
                {plan.summary.replace(/([^.])$/, '$1.')} The sweep stops before any page that would take the
                spend past {formatUsd(maxUsd)}.
              </p>
            </div>
          )}
        </div>
        <SweepMap
          area={area}
          circles={views}
          selected={filterCircle}
          editable={!running}
          fitKey={fitKey}
          onArea={onDrawn}
          onSelect={merged ? onSelect : undefined}
        />
      </div>
      {(started || running) && (
        <SweepProgressPanel
          state={run.state}
          progress={run.progress}
          circles={views}
          selected={filterCircle}
          onSelect={onSelect}
        />
      )}
      {area && plan && run.progress && merged && started && (
        <SweepResults
          area={area}
          circles={circles}
          radiusKm={radiusKm}
          depth={depth}
          progress={run.progress}
          merged={merged}
          filterCircle={filterCircle}
          onClearFilter={() => setFilterCircle(undefined)}
        />
      )}
    </div>
  )
}

/** The route's entry (loaded lazily): the URL's sweep, parsed here so the location search never loads the area code. */
export function SweepViewOfParams({ params }: { params: URLSearchParams }) {
  return <SweepView url={parseSweepUrl(params)} />
}
