/** The area sweep's URL: `/search?area=<encoded>&r=<radius km>&depth=<1|N|all>[&max=<usd>]`; `area` present (even empty) switches the view. */
import { decodeArea, encodeArea } from '#lib/area/area-url.ts'
import type { Area } from '#lib/area/area-types.ts'
import { ROUTES } from '#lib/urls/routes.ts'
import { formatDepth, parseDepth, type SweepDepth } from '../sweep/lib/sweep-plan.ts'

export type SweepUrlState = {
  area: Area | undefined
  /** The radius in km, when the link names a valid one. */
  radiusKm: number | undefined
  depth: SweepDepth
  maxUsd: number | undefined
  /** Why part of the link could not be used (shown above the sweep). */
  problem: string | undefined
}

const positive = (text: string | null): number | undefined => {
  if (text === null || !/^\s*(\d+(\.\d*)?|\.\d+)\s*$/.test(text)) return undefined
  const n = Number(text)
  return n > 0 ? n : undefined
}

export function parseSweepUrl(params: URLSearchParams): SweepUrlState {
  const problems: string[] = []
  const areaText = params.get('area')?.trim() ?? ''
  let area: Area | undefined
  if (areaText) {
    const decoded = decodeArea(areaText)
    if (decoded.ok) area = decoded.area
    else problems.push(decoded.errors.map((e) => e.message).join(' '))
  }
  const rText = params.get('r')
  const radiusKm = positive(rText)
  if (rText !== null && radiusKm === undefined)
    problems.push(`The radius "${rText}" is not a number of kilometres greater than 0.`)
  const depthText = params.get('depth')
  const depth = parseDepth(depthText)
  if (depthText !== null && !depth)
    problems.push(`The depth "${depthText}" is not 1, a number of pages or "all".`)
  const maxText = params.get('max')
  const maxUsd = positive(maxText)
  if (maxText !== null && maxUsd === undefined)
    problems.push(`The maximum "${maxText}" is not an amount in US dollars.`)
  return {
    area,
    radiusKm,
    depth: depth ?? { kind: 'first' },
    maxUsd,
    problem: problems.length ? problems.join(' ') : undefined,
  }
}

export type SweepUrlInput = { area?: Area; radiusKm?: number; depth?: SweepDepth; maxUsd?: number }

/** The sweep's link: the area first (it is the sweep), then its settings. */
export function sweepPath({ area, radiusKm, depth, maxUsd }: SweepUrlInput = {}): string {
  const parts = [`area=${area ? encodeArea(area) : ''}`]
  if (radiusKm !== undefined) parts.push(`r=${Number(radiusKm.toFixed(3))}`)
  if (depth && depth.kind !== 'first') parts.push(`depth=${formatDepth(depth)}`)
  if (maxUsd !== undefined) parts.push(`max=${Number(maxUsd.toFixed(5))}`)
  return `${ROUTES.search}?${parts.join('&')}`
}
