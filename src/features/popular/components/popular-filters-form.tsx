import { useId, useMemo } from 'react'
import { formatUsd, HL_CODES, priceOf, type HlCode } from '#contract/index.ts'
import { REGION_CODES, type RegionCode } from '#contract/regions.ts'
import { Button } from '#components/ui/button.tsx'
import type { CategoryCount } from '../lib/popular-rows.ts'
import {
  DEFAULT_POPULAR_STATE,
  POPULAR_SORTS,
  hasActiveFilters,
  type PopularSort,
  type PopularState,
} from '../lib/popular-search.ts'
import { MinutesInput } from './minutes-input.tsx'

export type PopularFiltersFormProps = {
  state: PopularState
  categories: readonly CategoryCount[]
  onChange: (next: PopularState) => void
  shown: number
  loaded: number
}

/** Codes with their names in the browser's language, sorted by name. */
function named<T extends string>(codes: readonly T[], type: 'region' | 'language') {
  const names = new Intl.DisplayNames(undefined, { type, fallback: 'code' })
  return codes
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

type FeedSelectProps = {
  label: string
  value: string | undefined
  options: readonly { code: string; name: string }[]
  describedBy: string
  onChange: (code: string | undefined) => void
}

/** One of the feed's parameters; empty means "not sent", the service's default. */
function FeedSelect({ label, value, options, describedBy, onChange }: FeedSelectProps) {
  const id = useId()
  return (
    <div className="flex flex-col text-sm">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value || undefined)}
        className="mt-1 max-w-[16rem] rounded border border-slate-300 px-2 py-1"
      >
        <option value="">Any (the service's default)</option>
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name} ({o.code})
          </option>
        ))}
      </select>
    </div>
  )
}

/** Region and language choose the feed the service sends (a page's price); filters and sort work over what is loaded, free. */
export function PopularFiltersForm({ state, categories, onChange, shown, loaded }: PopularFiltersFormProps) {
  const feedNoteId = useId()
  const regions = useMemo(() => named(REGION_CODES, 'region'), [])
  const languages = useMemo(() => named(HL_CODES, 'language'), [])
  const textId = useId()
  const categoryId = useId()
  const sortId = useId()
  const set = (patch: Partial<PopularState>) => onChange({ ...state, ...patch })
  const knownCategory = !state.category || categories.some((c) => c.id === state.category)
  return (
    <form
      role="search"
      aria-label="Filter loaded videos"
      onSubmit={(e) => e.preventDefault()}
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="mb-4 flex flex-wrap items-end gap-4 border-b border-slate-200 pb-4">
        <FeedSelect
          label="Region"
          value={state.region}
          options={regions}
          describedBy={feedNoteId}
          onChange={(region) => set({ region: region as RegionCode | undefined })}
        />
        <FeedSelect
          label="Language"
          value={state.hl}
          options={languages}
          describedBy={feedNoteId}
          onChange={(hl) => set({ hl: hl as HlCode | undefined })}
        />
        <p id={feedNoteId} className="max-w-md text-sm text-slate-700">
          Region and language choose the list the service sends: another choice loads its first page for{' '}
          {formatUsd(priceOf('GET /popularVideos'))} (free when the dashboard has it cached).
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex min-w-[14rem] flex-1 flex-col text-sm">
          <label htmlFor={textId} className="font-medium">
            Text in title, channel, tags or description
          </label>
          <input
            id={textId}
            type="search"
            value={state.q}
            onChange={(e) => set({ q: e.target.value })}
            className="mt-1 rounded border border-slate-300 px-2 py-1"
            autoComplete="off"
          />
        </div>
        <div className="flex flex-col text-sm">
          <label htmlFor={categoryId} className="font-medium">
            Category
          </label>
          <select
            id={categoryId}
            value={state.category ?? ''}
            onChange={(e) => set({ category: e.target.value || undefined })}
            className="mt-1 rounded border border-slate-300 px-2 py-1"
          >
            <option value="">All categories</option>
            {categories
              .filter((c) => c.id)
              .map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title} ({c.count})
                </option>
              ))}
            {!knownCategory && (
              <option value={state.category}>Category {state.category} (none loaded)</option>
            )}
          </select>
        </div>
        <MinutesInput
          label="Duration from (min)"
          value={state.minMinutes}
          onCommit={(v) => set({ minMinutes: v })}
        />
        <MinutesInput
          label="Duration to (min)"
          value={state.maxMinutes}
          onCommit={(v) => set({ maxMinutes: v })}
        />
        <div className="flex flex-col text-sm">
          <label htmlFor={sortId} className="font-medium">
            Sort
          </label>
          <select
            id={sortId}
            value={state.sort}
            onChange={(e) => set({ sort: e.target.value as PopularSort })}
            className="mt-1 rounded border border-slate-300 px-2 py-1"
          >
            {Object.entries(POPULAR_SORTS).map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <Button
          size="sm"
          disabled={!hasActiveFilters(state) && state.sort === 'rank'}
          onClick={() =>
            onChange({ ...DEFAULT_POPULAR_STATE, auto: state.auto, region: state.region, hl: state.hl })
          }
        >
          Clear filters
        </Button>
      </div>
      <p className="mt-3 text-sm text-slate-700" aria-live="polite">
        Showing {shown} of {loaded} loaded videos. Filtering and sorting use what is loaded and cost nothing.
      </p>
    </form>
  )
}
