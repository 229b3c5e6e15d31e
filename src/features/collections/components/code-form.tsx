/** A code's name, colour, description and parent: creating one, or editing one in place. */
import { useId, useState } from 'react'
import { CODING_LIMITS, type Code } from '#contract/coding.ts'
import { Button } from '#components/ui/button.tsx'
import type { OrderedCode } from '#lib/coding/code-tree.ts'

export type CodeDraft = { name: string; color: string; description: string; parentId: string | null }

type Props = {
  /** Every code, in tree order, offered as the parent. */
  codes: readonly OrderedCode<Code>[]
  /** Codes that cannot be the parent (the code itself and those below it). */
  notParents?: ReadonlySet<string>
  initial: CodeDraft
  /** The colour shown and used until one is picked (a new code's next unused colour); initial.color '' takes it. */
  defaultColor?: string
  submitLabel: string
  /** Names the form for a screen reader: "New code", "Edit nostalgia". */
  label: string
  pending: boolean
  onSubmit: (draft: CodeDraft) => void
  onCancel?: () => void
}

export function CodeForm({
  codes,
  notParents,
  initial,
  defaultColor = '#4e79a7',
  submitLabel,
  label,
  pending,
  onSubmit,
  onCancel,
}: Props) {
  const id = useId()
  const [draft, setDraft] = useState(initial)
  const [problem, setProblem] = useState<string>()
  const set = (patch: Partial<CodeDraft>) => setDraft((d) => ({ ...d, ...patch }))
  return (
    <form
      aria-label={label}
      className="flex flex-wrap items-end gap-2 text-sm"
      onSubmit={(e) => {
        e.preventDefault()
        const name = draft.name.trim()
        const p = !name
          ? 'A code needs a name.'
          : name.length > CODING_LIMITS.codeNameMax
            ? `A code's name is at most ${CODING_LIMITS.codeNameMax} characters.`
            : undefined
        setProblem(p)
        if (!p) onSubmit({ ...draft, name, color: draft.color || defaultColor })
      }}
    >
      <label className="flex flex-col">
        Name
        <input
          className="rounded border border-slate-300 px-1 py-0.5"
          value={draft.name}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => set({ name: e.target.value })}
        />
      </label>
      <label className="flex flex-col">
        Colour
        <input
          type="color"
          className="h-7 w-12 rounded border border-slate-300"
          value={draft.color || defaultColor}
          onChange={(e) => set({ color: e.target.value })}
        />
      </label>
      <label className="flex flex-col">
        Parent
        <select
          className="rounded border border-slate-300 px-1 py-0.5"
          value={draft.parentId ?? ''}
          onChange={(e) => set({ parentId: e.target.value || null })}
        >
          <option value="">(top level)</option>
          {codes
            .filter(({ code }) => !notParents?.has(code.id))
            .map(({ code, depth }) => (
              <option key={code.id} value={code.id}>
                {`${'  '.repeat(depth)}${code.name}`}
              </option>
            ))}
        </select>
      </label>
      <label className="flex min-w-48 flex-1 flex-col">
        Description
        <input
          className="rounded border border-slate-300 px-1 py-0.5"
          value={draft.description}
          maxLength={CODING_LIMITS.codeDescriptionMax}
          onChange={(e) => set({ description: e.target.value })}
        />
      </label>
      <Button type="submit" size="sm" variant="primary" disabled={pending}>
        {pending ? 'Saving…' : submitLabel}
      </Button>
      {onCancel && (
        <Button size="sm" onClick={onCancel}>
          Cancel
        </Button>
      )}
      {problem && (
        <p id={`${id}-problem`} role="alert" className="w-full text-red-800">
          {problem}
        </p>
      )}
    </form>
  )
}
