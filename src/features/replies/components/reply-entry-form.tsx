import { useId, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { parsePaste } from '#contract/index.ts'
import { PricedButton } from '#components/pricing/priced-button.tsx'
import { REPLIES_PRICE_USD } from '../api/queries.ts'
import { repliesPath } from '#lib/urls/replies.ts'
import type { RepliesViewState } from '../lib/replies-url-state.ts'

export type ReplyEntryFormProps = {
  /** Kept when opening another comment (format, layout, sort). */
  state: RepliesViewState
  label?: string
}

const KIND_NAMES = { video: 'a video', channel: 'a channel', location: 'a place' } as const

/** Opens the replies of a comment from a permalink (lc=), a comment id or a reply id. */
export function ReplyEntryForm({ state, label = 'Comment link or id' }: ReplyEntryFormProps) {
  const navigate = useNavigate()
  const [value, setValue] = useState('')
  const [error, setError] = useState<string>()
  const inputId = useId()
  const errorId = useId()
  const hintId = useId()

  function onSubmit(e: FormEvent) {
    e.preventDefault()
    const result = parsePaste(value)
    if (!result.ok) return setError(result.reason)
    const target = result.target
    if (target.kind !== 'comment') {
      return setError(
        `That is ${KIND_NAMES[target.kind]}, not a comment. Paste a comment link (with lc=), a comment id, or a reply id.`,
      )
    }
    setError(undefined)
    void navigate(repliesPath(target.parentId, { ...state, q: '', reply: target.replyId }))
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-1">
      <label htmlFor={inputId} className="block text-sm font-semibold">
        {label}
      </label>
      <p id={hintId} className="text-xs text-slate-600">
        A comment link with <code>lc=</code>, a comment id (<code>Ugz…</code>), or a reply id (
        <code>Ugz….xyz</code>: opens its comment with the reply highlighted).
      </p>
      <div className="flex gap-2">
        <input
          id={inputId}
          value={value}
          onChange={(e) => {
            setValue(e.target.value)
            setError(undefined)
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          placeholder="https://www.youtube.com/watch?v=…&lc=Ugz…"
          autoComplete="off"
          spellCheck={false}
          className="min-w-0 flex-1 rounded border border-slate-300 px-3 py-2 font-mono text-sm"
        />
        <PricedButton type="submit" variant="primary" label="Open replies" priceUsd={REPLIES_PRICE_USD} />
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  )
}
