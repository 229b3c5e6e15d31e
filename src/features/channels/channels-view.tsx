import type { HlCode } from '#contract/index.ts'
import type { ChannelRoute } from '#lib/urls/channels.ts'
import { ChannelLookupForm } from './components/channel-lookup-form.tsx'
import { HlSelect } from './components/hl-select.tsx'
import { ChannelPage } from './components/channel-page.tsx'
import { ComparisonPage } from './components/comparison-page.tsx'

export type ChannelsViewProps = { route: ChannelRoute; onHlChange: (hl: HlCode | undefined) => void }

/** /channels, /channels/UC…, /channels/@handle, /channels/user/<name>, /channels?ids=…: one view, chosen by the URL. */
export function ChannelsView({ route, onHlChange }: ChannelsViewProps) {
  const { view, hl, problems } = route
  const viewKey = JSON.stringify(view)
  return (
    <div className="space-y-5">
      {problems.length > 0 && (
        <div role="status" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {problems.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      )}

      {view.kind === 'lookup' && (
        <>
          <header className="space-y-1">
            <h1 className="text-2xl font-semibold tracking-tight">Channels</h1>
            <p className="max-w-3xl text-slate-700">
              Open a channel by its URL, id, handle or legacy username, or compare several channels side by
              side.
            </p>
          </header>
          <ChannelLookupForm hl={hl} />
          <HlSelect value={hl} onChange={onHlChange} />
        </>
      )}

      {view.kind === 'invalid' && (
        <>
          <section
            role="alert"
            aria-labelledby="invalid-heading"
            className="rounded-lg border border-red-300 bg-red-50 p-5 text-red-900"
          >
            <h1 id="invalid-heading" className="text-2xl font-semibold">
              This address names no channel
            </h1>
            <p className="mt-2">{view.reason}</p>
          </section>
          <ChannelLookupForm key={viewKey} initialValue={view.input} hl={hl} />
        </>
      )}

      {(view.kind === 'one' || view.kind === 'compare') && (
        <>
          <div className="grid gap-4 lg:grid-cols-[1fr_auto] lg:items-start">
            <ChannelLookupForm key={viewKey} hl={hl} headingLevel="p" />
            <HlSelect value={hl} onChange={onHlChange} />
          </div>
          {view.kind === 'one' ? (
            <ChannelPage key={viewKey} channelRef={view.ref} hl={hl} />
          ) : (
            <ComparisonPage ids={view.ids} hl={hl} />
          )}
        </>
      )}
    </div>
  )
}
