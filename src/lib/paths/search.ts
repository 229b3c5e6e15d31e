/** The route table's builders for /search (docs/decisions/0123-typed-addresses.md); its parser is in paths-parse/. */
import type { RadiusUnit } from '#contract/enums.ts'
import { formatLocation } from '#contract/location-format.ts'
import { ROUTES } from '../routes.ts'

// ——— /search?location=<lat>,<lng>&radius=<n>&unit=<km|m|mi|ft>[&q=][&sort=] ———

export const SORT_KEYS = ['relevance', 'date', 'oldest', 'title'] as const
export type SortKey = (typeof SORT_KEYS)[number]

/** A complete, valid search as the researcher wrote it (radius in their unit). */
export type SearchInput = { lat: number; lng: number; radius: number; unit: RadiusUnit }

export type SearchUrlState = {
  /** The submitted search, when the URL holds a valid one. */
  search: SearchInput | undefined
  /** The URL's search values as written, so the form can show them even when they are wrong. */
  raw: { location: string; radius: string; unit: RadiusUnit }
  /** Why the URL's search could not be used (shown above the form). */
  problem: string | undefined
  /** Text filter over loaded results. */
  q: string
  sort: SortKey
}

export const DEFAULT_RADIUS = '10'
export const DEFAULT_UNIT: RadiusUnit = 'km'

/** Coordinates to 5 decimals (about 1 m): enough for any radius the service takes, short in URLs. */
export function roundCoordinate(n: number): number {
  const r = Number(n.toFixed(5))
  return Object.is(r, -0) ? 0 : r
}

/** The view's URL for a search; the location keeps its comma so links stay readable. */
export function searchPath(input?: SearchInput, view: { q?: string; sort?: SortKey } = {}): string {
  if (!input) return ROUTES.search
  const parts = [
    `location=${formatLocation({ lat: roundCoordinate(input.lat), lng: roundCoordinate(input.lng) })}`,
    `radius=${input.radius}`,
    `unit=${input.unit}`,
  ]
  if (view.q) parts.push(`q=${encodeURIComponent(view.q)}`)
  if (view.sort && view.sort !== 'relevance') parts.push(`sort=${view.sort}`)
  return `${ROUTES.search}?${parts.join('&')}`
}
