/** "Coding as <name>" with a Change button: the name each coding records (kept in this browser). */
import { useId, useState } from 'react'
import { Button } from '#components/ui/button.tsx'
import { coderNameProblem, CODER_NAME_MAX } from '#lib/coding/coder-name.ts'

type Props = { name: string | null; onChange: (name: string) => void }

export function CoderNameSetting({ name, onChange }: Props) {
  const id = useId()
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(name ?? '')
  const [problem, setProblem] = useState<string>()
  if (!editing && name)
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="coder-name">
        <span>
          Coding as <strong>{name}</strong>
        </span>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Change the coder name (${name})`}
          onClick={() => {
            setDraft(name)
            setEditing(true)
          }}
        >
          Change
        </Button>
      </p>
    )
  return (
    <form
      className="flex flex-wrap items-end gap-2 text-sm"
      aria-label="Coder name"
      onSubmit={(e) => {
        e.preventDefault()
        const p = coderNameProblem(draft)
        setProblem(p)
        if (p) return
        onChange(draft)
        setEditing(false)
      }}
    >
      <label htmlFor={id} className="flex flex-col">
        <span>Your name as a coder (each coding records it)</span>
        <input
          id={id}
          className="rounded border border-slate-300 px-1 py-0.5"
          value={draft}
          maxLength={CODER_NAME_MAX + 20}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => setDraft(e.target.value)}
        />
      </label>
      <Button type="submit" size="sm" variant="primary">
        Code as this name
      </Button>
      {name && (
        <Button size="sm" onClick={() => setEditing(false)}>
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
