/** Creates a collection: name, description, the caption language and mode its tracks are collected in. */
import { useId, useState, type FormEvent } from 'react'
import { CAPTION_MODES, type CaptionMode } from '#contract/enums.ts'
import type { CollectionSummary } from '#contract/collections.ts'
import { createCollection } from '#lib/collections/collections-api.ts'
import { Button } from '#components/ui/button.tsx'

const LANG_RE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/

export function CreateCollectionForm({ onCreated }: { onCreated: (c: CollectionSummary) => void }) {
  const id = useId()
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [lang, setLang] = useState('')
  const [mode, setMode] = useState<CaptionMode>('default')
  const [errors, setErrors] = useState<{ name?: string; lang?: string; form?: string }>({})
  const [busy, setBusy] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    const found: typeof errors = {}
    if (!name.trim()) found.name = 'A collection needs a name.'
    if (lang.trim() && !LANG_RE.test(lang.trim()))
      found.lang = 'Use a language code such as en, en-GB or es-419.'
    setErrors(found)
    if (found.name || found.lang) return
    setBusy(true)
    try {
      const created = await createCollection({
        name: name.trim(),
        description,
        lang: lang.trim() || null,
        mode,
      })
      setName('')
      setDescription('')
      onCreated(created)
    } catch (err) {
      setErrors({ form: err instanceof Error ? err.message : 'The collection could not be created.' })
    } finally {
      setBusy(false)
    }
  }

  const field = 'rounded border border-slate-300 px-2 py-1'
  return (
    <form
      onSubmit={submit}
      aria-labelledby={`${id}-h`}
      noValidate
      className="flex flex-col gap-2 rounded border p-3"
    >
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        New collection
      </h2>
      <label htmlFor={`${id}-name`}>Name</label>
      <input
        id={`${id}-name`}
        className={field}
        value={name}
        maxLength={200}
        aria-invalid={!!errors.name}
        aria-describedby={errors.name ? `${id}-name-e` : undefined}
        onChange={(e) => setName(e.target.value)}
      />
      {errors.name && (
        <p id={`${id}-name-e`} className="text-red-800">
          {errors.name}
        </p>
      )}
      <label htmlFor={`${id}-desc`}>Description</label>
      <textarea
        id={`${id}-desc`}
        className={field}
        value={description}
        maxLength={5000}
        onChange={(e) => setDescription(e.target.value)}
      />
      <label htmlFor={`${id}-lang`}>Caption language (empty: each video&apos;s default)</label>
      <input
        id={`${id}-lang`}
        className={field}
        value={lang}
        placeholder="en"
        aria-invalid={!!errors.lang}
        aria-describedby={errors.lang ? `${id}-lang-e` : undefined}
        onChange={(e) => setLang(e.target.value)}
      />
      {errors.lang && (
        <p id={`${id}-lang-e`} className="text-red-800">
          {errors.lang}
        </p>
      )}
      <label htmlFor={`${id}-mode`}>Caption mode</label>
      <select
        id={`${id}-mode`}
        className={field}
        value={mode}
        onChange={(e) => setMode(e.target.value as CaptionMode)}
      >
        {CAPTION_MODES.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
      {errors.form && (
        <p role="alert" className="text-red-800">
          {errors.form}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={busy} className="self-start">
        {busy ? 'Creating…' : 'Create collection'}
      </Button>
    </form>
  )
}
