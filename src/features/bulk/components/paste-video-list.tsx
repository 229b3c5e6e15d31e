import { useId, useState, type FormEvent } from 'react'
import { Button } from '#components/ui/button.tsx'
import { parseVideoList, type RejectedToken } from '#lib/paste-video-list.ts'

export type PasteVideoListProps = {
  listed: readonly string[]
  /** Room left in the list (the URL holds at most MAX_VIDEOS). */
  room: number
  disabled?: boolean
  onAdd: (videoIds: string[]) => void
}

type Feedback = { added: number; duplicates: number; overflow: number; rejected: RejectedToken[] }

/** A textarea for lists of video links or ids in any form the paste box understands; what it cannot read stays there, with the reason. */
export function PasteVideoList({ listed, room, disabled, onAdd }: PasteVideoListProps) {
  const textId = useId()
  const hintId = useId()
  const [text, setText] = useState('')
  const [feedback, setFeedback] = useState<Feedback | undefined>()

  function onSubmit(e: FormEvent) {
    e.preventDefault()
    const parsed = parseVideoList(text, listed)
    const accepted = parsed.videoIds.slice(0, Math.max(0, room))
    if (accepted.length) onAdd(accepted)
    setFeedback({
      added: accepted.length,
      duplicates: parsed.duplicates,
      overflow: parsed.videoIds.length - accepted.length,
      rejected: parsed.rejected,
    })
    // Keep only what could not be read, so it can be corrected in place.
    setText(parsed.rejected.map((r) => r.token).join('\n'))
  }

  return (
    <form onSubmit={onSubmit} aria-label="Add videos from a pasted list" className="space-y-2">
      <label htmlFor={textId} className="block font-medium">
        Paste video links or ids
      </label>
      <p id={hintId} className="text-sm text-slate-600">
        One per line, or separated by commas or spaces: watch, youtu.be, shorts, embed and comment links, or
        bare 11-character ids.
      </p>
      <textarea
        id={textId}
        aria-describedby={hintId}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={4}
        disabled={disabled}
        className="w-full rounded border border-slate-300 p-2 font-mono text-sm"
        placeholder={'https://www.youtube.com/watch?v=dQw4w9WgXcQ\nJp4cK9tRz1U'}
      />
      <Button type="submit" size="sm" disabled={disabled || !text.trim()}>
        Add to the list
      </Button>
      {feedback && (
        <div role="status" className="space-y-1 text-sm">
          <p>
            {feedback.added === 1 ? 'Added 1 video' : `Added ${feedback.added} videos`}
            {feedback.duplicates > 0 &&
              `; ${feedback.duplicates} duplicate${feedback.duplicates === 1 ? '' : 's'} merged`}
            {feedback.overflow > 0 && `; ${feedback.overflow} left out: the list is full`}.
          </p>
          {feedback.rejected.length > 0 && (
            <div className="rounded border border-amber-300 bg-amber-50 p-2 text-amber-950">
              <p className="font-medium">
                {feedback.rejected.length === 1
                  ? '1 entry is not a video:'
                  : `${feedback.rejected.length} entries are not videos:`}
              </p>
              <ul aria-label="Entries that are not videos" className="mt-1 list-disc space-y-0.5 pl-5">
                {feedback.rejected.map((r, i) => (
                  <li key={`${i}-${r.token}`}>
                    <code className="break-all">{r.token}</code> — {r.reason}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </form>
  )
}
