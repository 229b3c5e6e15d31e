import { lazy, Suspense, useEffect, useId, useMemo, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import type { parsePaste } from '#contract/paste.ts'
import { OpeningPriceTag } from '#components/pricing/opening-price-tag.tsx'
import { openingOfPaste } from '#lib/pricing/opening-requests.ts'
import { useOpeningPrice } from '#lib/pricing/use-opening-price.ts'

// Shown once a video is pasted: its code and the collections' schemas (~40 KB gzip) load then, not with the home page.
const AddToCollectionButton = lazy(() =>
  import('#lib/collections/add-to-collection-button.tsx').then((m) => ({ default: m.AddToCollectionButton })),
)

type PasteModule = { parsePaste: typeof parsePaste }
let pasteModule: Promise<PasteModule> | undefined
// The parser loads as the page mounts, not with it: the home page's first load stays lean (docs/decisions/0180).
const loadPaste = () => (pasteModule ??= import('#contract/paste.ts'))

/** The paste parser once it has loaded (a moment after the box appears); undefined before. */
function usePasteParser(): PasteModule['parsePaste'] | undefined {
  const [parse, setParse] = useState<PasteModule['parsePaste']>()
  useEffect(() => {
    let live = true
    // A failed load is said on submit, where the parser is asked for again.
    loadPaste().then(
      (m) => live && setParse(() => m.parsePaste),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [])
  return parse
}

/** One box for anything a researcher has copied: routes it to its view, or says why it can't. */
export function PasteBox() {
  const navigate = useNavigate()
  const [value, setValue] = useState('')
  const [error, setError] = useState<string>()
  const inputId = useId()
  const errorId = useId()
  const priceId = useId()
  // What Open will cost, as soon as the box holds something it can open (a location opens the free search form).
  const parse = usePasteParser()
  const pasted = useMemo(() => parse?.(value), [parse, value])
  const opening = useMemo(() => (pasted?.ok ? openingOfPaste(pasted.target) : undefined), [pasted])
  const price = useOpeningPrice(opening)
  const pastedVideoId = pasted?.ok && pasted.target.kind === 'video' ? pasted.target.videoId : undefined

  function onSubmit(e: FormEvent) {
    e.preventDefault()
    // The builders load on submit, not with the home page (they are a view's, not the home page's).
    Promise.all([loadPaste(), import('#lib/urls/paste.ts')]).then(
      ([{ parsePaste: parseNow }, { pasteTargetUrl }]) => {
        const result = parseNow(value)
        if (!result.ok) return setError(result.reason)
        setError(undefined)
        void navigate(pasteTargetUrl(result.target))
      },
      () => setError('The dashboard could not load the page for this link. Check your connection and retry.'),
    )
  }

  return (
    <>
      <form
        onSubmit={onSubmit}
        className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
        noValidate
      >
        <label htmlFor={inputId} className="block text-base font-semibold">
          Paste anything
        </label>
        <p className="mt-1 text-sm text-slate-600">
          A video link or id, a channel link, UC… id or @handle, a comment link (with <code>lc=</code>) or
          reply id, or coordinates.
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
            aria-describedby={opening ? priceId : undefined}
            className="rounded bg-sky-700 px-4 py-2 font-medium text-white hover:bg-sky-800"
          >
            Open
            {opening && <OpeningPriceTag {...price} descriptionId={priceId} />}
          </button>
        </div>
        {error && (
          <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        )}
      </form>
      {/* A pasted video can go straight into a collection (outside the form: forms do not nest). */}
      {pastedVideoId && (
        <Suspense fallback={null}>
          <AddToCollectionButton
            videos={[{ videoId: pastedVideoId }]}
            foundBy={{ kind: 'paste', label: 'Pasted on the home page', url: '/' }}
            label="Add this video to a collection"
          />
        </Suspense>
      )}
    </>
  )
}
