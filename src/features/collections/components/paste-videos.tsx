/** Adds a pasted list of video links or ids to the collection; what could not be read is listed with its reason. */
import { useId, useState, type FormEvent } from 'react'
import type { AddVideosResult } from '#contract/collections.ts'
import type { CollectionAdder } from '#lib/collections/use-add-to-collection.ts'
import { collectionPath } from '#lib/urls/collections.ts'
import { parseVideoList, type RejectedToken } from '#lib/paste-video-list.ts'
import { Button } from '#components/ui/button.tsx'

export function PasteVideos({ collectionId, adder }: { collectionId: string; adder: CollectionAdder }) {
  const id = useId()
  const [text, setText] = useState('')
  const [rejected, setRejected] = useState<RejectedToken[]>([])
  const [result, setResult] = useState<AddVideosResult>()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    const parsed = parseVideoList(text)
    setRejected(parsed.rejected)
    setResult(undefined)
    setError(parsed.videoIds.length === 0 ? 'No video link or id found in the pasted text.' : undefined)
    if (parsed.videoIds.length === 0) return
    setBusy(true)
    try {
      const added = await adder.add(
        { id: collectionId },
        parsed.videoIds.map((videoId) => ({ videoId })),
        {
          kind: 'paste',
          label: `Pasted list of ${parsed.videoIds.length} videos`,
          url: collectionPath(collectionId),
        },
      )
      setResult(added)
      setText('')
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The videos could not be added.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-2" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="font-semibold">
        Add pasted links or ids
      </h3>
      <label htmlFor={`${id}-t`}>Video links or ids, one per line or separated by spaces or commas</label>
      <textarea
        id={`${id}-t`}
        rows={3}
        className="rounded border border-slate-300 p-1 font-mono text-sm"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit" className="self-start" disabled={busy || text.trim() === ''}>
        {busy ? 'Adding…' : 'Add these videos'}
      </Button>
      {error && (
        <p role="alert" className="text-red-800">
          {error}
        </p>
      )}
      {result && (
        <p role="status">
          Added {result.added}
          {result.alreadyThere
            ? `; ${result.alreadyThere} ${result.alreadyThere === 1 ? 'was' : 'were'} already there`
            : ''}
          .
        </p>
      )}
      {rejected.length > 0 && (
        <ul className="list-disc pl-5 text-sm text-amber-800" aria-label="Not added">
          {rejected.slice(0, 50).map((r, i) => (
            <li key={i}>{r.reason}</li>
          ))}
        </ul>
      )}
    </form>
  )
}
