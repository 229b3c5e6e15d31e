import { useId, type FormEvent, type ReactNode } from 'react'
import { priceOf, RADIUS_UNITS, type RadiusUnit } from '#contract/index.ts'
import { PricedButton } from '#components/pricing/priced-button.tsx'
import { cn } from '#lib/cn.ts'
import { useQuotedPrice } from '#lib/pricing/use-quoted-price.ts'
import { searchApiPath, searchRequest, type SearchRequest } from '../api/queries.ts'
import {
  withCoordsText,
  withLatText,
  withLngText,
  withPoint,
  withUnit,
  type DraftField,
  type ParsedDraft,
  type SearchDraft,
} from '../lib/search-draft.ts'
import { useDebouncedValue } from '../hooks/use-debounced-value.ts'
import { UseMyLocation } from '../hooks/use-my-location.tsx'

const UNIT_NAMES: Record<RadiusUnit, string> = {
  km: 'kilometres (km)',
  m: 'metres (m)',
  mi: 'miles (mi)',
  ft: 'feet (ft)',
}

export type SearchFormProps = {
  draft: SearchDraft
  parsed: ParsedDraft
  /** After a refused submit every error shows; before, only those of fields with text in them. */
  showAllErrors: boolean
  onDraft: (d: SearchDraft) => void
  onSubmit: () => void
}

type FieldProps = {
  label: string
  error: string | undefined
  hint?: string
  children: (a: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode
}

function Field({ label, error, hint, children }: FieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children({ id, describedBy, invalid: !!error })}
      {hint && (
        <p id={hintId} className="mt-0.5 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}

const inputClass = (invalid: boolean) =>
  cn(
    'mt-1 w-full rounded border px-2.5 py-1.5 font-mono text-sm',
    invalid ? 'border-red-600' : 'border-slate-300',
  )

/** "Search · $0.00203", or "cached · free" when the function already holds this exact page. */
function SearchButton({ request }: { request: SearchRequest | undefined }) {
  const path = useDebouncedValue(request ? searchApiPath(request) : undefined, 300)
  const price = useQuotedPrice(path, priceOf('GET /search'))
  return (
    <PricedButton
      type="submit"
      variant="primary"
      label="Search"
      priceUsd={price.priceUsd}
      cached={price.cached}
    />
  )
}

export function SearchForm({ draft, parsed, showAllErrors, onDraft, onSubmit }: SearchFormProps) {
  const request = parsed.input ? searchRequest(parsed.input) : undefined
  const shown = (field: DraftField): string | undefined => {
    const text = field === 'coords' ? draft.coords : draft[field]
    return showAllErrors || text.trim() ? parsed.errors[field] : undefined
  }
  const errorCount = (['coords', 'lat', 'lng', 'radius'] as const).filter((f) => shown(f)).length

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (!parsed.input) {
      // Let React render the errors first, then take the researcher to the first one.
      const form = e.currentTarget
      setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0)
    }
    onSubmit()
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Location search"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <Field
        label="Coordinates or map link"
        error={shown('coords')}
        hint='e.g. "48.8566, 2.3522" or a map link with coordinates'
      >
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            value={draft.coords}
            onChange={(e) => onDraft(withCoordsText(draft, e.target.value))}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            className={inputClass(invalid)}
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Latitude" error={shown('lat')}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              inputMode="decimal"
              value={draft.lat}
              onChange={(e) => onDraft(withLatText(draft, e.target.value))}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              className={inputClass(invalid)}
              autoComplete="off"
            />
          )}
        </Field>
        <Field label="Longitude" error={shown('lng')}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              inputMode="decimal"
              value={draft.lng}
              onChange={(e) => onDraft(withLngText(draft, e.target.value))}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              className={inputClass(invalid)}
              autoComplete="off"
            />
          )}
        </Field>
      </div>
      <UseMyLocation onPoint={(p) => onDraft(withPoint(draft, p))} />
      <div className="grid grid-cols-[1fr_auto] items-start gap-3">
        <Field label="Radius" error={shown('radius')} hint="More than 0, at most 1000 km">
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              inputMode="decimal"
              value={draft.radius}
              onChange={(e) => onDraft({ ...draft, radius: e.target.value })}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              className={inputClass(invalid)}
              autoComplete="off"
            />
          )}
        </Field>
        <Field label="Unit" error={undefined}>
          {({ id }) => (
            <select
              id={id}
              value={draft.unit}
              onChange={(e) => onDraft(withUnit(draft, e.target.value as RadiusUnit))}
              className="mt-1 rounded border border-slate-300 bg-white px-2 py-1.5 text-sm"
            >
              {RADIUS_UNITS.map((u) => (
                <option key={u} value={u}>
                  {UNIT_NAMES[u]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <SearchButton request={request} />
        {errorCount > 0 && showAllErrors && (
          <p role="alert" className="text-sm text-red-700">
            Nothing was searched: fix {errorCount === 1 ? 'the field' : `the ${errorCount} fields`} marked
            above.
          </p>
        )}
      </div>
    </form>
  )
}
