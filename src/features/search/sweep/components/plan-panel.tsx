/** The plan before anything is paid: radius (with the suggested one), the circles' count, each depth's price, the maximum. */
import { useId, useState } from 'react'
import { formatUsd } from '#contract/index.ts'
import type { CoverResult } from '#lib/area/cover.ts'
import { Button } from '#components/ui/button.tsx'
import { MAX_DEPTH_PAGES, type SweepDepth, type SweepPlan } from '../lib/sweep-plan.ts'

export type PlanPanelProps = {
  radiusKm: number
  suggestedRadiusKm: number | undefined
  /** A list of sites: each is one circle with its own radius, so there is no radius to choose. */
  sites: boolean
  cover: CoverResult | undefined
  /** The plan at each depth (same circles and quotes): its price is shown beside each choice. */
  plans: { first: SweepPlan; pages: SweepPlan; all: SweepPlan } | undefined
  depth: SweepDepth
  maxUsd: number
  disabled: boolean
  onRadiusKm: (km: number) => void
  onDepth: (depth: SweepDepth) => void
  onMaxUsd: (usd: number) => void
}

const km = (n: number) => `${Number(n.toPrecision(4))} km`
const DECIMAL = /^\s*(\d+(\.\d*)?|\.\d+)\s*$/
const inputClass = 'mt-1 w-28 rounded border border-slate-300 px-2 py-1 font-mono text-sm'

/** A number field that keeps the text as typed and reports only valid values. */
function NumberField({
  label,
  value,
  hint,
  disabled,
  check,
  onValue,
}: {
  label: string
  value: number
  hint: string
  disabled: boolean
  check: (n: number) => string | undefined
  onValue: (n: number) => void
}) {
  const id = useId()
  const [text, setText] = useState(String(value))
  const [shownValue, setShownValue] = useState(value)
  if (shownValue !== value) {
    // The value changed elsewhere (a suggestion pressed, the link): the field follows it.
    setShownValue(value)
    setText(String(value))
  }
  const n = DECIMAL.test(text) ? Number(text) : NaN
  const error = Number.isNaN(n) ? `${label} must be a number.` : check(n)
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        inputMode="decimal"
        value={text}
        disabled={disabled}
        onChange={(e) => {
          setText(e.target.value)
          const v = Number(e.target.value)
          if (DECIMAL.test(e.target.value) && !check(v)) {
            setShownValue(v)
            onValue(v)
          }
        }}
        aria-invalid={!!error || undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-err` : ''}`}
        className={inputClass}
        autoComplete="off"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {hint}
      </p>
      {error && (
        <p id={`${id}-err`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}

function CoverMessage({
  cover,
  onRadiusKm,
  disabled,
}: Pick<PlanPanelProps, 'cover' | 'onRadiusKm' | 'disabled'>) {
  if (!cover) return null
  if (cover.ok)
    return (
      <p className="text-sm">
        <strong>{cover.circles.length}</strong>{' '}
        {cover.circles.length === 1 ? 'circle covers' : 'circles cover'} the area (drawn on the map).
      </p>
    )
  if (cover.reason === 'bad-radius')
    return (
      <p role="alert" className="text-sm text-red-700">
        {cover.message}
      </p>
    )
  return (
    <div
      role="alert"
      className="space-y-2 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900"
    >
      <p>
        This area would take {cover.circles.toLocaleString('en')} circles at this radius, more than a sweep
        plans. Nothing was paid.
      </p>
      <Button size="sm" disabled={disabled} onClick={() => onRadiusKm(cover.suggestedRadiusKm)}>
        Use a {km(cover.suggestedRadiusKm)} radius instead
      </Button>
    </div>
  )
}

export function PlanPanel(props: PlanPanelProps) {
  const { radiusKm, suggestedRadiusKm, plans, depth, maxUsd, disabled, onRadiusKm, onDepth, onMaxUsd } = props
  const name = useId()
  const pages = depth.kind === 'pages' ? depth.pages : 3
  const p = plans?.first
  const choices: { depth: SweepDepth; label: string; price: string }[] = p
    ? [
        {
          depth: { kind: 'first' },
          label: 'First page only',
          price: `${formatUsd(p.firstPagesUsd)} (${p.circles.length} × ${formatUsd(p.pagePriceUsd)}${p.cachedFirstPages ? `, ${p.cachedFirstPages} cached free` : ''})`,
        },
        {
          depth: { kind: 'pages', pages },
          label: `Up to ${pages} pages per circle`,
          price: `at most ${formatUsd(plans.pages.atMostUsd ?? 0)}`,
        },
        {
          depth: { kind: 'all' },
          label: 'Every page',
          price: `${formatUsd(p.firstPagesUsd)} for the first pages, then ${formatUsd(p.pagePriceUsd)} per further page while pages remain, stopping at your maximum`,
        },
      ]
    : []
  return (
    <section aria-labelledby={`${name}-h`} className="space-y-3">
      <h2 id={`${name}-h`} className="text-base font-semibold">
        Plan
      </h2>
      {props.sites ? (
        <p className="text-sm text-slate-700">Each site is searched as one circle, with its own radius.</p>
      ) : (
        <div className="flex flex-wrap items-end gap-3">
          <NumberField
            label="Circle radius (km)"
            value={radiusKm}
            disabled={disabled}
            hint={
              suggestedRadiusKm ? `Suggested for this area: ${km(suggestedRadiusKm)}` : 'From 0.1 to 1000 km'
            }
            check={(n) => (n < 0.1 || n > 1000 ? 'The radius must be from 0.1 to 1000 km.' : undefined)}
            onValue={onRadiusKm}
          />
          {suggestedRadiusKm !== undefined && suggestedRadiusKm !== radiusKm && (
            <Button size="sm" disabled={disabled} onClick={() => onRadiusKm(suggestedRadiusKm)}>
              Use {km(suggestedRadiusKm)}
            </Button>
          )}
        </div>
      )}
      <CoverMessage cover={props.cover} onRadiusKm={onRadiusKm} disabled={disabled} />
      {p && (
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">How deep</legend>
          {choices.map((c) => (
            <div key={c.depth.kind} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                id={`${name}-${c.depth.kind}`}
                name={`${name}-depth`}
                checked={depth.kind === c.depth.kind}
                disabled={disabled}
                onChange={() => onDepth(c.depth)}
                className="mt-1"
              />
              <label htmlFor={`${name}-${c.depth.kind}`}>
                {c.label}: <span className="tabular-nums">{c.price}</span>
              </label>
            </div>
          ))}
          {depth.kind === 'pages' && (
            <NumberField
              label="Pages per circle"
              value={depth.pages}
              disabled={disabled}
              hint={`2 to ${MAX_DEPTH_PAGES}; a page holds up to 50 videos`}
              check={(n) =>
                Number.isInteger(n) && n >= 2 && n <= MAX_DEPTH_PAGES
                  ? undefined
                  : `Pages per circle must be a whole number from 2 to ${MAX_DEPTH_PAGES}.`
              }
              onValue={(n) => onDepth({ kind: 'pages', pages: n })}
            />
          )}
        </fieldset>
      )}
      {p && (
        <NumberField
          label="Maximum to spend (USD)"
          value={maxUsd}
          disabled={disabled}
          hint="The sweep never starts a page whose price would pass it."
          check={(n) => (n <= 0 ? 'The maximum must be more than $0.' : undefined)}
          onValue={onMaxUsd}
        />
      )}
    </section>
  )
}
