/** The codes as a checklist in tree order, each with its number (1–9 apply it by keyboard where a view allows). */
import { useId } from 'react'
import type { OrderedCode } from '#lib/coding/code-tree.ts'
import { CodeSwatch } from './code-swatch.tsx'

export type PickableCode = {
  id: string
  parentId: string | null
  name: string
  position: number
  color: string
}

type Props = {
  codes: readonly OrderedCode<PickableCode>[]
  checked: ReadonlySet<string>
  onToggle: (codeId: string) => void
  legend: string
  /** Show the numbers 1–9 as the codes' keyboard shortcuts. */
  numbered?: boolean
}

export function CodePicker({ codes, checked, onToggle, legend, numbered = false }: Props) {
  const id = useId()
  return (
    <fieldset className="min-w-0" aria-describedby={codes.length === 0 ? `${id}-none` : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      {codes.length === 0 && (
        <p id={`${id}-none`} className="text-sm text-slate-600">
          This collection has no codes yet: create them in the collection&apos;s Codes section.
        </p>
      )}
      <ul className="mt-1 flex flex-col gap-0.5">
        {codes.map(({ code, depth, shortcut }) => (
          <li key={code.id} style={{ paddingInlineStart: `${depth * 1.25}rem` }}>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={checked.has(code.id)}
                onChange={() => onToggle(code.id)}
                aria-keyshortcuts={numbered && shortcut ? String(shortcut) : undefined}
              />
              {numbered && (
                <kbd className="w-4 text-center font-mono text-xs text-slate-600">{shortcut ?? ''}</kbd>
              )}
              <CodeSwatch color={code.color} />
              <span className="truncate">{code.name}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  )
}
