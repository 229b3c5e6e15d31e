import type { SweepPlan } from './sweep-plan.ts'
import { pagesLeft, type SweepProgress } from './sweep-runner.ts'

/** What running (or resuming) can still cost: each circle's remaining pages, bounded by what is left of the maximum. */
export function remainingUsd(
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

export type RemainingCost = ReturnType<typeof remainingUsd>
