import { useCallback, useState } from 'react'
import { useNavigate } from 'react-router'
import type { Area } from '#lib/area/area-types.ts'
import { sweepPath, type SweepUrlState } from '../../lib/sweep-url.ts'
import type { SweepDepth } from '../lib/sweep-plan.ts'

type SweepChange = {
  area?: Area | undefined
  radiusKm?: number
  depth?: SweepDepth
  maxUsd?: number | undefined
}

/** Changes to the sweep go to its link (the sweep is a shareable URL); a typed area also refits the map. */
export function useSweepLink(url: SweepUrlState, onChange: () => void) {
  const navigate = useNavigate()
  const { area, depth } = url
  const [fitKey, setFitKey] = useState(0)

  const go = useCallback(
    (next: SweepChange) => {
      onChange()
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
    [navigate, onChange, area, url.radiusKm, depth, url.maxUsd],
  )
  const onDrawn = useCallback((a: Area | undefined) => go({ area: a }), [go])
  const onTyped = useCallback(
    (a: Area) => {
      setFitKey((k) => k + 1)
      go({ area: a })
    },
    [go],
  )
  return { go, onDrawn, onTyped, fitKey }
}
