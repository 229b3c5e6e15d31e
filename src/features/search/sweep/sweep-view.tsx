/** Area sweep: draw or type an area, see the plan and its price, run it, get one merged list and a map of where it came from. */
import { isShapes } from '#lib/area/area-types.ts'
import { parseSweepUrl, type SweepUrlState } from '../lib/sweep-url.ts'
import { typedVerticesOf } from '../lib/typed-vertices.ts'
import { AreaInputs } from './components/area-inputs.tsx'
import { PlanPanel } from './components/plan-panel.tsx'
import { SweepControls } from './components/sweep-controls.tsx'
import { SweepIntro } from './components/sweep-intro.tsx'
import { SweepMap } from './components/sweep-map.tsx'
import { SweepProgressPanel } from './components/sweep-progress.tsx'
import { SweepResults } from './components/sweep-results.tsx'
import { useCircleFilter } from './hooks/use-circle-filter.ts'
import { useCircleViews } from './hooks/use-circle-views.ts'
import { useRunFocus } from './hooks/use-run-focus.ts'
import { useSweepLink } from './hooks/use-sweep-link.ts'
import { useSweepPlan } from './hooks/use-sweep-plan.ts'
import { useSweepRun } from './hooks/use-sweep-run.ts'
import { remainingUsd } from './lib/remaining-cost.ts'
import { sweepKey } from './lib/sweep-progress-store.ts'

type SweepViewProps = { url: SweepUrlState }

function SweepView({ url }: SweepViewProps) {
  const { area, depth } = url
  const { filterCircle, onSelect, clearFilter } = useCircleFilter()
  const { go, onDrawn, onTyped, fitKey } = useSweepLink(url, clearFilter)
  const { suggested, radiusKm, cover, circles, cached, plans, plan, maxUsd } = useSweepPlan(url)

  const key = area && circles.length > 0 ? sweepKey(area, radiusKm, depth) : undefined
  const run = useSweepRun({ sweepKey: key, circles, depth, maxUsd })
  const running = run.state === 'running'
  const { merged, views } = useCircleViews(circles, run)
  const controls = useRunFocus(running)

  const remaining = plan ? remainingUsd(plan, run.progress, maxUsd, cached) : undefined
  const started = !!run.progress && Object.values(run.progress.circles).some((c) => c.pagesDone > 0)
  const vertices = area && isShapes(area) ? typedVerticesOf(area.shapes) : ''

  return (
    <div className="space-y-6">
      <SweepIntro />
      {url.problem && (
        <p role="alert" className="rounded border border-amber-300 bg-amber-50 p-3 text-amber-900">
          Part of this link could not be used: {url.problem}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-[24rem_1fr]">
        <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <AreaInputs vertices={vertices} onArea={onTyped} />
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
            <SweepControls
              ref={controls}
              plan={plan}
              remaining={remaining}
              depth={depth}
              maxUsd={maxUsd}
              state={run.state}
              resumable={run.resumable}
              started={started}
              spentUsd={run.progress?.spentUsd ?? 0}
              onRun={run.run}
              onStop={run.stop}
              onDiscard={run.discard}
            />
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
          onClearFilter={clearFilter}
        />
      )}
    </div>
  )
}

/** The route's entry (loaded lazily): the URL's sweep, parsed here so the location search never loads the area code. */
export function SweepViewOfParams({ params }: { params: URLSearchParams }) {
  return <SweepView url={parseSweepUrl(params)} />
}
