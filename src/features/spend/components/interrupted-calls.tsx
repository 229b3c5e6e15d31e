/** Calls a crash cut off: each holds its price of the budget until a person says whether the service charged it. */
import { useEffect, useId, useRef, useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { formatUsd } from '#contract/index.ts'
import { errorMessage } from '#lib/api-client.ts'
import { Button } from '#components/ui/button.tsx'
import { reconcileInterrupted, spendQueries } from '../api/queries.ts'
import type { LedgerEntry } from '../lib/spend-schema.ts'

type Choice = { id: string; charged: boolean }

const callName = (e: LedgerEntry) => `call ${e.id} (${e.operation} ${e.path})`

/** What pressing Confirm will do, in words, before it is done. */
function consequence(e: LedgerEntry, charged: boolean): string {
  const price = formatUsd(e.priceUsd)
  return charged
    ? `Mark ${callName(e)} as charged: its ${price} stays counted as spent.`
    : `Mark ${callName(e)} as not charged: its ${price} goes back to the budget.`
}

function Confirmation({
  entry,
  choice,
  busy,
  onConfirm,
  onCancel,
}: {
  entry: LedgerEntry
  choice: Choice
  busy: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  const id = useId()
  const confirm = useRef<HTMLButtonElement>(null)
  // Focus moves to the decision just asked for, so a keyboard user confirms or cancels from there.
  useEffect(() => confirm.current?.focus(), [choice])
  return (
    <div role="group" aria-labelledby={id} className="mt-2 rounded border border-amber-300 bg-amber-50 p-2">
      <p id={id} className="text-sm">
        {consequence(entry, choice.charged)} This is recorded with the time and cannot be changed.
      </p>
      <div className="mt-2 flex gap-2">
        <Button ref={confirm} size="sm" variant="primary" disabled={busy} onClick={onConfirm}>
          {choice.charged ? 'Confirm: charged' : 'Confirm: not charged'}
        </Button>
        <Button size="sm" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  )
}

export function InterruptedCalls({ entries }: { entries: LedgerEntry[] }) {
  const queryClient = useQueryClient()
  const [choice, setChoice] = useState<Choice>()
  const reconcile = useMutation({
    mutationFn: (c: Choice) => reconcileInterrupted(c.id, c.charged),
    onSuccess: () => setChoice(undefined),
    onSettled: () => queryClient.invalidateQueries({ queryKey: spendQueries.all() }),
  })
  const reserved = entries.reduce((s, e) => s + e.priceUsd, 0)

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        The server stopped while {entries.length === 1 ? 'this call was' : 'these calls were'} in flight: the
        service may have charged {entries.length === 1 ? 'it' : 'them'}. Until you say which (check the
        service&apos;s own billing), {formatUsd(reserved)} stays reserved against the budget.
      </p>
      {reconcile.isError && (
        <p role="alert" className="text-sm text-red-800">
          Not recorded: {errorMessage(reconcile.error)}
        </p>
      )}
      <ul className="space-y-2">
        {entries.map((e) => (
          <li key={e.id} className="rounded-lg border border-slate-200 bg-white p-3">
            <p>
              <span className="font-medium">{e.operation}</span> <code className="text-sm">{e.path}</code>
            </p>
            <p className="text-sm text-slate-600">
              Left {new Date(e.at).toLocaleString()} · may have cost{' '}
              <strong className="tabular-nums">{formatUsd(e.priceUsd)}</strong>
              {e.note ? ` · ${e.note}` : ''}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                size="sm"
                aria-label={`Mark ${callName(e)} as charged`}
                aria-expanded={choice?.id === e.id && choice.charged}
                onClick={() => setChoice({ id: e.id, charged: true })}
              >
                Charged
              </Button>
              <Button
                size="sm"
                aria-label={`Mark ${callName(e)} as not charged`}
                aria-expanded={choice?.id === e.id && !choice.charged}
                onClick={() => setChoice({ id: e.id, charged: false })}
              >
                Not charged
              </Button>
            </div>
            {choice?.id === e.id && (
              <Confirmation
                entry={e}
                choice={choice}
                busy={reconcile.isPending}
                onConfirm={() => reconcile.mutate(choice)}
                onCancel={() => setChoice(undefined)}
              />
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}
