/** The collection's codebook: create, rename, recolour, describe, nest and delete codes (deleting says how many codings go). */
import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { Code, Coding } from '#contract/coding.ts'
import { Button } from '#components/ui/button.tsx'
import { CodeSwatch } from '#components/coding/code-swatch.tsx'
import { errorMessage } from '#lib/api-client.ts'
import { nextPosition, selfAndDescendants, type OrderedCode } from '#lib/coding/code-tree.ts'
import { codingQueries } from '#lib/coding/coding-api.ts'
import { useCodeChanges } from '#lib/coding/use-coding.ts'
import { CodeForm, type CodeDraft } from './code-form.tsx'

/** Tableau 10: distinct hues, each dark enough to read as a mark on white. */
const PALETTE = [
  '#4e79a7',
  '#f28e2b',
  '#e15759',
  '#76b7b2',
  '#59a14f',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#bab0ac',
]

/** The first colour no code has yet, so new codes are told apart; past ten, colours repeat in turn. */
const nextColor = (codes: readonly { color: string }[]) =>
  PALETTE.find((c) => !codes.some((code) => code.color === c)) ?? PALETTE[codes.length % PALETTE.length]

type Props = {
  collectionId: string
  codes: readonly OrderedCode<Code>[]
  codings: readonly Coding[] | undefined
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

export function CodeManager({ collectionId, codes, codings }: Props) {
  const changes = useCodeChanges(collectionId)
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState<string>()
  const [deleting, setDeleting] = useState<string>()
  const [formKey, setFormKey] = useState(0)
  const plain = codes.map((o) => o.code)
  const counts = new Map<string, number>()
  for (const c of codings ?? []) counts.set(c.codeId, (counts.get(c.codeId) ?? 0) + 1)
  const failure = changes.create.error ?? changes.update.error ?? changes.remove.error

  function create(d: CodeDraft) {
    changes.create.mutate(
      { ...d, position: nextPosition(plain, d.parentId) },
      { onSuccess: () => setFormKey((k) => k + 1) },
    )
  }

  return (
    <div className="flex flex-col gap-3">
      <CodeForm
        key={formKey}
        codes={codes}
        label="New code"
        submitLabel="Create code"
        initial={{ name: '', color: '', description: '', parentId: null }}
        defaultColor={nextColor(plain)}
        pending={changes.create.isPending}
        onSubmit={create}
      />
      {failure && (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(failure)}
        </p>
      )}
      {codes.length === 0 ? (
        <p className="text-sm text-slate-600">No codes yet.</p>
      ) : (
        <ul aria-label="Codes" className="flex flex-col gap-1">
          {codes.map(({ code, depth, shortcut }) => {
            const n = counts.get(code.id) ?? 0
            const children = plain.some((c) => c.parentId === code.id)
            return (
              <li key={code.id} style={{ marginInlineStart: `${depth * 1.5}rem` }} className="text-sm">
                {editing === code.id ? (
                  <CodeForm
                    codes={codes}
                    notParents={selfAndDescendants(plain, code.id)}
                    label={`Edit ${code.name}`}
                    submitLabel="Save code"
                    initial={{
                      name: code.name,
                      color: code.color,
                      description: code.description,
                      parentId: code.parentId,
                    }}
                    pending={changes.update.isPending}
                    onCancel={() => setEditing(undefined)}
                    onSubmit={(d) =>
                      changes.update.mutate(
                        { id: code.id, patch: d },
                        { onSuccess: () => setEditing(undefined) },
                      )
                    }
                  />
                ) : (
                  <div className="flex flex-wrap items-center gap-2">
                    <CodeSwatch color={code.color} />
                    <span className="font-medium">{code.name}</span>
                    {shortcut && <span className="text-xs text-slate-600">key {shortcut}</span>}
                    <span className="text-slate-600">{plural(n, 'coding', 'codings')}</span>
                    {code.description && <span className="text-slate-700">— {code.description}</span>}
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Edit ${code.name}`}
                      onClick={() => setEditing(code.id)}
                    >
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Delete ${code.name}`}
                      onClick={() => {
                        setDeleting(code.id)
                        // The count said must be today's: others may have coded since this page loaded.
                        void queryClient.invalidateQueries({ queryKey: codingQueries.all(collectionId) })
                      }}
                    >
                      Delete
                    </Button>
                  </div>
                )}
                {deleting === code.id && (
                  <div
                    role="alertdialog"
                    aria-label={`Delete ${code.name}?`}
                    className="mt-1 rounded border border-red-300 bg-red-50 p-2"
                  >
                    {children ? (
                      <p>Move or delete the codes under {code.name} first.</p>
                    ) : (
                      <p>
                        Delete {code.name} and its {plural(n, 'coding', 'codings')}? This cannot be undone.
                      </p>
                    )}
                    <div className="mt-1 flex gap-2">
                      {!children && (
                        <Button
                          size="sm"
                          variant="danger"
                          disabled={changes.remove.isPending}
                          onClick={() =>
                            changes.remove.mutate(code, { onSuccess: () => setDeleting(undefined) })
                          }
                        >
                          {`Delete ${code.name} and ${plural(n, 'coding', 'codings')}`}
                        </Button>
                      )}
                      <Button size="sm" onClick={() => setDeleting(undefined)}>
                        {children ? 'Close' : 'Keep it'}
                      </Button>
                    </div>
                  </div>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
