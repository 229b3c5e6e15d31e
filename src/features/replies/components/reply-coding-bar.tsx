/** Which collection's codes apply to these replies (in the URL, `collection=`), and the coder's name. */
import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { CoderNameSetting } from '#components/coding/coder-name-setting.tsx'
import { errorMessage } from '#lib/api-client.ts'
import { useCoderName } from '#lib/coding/coder-name.ts'
import { collectionQueries } from '#lib/collections/collections-api.ts'
import { collectionPath } from '#lib/urls/collections.ts'

type Props = {
  collectionId: string | undefined
  onChoose: (collectionId: string | undefined) => void
  codesError: unknown
}

/** Folded until wanted, so reading a thread asks for no collection list. */
export function ReplyCodingBar(props: Props) {
  const [open, setOpen] = useState(!!props.collectionId)
  return (
    <details
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
      data-testid="reply-coding"
    >
      <summary className="cursor-pointer font-medium text-sky-800">
        {props.collectionId ? 'Coding replies' : 'Code these replies into a collection'}
      </summary>
      {open && <CodingChoice {...props} />}
    </details>
  )
}

function CodingChoice({ collectionId, onChoose, codesError }: Props) {
  const id = useId()
  const list = useQuery(collectionQueries.list())
  const [coder, setCoder] = useCoderName()
  const collections = list.data?.collections ?? []
  const known = !collectionId || collections.some((c) => c.id === collectionId)
  return (
    <div className="mt-2 flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id}>Code replies into</label>
        <select
          id={id}
          className="rounded border border-slate-300 px-1 py-0.5"
          value={collectionId ?? ''}
          onChange={(e) => onChoose(e.target.value || undefined)}
        >
          <option value="">(no collection: coding off)</option>
          {!known && collectionId && <option value={collectionId}>{collectionId}</option>}
          {collections.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        {collectionId && (
          <Link className="text-sky-800 underline" to={collectionPath(collectionId)}>
            its codes
          </Link>
        )}
      </div>
      {list.isError && <p role="alert">The collections could not be listed: {errorMessage(list.error)}</p>}
      {!!codesError && <p role="alert">The codes could not be loaded: {errorMessage(codesError)}</p>}
      {collectionId && <CoderNameSetting name={coder} onChange={setCoder} />}
    </div>
  )
}
