/** /collections: every collection (shared by everyone who signs in) and a form to start one. */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from 'react-router'
import { formatUsd } from '#contract/prices.ts'
import { collectionQueries } from '#lib/collections/collections-api.ts'
import { collectionPath } from '#lib/urls/collections.ts'
import { CreateCollectionForm } from './components/create-collection-form.tsx'
import { QueryError } from './components/query-error.tsx'

export function CollectionsView() {
  const list = useQuery(collectionQueries.list())
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return (
    <div className="flex flex-col gap-4 p-4">
      <h1 className="text-2xl font-semibold">Collections</h1>
      <QueryError title="The collections could not be loaded" query={list} />
      {list.isPending && <p role="status">Loading collections…</p>}
      {list.data && list.data.collections.length === 0 && (
        <p>No collections yet: create one below, or add videos from any list.</p>
      )}
      {list.data && list.data.collections.length > 0 && (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Collections, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Videos</th>
              <th scope="col">Tracks collected / wanted</th>
              <th scope="col">Cost so far</th>
            </tr>
          </thead>
          <tbody>
            {list.data.collections.map((c) => (
              <tr key={c.id} className="border-t">
                <td>
                  <Link className="text-sky-800 underline" to={collectionPath(c.id)}>
                    {c.name}
                  </Link>
                  {c.description && <p className="text-slate-600">{c.description}</p>}
                </td>
                <td>{c.videoCount}</td>
                <td>
                  {c.tracks.collected} / {c.videoCount}
                </td>
                <td>{formatUsd(c.costUsd)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <CreateCollectionForm
        onCreated={(c) => {
          void queryClient.invalidateQueries({ queryKey: collectionQueries.all() })
          void navigate(collectionPath(c.id))
        }}
      />
    </div>
  )
}
