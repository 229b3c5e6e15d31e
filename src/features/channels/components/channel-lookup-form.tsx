import { useId, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useNavigate } from 'react-router'
import { formatUsd, priceOf } from '#contract/index.ts'
import type { HlCode } from '#contract/index.ts'
import { Button } from '#components/ui/button.tsx'
import { PricedButton } from '#components/pricing/priced-button.tsx'
import { parseChannelLookup, type BareNameAs, type ChannelRef } from '#lib/channel-lookup.ts'
import { useOpeningPrice } from '#lib/pricing/use-opening-price.ts'
import { channelsPath } from '#lib/urls/channels.ts'

/** The handle a typed name most likely is, opened by one press that shows what opening it costs. */
function SuggestedHandle({ target, hl }: { target: Extract<ChannelRef, { by: 'handle' }>; hl?: string }) {
  const navigate = useNavigate()
  const price = useOpeningPrice({ kind: 'channel', ref: target, hl: hl as HlCode | undefined })
  return (
    <PricedButton
      type="button"
      size="sm"
      className="mt-2"
      label={`Open ${target.handle}`}
      priceUsd={price.priceUsd}
      cached={price.cached}
      onClick={() => void navigate(channelsPath(target, hl))}
    />
  )
}

/** `p` when the form sits above a page whose h1 comes after it (keeps the heading order). */
export type ChannelLookupFormProps = { initialValue?: string; hl?: string; headingLevel?: 'h2' | 'p' }

/** Channel URL, UC… id, @handle or username; several ids (commas, spaces or lines) open a comparison. */
export function ChannelLookupForm({ initialValue = '', hl, headingLevel = 'h2' }: ChannelLookupFormProps) {
  const navigate = useNavigate()
  const [value, setValue] = useState(initialValue)
  const [bareNameAs, setBareNameAs] = useState<BareNameAs>('handle')
  const [error, setError] = useState<string>()
  const [suggestion, setSuggestion] = useState<ChannelRef>()
  const inputId = useId()
  const hintId = useId()
  const errorId = useId()
  const bareId = useId()
  const Heading = headingLevel

  function submit() {
    const r = parseChannelLookup(value, bareNameAs)
    if (!r.ok) {
      setError(r.reason)
      setSuggestion(r.suggestion)
      return
    }
    setError(undefined)
    setSuggestion(undefined)
    void navigate(channelsPath(r.target, hl))
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault()
    submit()
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter opens, Shift+Enter adds a line (several ids, one per line).
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault()
      submit()
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${inputId}-heading`}
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <Heading id={`${inputId}-heading`} className="text-base font-semibold">
        Look up a channel
      </Heading>
      <label htmlFor={inputId} className="mt-2 block text-sm font-medium">
        Channel URL, id, handle or username
      </label>
      <p id={hintId} className="text-sm text-slate-600">
        For example <code>https://www.youtube.com/@rickastleyyt</code>, <code>UCuAXFkgsw1L7xaCfnd5JJOw</code>,{' '}
        <code>@rickastleyyt</code> or <code>user/RickAstleyVEVO</code>. Several ids separated by commas,
        spaces or lines open a comparison. One request, {formatUsd(priceOf('GET /channels'))}.
      </p>
      <div className="mt-2 flex flex-wrap items-start gap-2">
        <textarea
          id={inputId}
          rows={2}
          value={value}
          onChange={(e) => {
            setValue(e.target.value)
            setError(undefined)
            setSuggestion(undefined)
          }}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          className="min-w-[16rem] flex-1 resize-y rounded border border-slate-300 px-3 py-2 font-mono text-sm"
          autoComplete="off"
          spellCheck={false}
        />
        <div className="flex flex-col gap-2">
          <Button type="submit" variant="primary">
            Open
          </Button>
        </div>
      </div>
      <div className="mt-2 flex items-center gap-2 text-sm">
        <label htmlFor={bareId}>Read a plain name (no @) as</label>
        <select
          id={bareId}
          value={bareNameAs}
          onChange={(e) => setBareNameAs(e.target.value as BareNameAs)}
          className="rounded border border-slate-300 px-2 py-1"
        >
          <option value="handle">a handle (@name)</option>
          <option value="username">a legacy username</option>
        </select>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {suggestion?.by === 'handle' && <SuggestedHandle target={suggestion} hl={hl} />}
    </form>
  )
}
