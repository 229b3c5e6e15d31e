/** "Add to collection" for any list view: one video or all shown, into an existing collection or a new one. Data comes from useAddToCollection. */
import { useId, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import type { AddVideosResult, FoundByInput, VideoMeta } from '#contract/collections.ts'
import type { CollectionAdder } from '#lib/collections/use-add-to-collection.ts'
import { collectionPath } from '#lib/urls/collections.ts'
import { Button } from './ui/button.tsx'

export type AddToCollectionProps = {
  adder: CollectionAdder
  videos: readonly VideoMeta[]
  foundBy: FoundByInput
  /** The button's text: "Add to collection" for one, "Add all 50 shown" for a list. */
  label: string
  /** Says which video or list, for a screen reader among many such buttons. */
  accessibleName?: string
  /** Whether the chooser is open: the caller asks for the collections only then. */
  open: boolean
  onOpenChange: (open: boolean) => void
}

const NEW = '__new__'

export function AddToCollection({
  adder,
  videos,
  foundBy,
  label,
  accessibleName,
  open,
  onOpenChange,
}: AddToCollectionProps) {
  const [choice, setChoice] = useState('')
  const [name, setName] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [done, setDone] = useState<{ result: AddVideosResult }>()
  const ids = useId()
  const existing = adder.collections ?? []
  const target = choice || (existing[0]?.id ?? NEW)

  async function submit(e: FormEvent) {
    e.preventDefault()
    setError(undefined)
    if (target === NEW && !name.trim()) return setError('Name the new collection.')
    setBusy(true)
    try {
      const result = await adder.add(target === NEW ? { name: name.trim() } : { id: target }, videos, foundBy)
      setDone({ result })
      onOpenChange(false)
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The videos could not be added.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="inline-flex flex-col gap-1">
      <Button
        size="sm"
        aria-expanded={open}
        aria-label={accessibleName}
        disabled={videos.length === 0}
        onClick={() => onOpenChange(!open)}
      >
        {label}
      </Button>
      {open && (
        <form
          onSubmit={submit}
          aria-label={accessibleName ?? label}
          className="flex flex-wrap items-end gap-2 rounded border border-slate-300 bg-white p-2 text-sm"
        >
          <div className="flex flex-col">
            <label htmlFor={`${ids}-c`}>Collection</label>
            <select
              id={`${ids}-c`}
              className="rounded border border-slate-300 px-1 py-0.5"
              value={target}
              onChange={(e) => setChoice(e.target.value)}
            >
              {existing.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.videoCount})
                </option>
              ))}
              <option value={NEW}>New collection…</option>
            </select>
          </div>
          {target === NEW && (
            <div className="flex flex-col">
              <label htmlFor={`${ids}-n`}>Name of the new collection</label>
              <input
                id={`${ids}-n`}
                className="rounded border border-slate-300 px-1 py-0.5"
                value={name}
                maxLength={200}
                onChange={(e) => {
                  // Typing a name keeps this choice when the list of collections arrives.
                  setChoice(NEW)
                  setName(e.target.value)
                }}
              />
            </div>
          )}
          <Button type="submit" size="sm" variant="primary" disabled={busy}>
            {busy ? 'Adding…' : `Add ${videos.length === 1 ? 'video' : `${videos.length} videos`}`}
          </Button>
          {error && (
            <p role="alert" className="w-full text-red-800">
              {error}
            </p>
          )}
        </form>
      )}
      {done && (
        <p role="status" className="text-sm text-slate-700">
          Added {done.result.added}
          {done.result.alreadyThere ? ` (${done.result.alreadyThere} already there)` : ''} to{' '}
          <Link className="text-sky-800 underline" to={collectionPath(done.result.collection.id)}>
            {done.result.collection.name}
          </Link>
          .
        </p>
      )}
    </div>
  )
}
