import { useId, useMemo, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { parsePaste } from '#contract/paste.ts'
import { OpeningPriceTag } from '#components/pricing/opening-price-tag.tsx'
import { useOpeningPrice } from '#lib/pricing/use-opening-price.ts'
import { videoPath } from '#lib/urls/videos.ts'

/** `/videos` without an id: any video link form or an 11-character id opens that video's captions. */
export function VideoPicker({ problem }: { problem?: string }) {
  const navigate = useNavigate()
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | undefined>(problem)
  const inputId = useId()
  const errorId = useId()
  const priceId = useId()
  // What opening will cost, as soon as the box holds a video.
  const videoId = useMemo(() => {
    const parsed = parsePaste(value)
    return parsed.ok && parsed.target.kind === 'video' ? parsed.target.videoId : undefined
  }, [value])
  const price = useOpeningPrice(videoId ? { kind: 'video', videoId } : undefined)

  function onSubmit(e: FormEvent) {
    e.preventDefault()
    const result = parsePaste(value)
    if (!result.ok) return setError(result.reason)
    if (result.target.kind !== 'video') {
      return setError(
        `That is a ${result.target.kind} link, not a video. Paste a video link (watch?v=, youtu.be/, shorts/, embed/) or an 11-character video id.`,
      )
    }
    void navigate(videoPath(result.target.videoId, { t: result.target.t }))
  }

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Captions</h1>
      <p className="max-w-3xl text-slate-700">
        Read a video's captions in step with playback, search them, cite a moment, and download them in any of
        11 formats and every language.
      </p>
      <form
        onSubmit={onSubmit}
        noValidate
        className="max-w-3xl rounded-lg border border-slate-200 bg-white p-5"
      >
        <label htmlFor={inputId} className="block font-semibold">
          Video link or id
        </label>
        <div className="mt-2 flex gap-2">
          <input
            id={inputId}
            value={value}
            onChange={(e) => {
              setValue(e.target.value)
              setError(undefined)
            }}
            placeholder="https://youtu.be/dQw4w9WgXcQ or dQw4w9WgXcQ"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="min-w-0 flex-1 rounded border border-slate-300 px-3 py-2 font-mono text-sm"
            autoComplete="off"
            spellCheck={false}
          />
          <button
            type="submit"
            aria-describedby={videoId ? priceId : undefined}
            className="rounded bg-sky-700 px-4 py-2 font-medium text-white hover:bg-sky-800"
          >
            Open captions
            {videoId && <OpeningPriceTag {...price} descriptionId={priceId} />}
          </button>
        </div>
        {error && (
          <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        )}
      </form>
    </div>
  )
}
