/** Coding on a reply card: its codes as chips, and a Code button that opens the codes to apply (when a collection is chosen). */
import { createContext, use, useState } from 'react'
import type { CommentReply } from '#contract/index.ts'
import { Button } from '#components/ui/button.tsx'
import { ApplyCodesForm } from '#components/coding/apply-codes-form.tsx'
import { CodingChips } from '#components/coding/coding-chips.tsx'
import { errorMessage } from '#lib/api-client.ts'
import type { ReplyCoding } from '../hooks/use-reply-coding.ts'

/** Set by the thread while a collection is chosen; cards read it, so the lists between need not pass it down. */
export const ReplyCodingContext = createContext<ReplyCoding | undefined>(undefined)

export function ReplyCodingControls({ reply }: { reply: CommentReply }) {
  const coding = use(ReplyCodingContext)
  const [open, setOpen] = useState(false)
  if (!coding) return null
  const chips = coding.chipsOf(reply.id)
  const { apply, remove } = coding.changes
  const who = reply.authorDisplayName
  return (
    <div className="mt-1 flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-1">
        <CodingChips chips={chips} busy={remove.isPending} onRemove={(id) => remove.mutate(id)} />
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={open}
          aria-label={`Code the reply by ${who}`}
          onClick={() => setOpen((o) => !o)}
        >
          Code
        </Button>
      </div>
      {open && (
        <ApplyCodesForm
          codes={coding.codes}
          item={`the reply by ${who}`}
          blocked={
            coding.coder ? undefined : 'Set your coder name above first: each coding records who made it.'
          }
          failure={apply.isError ? errorMessage(apply.error) : undefined}
          pending={apply.isPending}
          submitLabel="Apply to this reply"
          onApply={(codeIds, memo) => coding.apply(reply, codeIds, memo, () => setOpen(false))}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  )
}
