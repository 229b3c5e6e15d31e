import { useMemo } from 'react'
import { useQueries } from '@tanstack/react-query'
import { planCover, suggestRadiusKm } from '#lib/area/cover.ts'
import { quoteQueries } from '#lib/pricing/quote-queries.ts'
import type { SweepUrlState } from '../../lib/sweep-url.ts'
import { circlePagePath } from '../lib/sweep-fetch.ts'
import { planSweep } from '../lib/sweep-plan.ts'

const DEFAULT_RADIUS_KM = 5
/** With no maximum in the link, the default allows this many pages per circle (the service stops near 10). */
const DEFAULT_MAX_PAGES = 10

/** The link's area covered with circles, the plan of each depth with its price, and the spending maximum. */
export function useSweepPlan({ area, depth, radiusKm: radiusFromUrl, maxUsd: maxFromUrl }: SweepUrlState) {
  const suggested = useMemo(() => (area ? suggestRadiusKm(area) : undefined), [area])
  const radiusKm = radiusFromUrl ?? suggested ?? DEFAULT_RADIUS_KM
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
    maxFromUrl ??
    (plan ? Math.ceil(plan.circles.length * plan.pagePriceUsd * DEFAULT_MAX_PAGES * 100) / 100 : 1)

  return { suggested, radiusKm, cover, circles, cached, plans, plan, maxUsd }
}
