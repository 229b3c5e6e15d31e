import { useId, useMemo, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { parsePaste } from '#contract/paste.ts'
import { DoorPrice } from '#components/ui/door-price.tsx'
import { doorOfPaste } from '#lib/opening-requests.ts'
import { useOpeningPrice } from '#lib/use-opening-price.ts'

/** One box for anything a researcher has copied: routes it to its view, or says why it can't. */
export function PasteBox() {
  const navigate = useNavigate()
  const [value, setValue] = useState('')
  const [error, setError] = useState<string>()
  const inputId = useId()
  const errorId = useId()
  const priceId = useId()
  // What Open will cost, as soon as the box holds something it can open (a location opens the free search form).
  const door = useMemo(() => {
    const parsed = parsePaste(value)
    return parsed.ok ? doorOfPaste(parsed.target) : undefined
  }, [value])
  const price = useOpeningPrice(door)

  function onSubmit(e: FormEvent) {
    e.preventDefault()
    const result = parsePaste(value)
    if (!result.ok) {
      setError(result.reason)
      return
    }
    setError(undefined)
    // The builders load on submit, not with the home page (they are a view's, not the front door's).
    import('#lib/paths/paste.ts').then(
      ({ pasteTargetUrl }) => void navigate(pasteTargetUrl(result.target)),
      () => setError('The dashboard could not load the page for this link. Check your connection and retry.'),
    )
  }

  return (
    <form
      onSubmit={onSubmit}
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
      noValidate
    >
      <label htmlFor={inputId} className="block text-base font-semibold">
        Paste anything
      </label>
      <p className="mt-1 text-sm text-slate-600">
        A video link or id, a channel link, UC… id or @handle, a comment link (with <code>lc=</code>) or reply
        id, or coordinates.
      </p>
      <div className="mt-3 flex gap-2">
        <input
          id={inputId}
          value={value}
          onChange={(e) => {
            setValue(e.target.value)
            setError(undefined)
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          placeholder="https://www.youtube.com/watch?v=…"
          className="min-w-0 flex-1 rounded border border-slate-300 px-3 py-2 font-mono text-sm"
          autoComplete="off"
          spellCheck={false}
        />
        <button
          type="submit"
          aria-describedby={door ? priceId : undefined}
          className="rounded bg-sky-700 px-4 py-2 font-medium text-white hover:bg-sky-800"
        >
          Open
          {door && <DoorPrice {...price} descriptionId={priceId} />}
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  )
}
